import { z } from "zod";
import { PAYMENT_METHODS } from "../../../domain/checkout/cart-rules.ts";
import { ORDER_STATUSES, REFUND_STATUSES } from "../../../domain/checkout/orders.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, multilineText } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const cents = z.number().int().min(1).max(100_000_000);
/** Typed by staff; a control character (a NUL PostgreSQL refuses) is refused at the field. */
const reason = multilineText("Reason", 500);

export const refundBody = z.strictObject(
  {
    amount: cents.optional().describe("In cents; without it the items' amounts, or without those all that is left to refund"),
    items: z
      .array(z.strictObject({ orderItemUuid: z.uuid(), amount: cents.optional().describe("In cents; the item's price less its discount when left out") }))
      .min(1)
      .max(100)
      .optional()
      .describe("The order's items refunded, for a refund per item"),
    reason,
  },
  { error: "Send a JSON body with a reason, and an amount or items for a partial refund" },
);
export type RefundInput = z.infer<typeof refundBody>;

export const cancelBody = z.strictObject({ reason }, { error: "Send a JSON body with the reason" });
export const customerCancelBody = z.strictObject({ reason: z.string().trim().pipe(z.union([z.literal(""), multilineText("Reason", 500)])).optional() }, { error: "Send a JSON body (the reason is optional)" });

export const refundSchema = z
  .object({
    uuid: z.uuid(),
    orderUuid: z.uuid(),
    amount: moneySchema,
    reason: z.string(),
    items: z.array(z.object({ orderItemUuid: z.uuid(), amount: moneySchema })).nullable(),
    provider: z.enum(PAYMENT_METHODS),
    providerRef: z.string().nullable().describe("The provider's refund; null for a bank-transfer order's"),
    status: z.enum(REFUND_STATUSES).describe("to_transfer: finance still has to send it by bank transfer"),
    createdAt: z.string(),
    refundedTotal: moneySchema.describe("All that the order has had refunded so far"),
  })
  .meta({ id: "OrderRefund" });
export type RefundView = z.infer<typeof refundSchema>;

export const cancellationSchema = z
  .object({ orderUuid: z.uuid(), status: z.enum(ORDER_STATUSES), refund: refundSchema.nullable().describe("The full refund of a paid order; null when nothing had been paid") })
  .meta({ id: "OrderCancellation" });
export type CancellationView = z.infer<typeof cancellationSchema>;

const PROVIDER_TROUBLE = { 502: ["PAYMENT_PROVIDER_UNAVAILABLE", "REFUND_PROVIDER_REFUSED"] } as const;

export const refundErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  ...STAFF_GUARD_ERRORS,
  404: ["ORDER_NOT_FOUND"],
  409: ["ORDER_NOT_PAID", "REFUND_EXCEEDS_PAID", "REFUND_ITEM_INVALID", "PAYMENT_PROVIDER_NOT_CONFIGURED", "IDEMPOTENCY_KEY_REUSED"],
  ...PROVIDER_TROUBLE,
});
export type RefundError = OperationError<typeof refundErrors>;
export const opsCancelErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ORDER_NOT_FOUND"], 409: ["ORDER_NOT_CANCELLABLE", "PAYMENT_PROVIDER_NOT_CONFIGURED"], ...PROVIDER_TROUBLE });
export type OpsCancelError = OperationError<typeof opsCancelErrors>;
export const customerCancelErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["ORDER_NOT_FOUND"], 409: ["ORDER_NOT_CANCELLABLE", "PAYMENT_PROVIDER_NOT_CONFIGURED"], ...PROVIDER_TROUBLE });
export type CustomerCancelError = OperationError<typeof customerCancelErrors>;
