import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../domain/accounts/accounts.ts";
import { emailField, localeField } from "../../schemas.ts";

const previousUrl = z.string().max(2000).optional().describe("The page the visitor came from; returned when it is a same-site path");

export const loginBody = z.object(
  {
    credentials: z.object(
      {
        email: emailField,
        password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH, `Password is too long (at most ${PASSWORD_MAX_LENGTH} characters)`),
      },
      { error: "Send credentials with email and password" },
    ),
    previousUrl,
  },
  { error: "Send a JSON body with credentials" },
);

export const registerBody = z.object(
  {
    email: emailField,
    password: z
      .string({ error: "Password is required" })
      .min(PASSWORD_MIN_LENGTH, `Password must have at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password is too long (at most ${PASSWORD_MAX_LENGTH} characters)`),
    locale: localeField.optional().describe("Language of the account; default: the language cookie, else de"),
    previousUrl,
  },
  { error: "Send a JSON body with email and password" },
);

/** The login result: the account, whether this call created it, and where to go next. */
export const loginResultSchema = z.object({
  user: z.object({ uuid: z.uuid(), locale: localeField.describe("The account's language") }),
  wasRegistered: z.boolean().describe("true when this call created the account"),
  previousUrl: z.string().nullable(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

const customerSchema = z.object({ uuid: z.uuid(), email: z.string(), locale: localeField, createdAt: z.string() });
export type Customer = z.infer<typeof customerSchema>;

/** The body may be left out: then no cart. */
export const userMetaBody = z.object({ withCart: z.boolean().default(false) }).nullish();
/** Logged-in status is decided from this: user is null for visitors. */
export const userMetaSchema = z.object({
  user: customerSchema.nullable(),
  cart: z.object({ itemCount: z.number().int() }).describe("The buy cart's size, for the header"),
  greenCart: z.object({ items: z.array(z.object({ id: z.string() })) }).nullable().describe("The sell cart when withCart is set"),
});
export type UserMeta = z.infer<typeof userMetaSchema>;

export const updateLocaleBody = z.object({ locale: localeField }, { error: "Send a JSON body with the locale" });
