import { z } from "zod";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { emailField as addressField, localeField, textParam } from "../../schemas.ts";

const emailField = addressField.describe("Address to subscribe; compared case-insensitively");

export const SUBSCRIPTION_TYPES = ["general", "buy", "sell"] as const;

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
    locale: localeField
      .optional()
      .describe("Language of the confirmation mail; default: the language cookie, else de"),
  },
  { error: "Send a JSON body with at least an email" },
);
export type SubscribeInput = z.infer<typeof subscribeBody>;
export type NewsletterSubscribeBody = z.input<typeof subscribeBody>;
export const newsletterSubscribeErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 500: ["INTERNAL_ERROR"] });
export type NewsletterSubscribeError = OperationError<typeof newsletterSubscribeErrors>;

export const subscribeResultSchema = z.object({
  status: z.enum(["pending", "active"]).describe("pending: a confirmation mail is on its way; active: already subscribed"),
});
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;

export const confirmBody = z.object(
  {
    token: textParam("Token").describe("The token from the confirmation link"),
  },
  { error: "Send a JSON body with the token" },
);

export type NewsletterConfirmBody = z.input<typeof confirmBody>;
export const newsletterConfirmErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["NEWSLETTER_TOKEN_INVALID"], 500: ["INTERNAL_ERROR"] });
export type NewsletterConfirmError = OperationError<typeof newsletterConfirmErrors>;

export const confirmResultSchema = z.object({ status: z.literal("active"), email: z.string() });
export type ConfirmResult = z.infer<typeof confirmResultSchema>;

export const preferenceSchema = z.object({
  status: z.enum(["none", "pending", "active"]).describe("none: not subscribed; pending: the confirmation mail is on its way; active: subscribed"),
});
export type NewsletterPreference = z.infer<typeof preferenceSchema>;
export const newsletterPreferenceErrors = operationErrors({ 401: ["NOT_AUTHENTICATED"] });
export type NewsletterPreferenceError = OperationError<typeof newsletterPreferenceErrors>;

export const preferenceBody = z.object({ subscribed: z.boolean({ error: "subscribed must be true or false" }) }, { error: "Send a JSON body with subscribed" });
export type NewsletterPreferenceBody = z.input<typeof preferenceBody>;
export const newsletterPreferenceUpdateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"] });
export type NewsletterPreferenceUpdateError = OperationError<typeof newsletterPreferenceUpdateErrors>;
