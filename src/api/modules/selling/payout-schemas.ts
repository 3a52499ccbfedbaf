import { z } from "zod";
import { PAYOUT_METHODS } from "../../../domain/selling/sell-cart-rules.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const payoutSchema = z.object({
  saleUuid: z.uuid(),
  saleNumber: z.string(),
  sellerEmail: z.string(),
  method: z.enum(PAYOUT_METHODS),
  /** Finance sends the money: the full IBAN and holder, or the PayPal address. */
  account: z.string().describe("The full IBAN (with the holder) or the PayPal address"),
  holder: z.string().nullable(),
  amount: moneySchema,
  settledAt: z.string(),
});

/** A customer's refund for an order paid by bank transfer: sent back to the account the money came from. */
const refundTransferSchema = z.object({
  refundUuid: z.uuid(),
  orderUuid: z.uuid(),
  orderNumber: z.string(),
  customerEmail: z.string(),
  account: z.string().nullable().describe("The IBAN the order's transfer came from; null when no booked transfer names one (finance asks the customer)"),
  holder: z.string().nullable(),
  amount: moneySchema,
  createdAt: z.string(),
});

export const duePayoutsSchema = z
  .object({
    payouts: z.array(payoutSchema),
    refunds: z.array(refundTransferSchema).describe("Customers' refunds to transfer; those with an account join the next batch of everything due"),
    total: moneySchema.describe("The sum of the due payouts and of the refunds with an account"),
  })
  .meta({ id: "OpsDuePayouts" });
export type DuePayouts = z.infer<typeof duePayoutsSchema>;
export const duePayoutsErrors = operationErrors({ ...STAFF_GUARD_ERRORS });
export type DuePayoutsError = OperationError<typeof duePayoutsErrors>;

export const payoutBatchSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    createdByEmail: z.string().nullable(),
    executedAt: z.string().nullable(),
    total: moneySchema.describe("The sum of its payouts, to the cent"),
    bankTransfers: z.array(payoutSchema).describe("In the SEPA file"),
    paypal: z.array(payoutSchema).describe("Sent through PayPal, listed apart"),
    refunds: z.array(refundTransferSchema).describe("Customers' refunds, in the SEPA file too"),
    sepaUrl: z.string().nullable().describe("The SEPA credit transfer file (pain.001.001.09); null without bank transfers"),
  })
  .meta({ id: "OpsPayoutBatch" });
export type PayoutBatchView = z.infer<typeof payoutBatchSchema>;
export const payoutBatchListSchema = z.object({ batches: z.array(payoutBatchSchema.omit({ bankTransfers: true, paypal: true, refunds: true }).extend({ count: z.number().int() })) }).meta({ id: "OpsPayoutBatches" });
export type PayoutBatchList = z.infer<typeof payoutBatchListSchema>;

export const payoutBatchCreateBody = z.strictObject({
  saleUuids: z.array(z.uuid()).min(1).max(1000).optional().describe("The due payouts to send; every due one when left out"),
});
export type PayoutBatchCreateInput = z.input<typeof payoutBatchCreateBody>;
export const payoutBatchParams = z.object({ batchId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const payoutBatchCreateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 409: ["NOTHING_DUE"] });
export type PayoutBatchCreateError = OperationError<typeof payoutBatchCreateErrors>;
export const payoutBatchErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PAYOUT_BATCH_NOT_FOUND"] });
export type PayoutBatchError = OperationError<typeof payoutBatchErrors>;
export const payoutBatchExportErrors = operationErrors({ ...payoutBatchErrors, 409: ["PAYOUT_BATCH_WITHOUT_TRANSFERS"] });
export type PayoutBatchExportError = OperationError<typeof payoutBatchExportErrors>;
export const payoutBatchExecutedErrors = operationErrors({ ...payoutBatchErrors, 409: ["PAYOUT_BATCH_EXECUTED"] });
export type PayoutBatchExecutedError = OperationError<typeof payoutBatchExecutedErrors>;

export const payoutSaleParams = z.object({ saleUuid: z.uuid("Sale id must be a UUID") });
export const payoutReturnedErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["SALE_NOT_FOUND"], 409: ["SALE_TRANSITION_NOT_ALLOWED"] });
export type PayoutReturnedError = OperationError<typeof payoutReturnedErrors>;
