import { z } from "zod";
import { ORDER_STATUSES } from "../../../domain/checkout/orders.ts";
import { SANDBOX_RESULTS } from "./providers.ts";

export const paymentUuidParams = z.object({ paymentUuid: z.uuid("Payment id must be a UUID") });

export const sandboxVerdictBody = z.object(
  {
    paymentUuid: z.uuid("paymentUuid must be a UUID"),
    result: z.enum(SANDBOX_RESULTS as [string, ...string[]], { error: "result must be approved, declined or abandoned" }),
    signature: z.string().min(1).max(200),
  },
  { error: "Send a JSON body with paymentUuid, result and signature" },
);

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

export const stripeAbandonBody = z.object({ paymentUuid: z.uuid("paymentUuid must be a UUID") }, { error: "Send a JSON body with paymentUuid" });

export const stripeWebhookHeaders = z.object({ "stripe-signature": z.string().max(4000).optional().describe("Stripe's signature of the raw body") });

/** The envelope of a Stripe event; its content counts only once the SDK has checked the signature. */
export const stripeEventBody = z.looseObject(
  { id: z.string().min(1).max(255), type: z.string().min(1).max(255), data: z.looseObject({ object: z.looseObject({}) }) },
  { error: "Send a Stripe event as JSON" },
);

export const stripeWebhookAnswer = z.object({ received: z.literal(true) });
