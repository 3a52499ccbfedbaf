import { z } from "zod";
import { ADDRESS_BOOK_LIMIT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../domain/accounts/accounts.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { addressInput, addressSchema, emailField, localeField, textParam } from "../../schemas.ts";

const previousUrl = z.string().max(2000).optional().describe("The page the visitor came from; returned when it is a same-site path");

/** A password being chosen: at least PASSWORD_MIN_LENGTH characters. */
function newPasswordField(label: string) {
  return z
    .string({ error: `${label} is required` })
    .min(PASSWORD_MIN_LENGTH, `${label} must have at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${label} is too long (at most ${PASSWORD_MAX_LENGTH} characters)`);
}
/** A password being checked: anything not empty. */
function passwordField(label: string) {
  return z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX_LENGTH, `${label} is too long (at most ${PASSWORD_MAX_LENGTH} characters)`);
}
const tokenField = textParam("Token").describe("The token from the mailed link's ?token= parameter");

export const loginBody = z.object(
  {
    credentials: z.object({ email: emailField, password: passwordField("Password") }, { error: "Send credentials with email and password" }),
    previousUrl,
  },
  { error: "Send a JSON body with credentials" },
);

export type LoginBody = z.input<typeof loginBody>;
export const loginErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["INVALID_CREDENTIALS"], 429: ["LOGIN_TEMPORARILY_LOCKED"] });
export type LoginError = OperationError<typeof loginErrors>;

export const registerBody = z.object(
  {
    email: emailField,
    password: newPasswordField("Password"),
    locale: localeField.optional().describe("Language of the account and its mails; default: the language cookie, else de"),
  },
  { error: "Send a JSON body with email and password" },
);

export type RegisterBody = z.input<typeof registerBody>;
export const registerErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type RegisterError = OperationError<typeof registerErrors>;

/** The same answer whether or not the address had an account, so the form tells nobody which addresses have one. */
export const registrationResultSchema = z.object({
  status: z.literal("verification-sent").describe("A mail is on its way: a confirmation link for a new account, a notice for an address that has one"),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** The login result: the account, whether this call created it, and where to go next. */
export const loginResultSchema = z.object({
  user: z.object({ uuid: z.uuid(), locale: localeField.describe("The account's language") }),
  wasRegistered: z.boolean().describe("Always false: registration no longer signs in (kept for the clients that read it)"),
  previousUrl: z.string().nullable(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

const customerSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  locale: localeField,
  createdAt: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailVerified: z.boolean().describe("false until the owner followed a mailed link (registration, reset or e-mail change); login works either way"),
  emailDeliverable: z.boolean().describe("false once a mail to the address bounced for good; every API answer then carries X-Email-Delivery-Impossible: 1"),
  staff: z.boolean().describe("true for staff accounts, which may use the operations API"),
});
export type Customer = z.infer<typeof customerSchema>;

/** The body may be left out: then no cart. */
export const userMetaBody = z.object({ withCart: z.boolean().default(false) }).nullish();
export type UserMetaBody = z.input<typeof userMetaBody>;
export const userMetaErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type UserMetaError = OperationError<typeof userMetaErrors>;
/** Logged-in status is decided from this: user is null for visitors. */
export const userMetaSchema = z.object({
  user: customerSchema.nullable(),
  cart: z.object({ itemCount: z.number().int() }).describe("The buy cart's size, for the header"),
  greenCart: z.object({ items: z.array(z.object({ id: z.string() })) }).nullable().describe("The sell cart when withCart is set"),
  numberOfBuyAlerts: z.number().int().nullable().describe("Buy alerts still waiting; null for visitors"),
  numberOfWishlistItems: z.number().int().nullable().describe("Products on the wishlist; null for visitors"),
});
export type UserMeta = z.infer<typeof userMetaSchema>;

export const updateLocaleBody = z.object({ locale: localeField }, { error: "Send a JSON body with the locale" });
export type UpdateLocaleBody = z.input<typeof updateLocaleBody>;
/** A change to the logged-in customer's account that only its input can fail (locale, profile). */
export const customerUpdateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"] });
export type CustomerUpdateError = OperationError<typeof customerUpdateErrors>;

const nameField = (label: string) => textParam(label, 100).nullable().optional().describe(`${label}; null or absent clears it`);
export const profileBody = z.object({ firstName: nameField("First name"), lastName: nameField("Last name") }, { error: "Send a JSON body with firstName and lastName" });
export type ProfileBody = z.input<typeof profileBody>;
export const profileSchema = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() });
export type Profile = z.infer<typeof profileSchema>;

/** Whoever a mailed link signed in. */
const signedInUser = z.object({ uuid: z.uuid(), email: z.string(), locale: localeField });

export const passwordResetRequestBody = z.object(
  { email: emailField.describe("The account's address; the answer is the same whether or not it has one") },
  { error: "Send a JSON body with email" },
);
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBody>;
export const passwordResetRequestErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type PasswordResetRequestError = OperationError<typeof passwordResetRequestErrors>;
export const mailRequestedSchema = z.object({
  status: z.literal("mail-requested").describe("A mail goes out if the address has an account and has not asked too often (3 an hour)"),
});

export const passwordResetBody = z.object({ token: tokenField, password: newPasswordField("Password") }, { error: "Send a JSON body with token and password" });
export type PasswordResetBody = z.input<typeof passwordResetBody>;
export const passwordResetErrors = operationErrors({ 400: ["VALIDATION_FAILED", "RESET_TOKEN_INVALID"] });
export type PasswordResetError = OperationError<typeof passwordResetErrors>;
export const passwordResetResultSchema = z.object({ status: z.literal("password-reset"), user: signedInUser });
export type PasswordResetResult = z.infer<typeof passwordResetResultSchema>;

export const emailVerificationBody = z.object({ token: tokenField }, { error: "Send a JSON body with the token" });
export type EmailVerificationBody = z.input<typeof emailVerificationBody>;
export const emailVerificationErrors = operationErrors({ 400: ["VALIDATION_FAILED", "VERIFICATION_TOKEN_INVALID"], 409: ["EMAIL_ALREADY_REGISTERED"] });
export type EmailVerificationError = OperationError<typeof emailVerificationErrors>;
export const emailVerificationResultSchema = z.object({
  status: z.enum(["email-verified", "email-changed"]).describe("email-verified: the address of a new account is proven; email-changed: the account moved to the new address"),
  user: signedInUser,
});
export type EmailVerificationResult = z.infer<typeof emailVerificationResultSchema>;

export const verificationSentSchema = z.object({ status: z.literal("verification-sent"), email: z.string().describe("Where the link went") });
export type VerificationSent = z.infer<typeof verificationSentSchema>;
export const emailVerificationRequestErrors = operationErrors({ 401: ["NOT_AUTHENTICATED"], 409: ["EMAIL_ALREADY_VERIFIED"], 429: ["MAIL_LIMIT_REACHED"] });
export type EmailVerificationRequestError = OperationError<typeof emailVerificationRequestErrors>;

export const changeEmailBody = z.object(
  { email: emailField.describe("The new address; the change happens when its link is followed"), password: passwordField("Password").describe("The current password") },
  { error: "Send a JSON body with email and password" },
);

export type ChangeEmailBody = z.input<typeof changeEmailBody>;
export const changeEmailErrors = operationErrors({
  400: ["VALIDATION_FAILED", "EMAIL_UNCHANGED", "PASSWORD_INCORRECT"],
  401: ["NOT_AUTHENTICATED"],
  429: ["LOGIN_TEMPORARILY_LOCKED", "MAIL_LIMIT_REACHED"],
});
export type ChangeEmailError = OperationError<typeof changeEmailErrors>;

export const changePasswordBody = z.object(
  { currentPassword: passwordField("Current password"), newPassword: newPasswordField("New password") },
  { error: "Send a JSON body with currentPassword and newPassword" },
);

export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export const changePasswordErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PASSWORD_INCORRECT"], 401: ["NOT_AUTHENTICATED"], 429: ["LOGIN_TEMPORARILY_LOCKED"] });
export type ChangePasswordError = OperationError<typeof changePasswordErrors>;

export const bounceBody = z.object(
  {
    email: emailField,
    type: z.enum(["permanent", "transient"], { error: "Type must be permanent or transient" }).describe("permanent marks the address undeliverable; transient is ignored"),
  },
  { error: "Send a JSON body with email and type" },
);
export const bounceHeaders = z.object({ "x-mail-bounce-secret": z.string().max(500).optional().describe("MAIL_BOUNCE_SECRET") });
export const mailBounceErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 403: ["BOUNCE_SECRET_INVALID"], 404: ["ROUTE_NOT_FOUND"] });

export const addressBookEntrySchema = z.object({
  uuid: z.uuid(),
  address: addressSchema,
  defaultBilling: z.boolean(),
  defaultDelivery: z.boolean(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;
export const addressBookSchema = z.object({
  addresses: z.array(addressBookEntrySchema).describe(`Newest first; at most ${ADDRESS_BOOK_LIMIT}`),
});
export type AddressBook = z.infer<typeof addressBookSchema>;
export const addressListErrors = operationErrors({ 401: ["NOT_AUTHENTICATED"] });
export type AddressListError = OperationError<typeof addressListErrors>;

export const addressBookEntryBody = z.object(
  {
    address: addressInput,
    defaultBilling: z.boolean().optional().describe("true makes it the default billing address; false stops it being one; absent: unchanged"),
    defaultDelivery: z.boolean().optional().describe("Likewise for delivery"),
  },
  { error: "Send a JSON body with address" },
);
export type AddressBookEntryInput = z.infer<typeof addressBookEntryBody>;
export type AddressBookEntryBody = z.input<typeof addressBookEntryBody>;
export const addressCreateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 409: ["ADDRESS_BOOK_FULL"] });
export type AddressCreateError = OperationError<typeof addressCreateErrors>;
/** An address of the customer's own book: another customer's is ADDRESS_NOT_FOUND too (update, delete, defaults). */
export const addressChangeErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 404: ["ADDRESS_NOT_FOUND"] });
export type AddressChangeError = OperationError<typeof addressChangeErrors>;

export const addressDefaultsBody = z.object(
  {
    billing: z.uuid("billing must be an address id").nullable().optional().describe("The default billing address; null: none; absent: unchanged"),
    delivery: z.uuid("delivery must be an address id").nullable().optional().describe("The default delivery address; null: none; absent: unchanged"),
  },
  { error: "Send a JSON body with billing or delivery" },
);
export type AddressDefaults = z.infer<typeof addressDefaultsBody>;
export type AddressDefaultsBody = z.input<typeof addressDefaultsBody>;

export const addressUuidParams = z.object({ uuid: z.uuid("Address id must be a UUID") });
