import { z } from "zod";
import { LOCALES } from "../../../domain/i18n/locales.ts";

export const SUBSCRIPTION_TYPES = ["general", "buy", "sell"] as const;

/** Trimmed first, then checked as an address, so " a@b.de " from a form is accepted. */
const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? "E-mail address is required" : "E-mail address must be text") })
  .trim()
  .max(254, "E-mail address is too long (at most 254 characters)")
  .check(z.email({ error: "Enter a valid e-mail address, like name@example.com" }))
  .describe("Address to subscribe; compared case-insensitively");

export const subscribeBody = z.object(
  {
    email: emailField,
    source: z
      .string()
      .trim()
      .min(1, "Source must not be empty")
      .max(50, "Source is too long (at most 50 characters)")
      .regex(/^[\w.-]+$/, "Source may contain only letters, digits, '.', '-' and '_'")
      .default("footer")
      .describe("Where the form sits, e.g. footer or checkout"),
    subscriptionType: z
      .enum(SUBSCRIPTION_TYPES, { error: `Subscription type must be one of ${SUBSCRIPTION_TYPES.join(", ")}` })
      .default("general"),
    locale: z
      .enum(LOCALES, { error: `Locale must be one of ${LOCALES.join(", ")}` })
      .optional()
      .describe("Language of the confirmation mail; default: the language cookie, else de"),
  },
  { error: "Send a JSON body with at least an email" },
);
export type SubscribeInput = z.infer<typeof subscribeBody>;

export const subscribeResultSchema = z.object({
  status: z.enum(["pending", "active"]).describe("pending: a confirmation mail is on its way; active: already subscribed"),
});
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;

export const confirmBody = z.object(
  {
    token: z
      .string({ error: "Token is required" })
      .trim()
      .min(1, "Token is required")
      .max(200, "Token is too long")
      .describe("The token from the confirmation link"),
  },
  { error: "Send a JSON body with the token" },
);

export const confirmResultSchema = z.object({ status: z.literal("active"), email: z.string() });
export type ConfirmResult = z.infer<typeof confirmResultSchema>;
