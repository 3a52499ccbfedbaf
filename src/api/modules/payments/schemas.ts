import { z } from "zod";
import { ORDER_STATUSES } from "../../../domain/checkout/orders.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { SANDBOX_RESULTS } from "./providers.ts";

export const paymentUuidParams = z.object({ paymentUuid: z.uuid("Payment id must be a UUID") });
/** The payment's provider may have gone (INVALID_PAYMENT_METHOD) or not answer (PAYMENT_PROVIDER_UNAVAILABLE). */
export const paymentStartErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["PAYMENT_NOT_FOUND"], 409: ["INVALID_PAYMENT_METHOD"], 502: ["PAYMENT_PROVIDER_UNAVAILABLE"] });

export const sandboxVerdictBody = z.object(
  {
    paymentUuid: z.uuid("paymentUuid must be a UUID"),
    result: z.enum(SANDBOX_RESULTS as [string, ...string[]], { error: "result must be approved, declined or abandoned" }),
    signature: z.string().min(1).max(200),
  },
  { error: "Send a JSON body with paymentUuid, result and signature" },
);

export type SandboxVerdictBody = z.input<typeof sandboxVerdictBody>;
/** The sandbox's verdict, by notification or with the returning customer. */
export const sandboxVerdictErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PAYMENT_SIGNATURE_INVALID"], 404: ["PAYMENT_NOT_FOUND"] });
export type SandboxVerdictError = OperationError<typeof sandboxVerdictErrors>;

/** "pending": the provider has not decided yet (Stripe's word comes later, by webhook). */
export const PAYMENT_RESULTS = [...SANDBOX_RESULTS, "pending"] as const;

export const paymentReturnSchema = z.object({
  orderUuid: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  result: z.enum(PAYMENT_RESULTS),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

export const stripeSessionBody = z.object(
  { sessionId: z.string().regex(/^cs_(test|live)_[A-Za-z0-9]{1,240}$/, "sessionId must be a Stripe Checkout Session id (cs_…)") },
  { error: "Send a JSON body with sessionId" },
);

export type StripeSessionBody = z.input<typeof stripeSessionBody>;

export const stripeAbandonBody = z.object({ paymentUuid: z.uuid("paymentUuid must be a UUID") }, { error: "Send a JSON body with paymentUuid" });
export type StripeAbandonBody = z.input<typeof stripeAbandonBody>;
/** The customer back from Stripe, or giving up on it: Stripe is asked. */
export const stripeReturnErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  404: ["PAYMENT_NOT_FOUND", "PAYMENT_PROVIDER_NOT_CONFIGURED"],
  502: ["PAYMENT_PROVIDER_UNAVAILABLE"],
});
export type StripeReturnError = OperationError<typeof stripeReturnErrors>;

export const stripeWebhookHeaders = z.object({ "stripe-signature": z.string().max(4000).optional().describe("Stripe's signature of the raw body") });

/** The envelope of a Stripe event; its content counts only once the SDK has checked the signature. */
export const stripeEventBody = z.looseObject(
  { id: z.string().min(1).max(255), type: z.string().min(1).max(255), data: z.looseObject({ object: z.looseObject({}) }) },
  { error: "Send a Stripe event as JSON" },
);

export const stripeWebhookAnswer = z.object({ received: z.literal(true) });
export const stripeWebhookErrors = operationErrors({ 400: ["VALIDATION_FAILED", "INVALID_JSON", "PAYMENT_SIGNATURE_INVALID"], 404: ["PAYMENT_PROVIDER_NOT_CONFIGURED"] });
