import { z } from "zod";
import { SELL_GRADES } from "../../../domain/selling/grading.ts";
import { SALE_STATUSES, STAFF_SALE_EVENTS } from "../../../domain/selling/sales.ts";
import { CARRIERS, PAYOUT_METHODS } from "../../../domain/selling/sell-cart-rules.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { IDEMPOTENCY_CONFLICTS } from "../../idempotency.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";
import { addressInput, addressSchema, emailField, moneySchema, pageParam, textParam, type QueryParams } from "../../schemas.ts";

export const payoutInput = z.discriminatedUnion(
  "method",
  [
    z.object({
      method: z.literal("bank_transfer"),
      iban: textParam("IBAN", 42),
      holder: textParam("Account holder", 100),
    }),
    z.object({ method: z.literal("paypal"), email: emailField }),
  ],
  { error: `payout.method must be one of ${PAYOUT_METHODS.join(", ")}` },
);

export const sellCheckoutBody = z.object(
  {
    newsletter: z.boolean().default(false).describe("Also subscribe to the newsletter (double opt-in)"),
    termsAccepted: z.literal(true, { error: "Accept the terms of sale to sell" }),
    expectedPayout: z.number({ error: "expectedPayout must be the payout in cents the seller saw" }).int().min(0),
    address: addressInput.describe("The sender: printed on the label, and where a declined sale goes back to"),
    payout: payoutInput,
  },
  { error: "Send a JSON body with termsAccepted, expectedPayout, address and payout" },
);
export type SellCheckoutInput = z.infer<typeof sellCheckoutBody>;
export type SellCheckoutBody = z.input<typeof sellCheckoutBody>;

/** Why the sell cart cannot be sold as it is: a prepare-checkout error's type, a changed payout or cart, a coupon used meanwhile. */
export const sellCheckoutErrors = operationErrors({
  400: ["VALIDATION_FAILED", "IBAN_INVALID", "IBAN_NOT_SEPA"],
  401: ["NOT_AUTHENTICATED"],
  404: ["CART_EMPTY"],
  409: [
    "MinOrderThresholdUnfulfilledErrorDto",
    "InvalidCarrierForCurrentCartErrorDto",
    "ExpressGradingNotAvailableErrorDto",
    "PAYOUT_CHANGED",
    "CART_CHANGED",
    "SELL_COUPON::ALREADY_USED",
    ...IDEMPOTENCY_CONFLICTS,
  ],
});
export type SellCheckoutError = OperationError<typeof sellCheckoutErrors>;

export const checkedOutSchema = z.object({
  saleUuid: z.uuid(),
  number: z.string(),
  payout: moneySchema,
  labelUrl: z.string().describe("The shipping label(s) as PDF"),
});
export type CheckedOutSale = z.infer<typeof checkedOutSchema>;

export const saleViewSchema = z.object({
  uuid: z.uuid(),
  number: z.string(),
  status: z.enum(SALE_STATUSES),
  createdAt: z.string(),
  payoutMethod: z.enum(PAYOUT_METHODS),
  payoutAccount: z.string().describe("The IBAN masked to its country and last four digits, or the PayPal address"),
  payoutStatus: z.enum(["pending", "sent", "returned"]).nullable().describe("returned: the bank sent the transfer back; correct the account (api_sale_payout_account)"),
  carrier: z.enum(CARRIERS),
  parcels: z.number().int(),
  senderAddress: addressSchema,
  couponCode: z.string().nullable(),
  expressGrading: z.boolean(),
  totals: z.object({ items: moneySchema, couponBonus: moneySchema, labelFee: moneySchema, expressFee: moneySchema, payout: moneySchema }),
  items: z.array(
    z.object({
      uuid: z.uuid(),
      product: z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() }),
      grade: z.enum(SELL_GRADES),
      price: moneySchema,
      counteroffer: z.object({ grade: z.enum(SELL_GRADES), price: moneySchema, reason: z.string() }).nullable(),
    }),
  ),
  counteroffer: z.object({ deadline: z.string(), payout: moneySchema }).nullable().describe("Open while the status is counteroffer: accept or decline by the deadline; silence accepts"),
  timeline: z.array(z.object({ status: z.enum(SALE_STATUSES), event: z.string(), at: z.string() })),
  labelUrl: z.string(),
});
export type SaleView = z.infer<typeof saleViewSchema>;

export const saleListSchema = z.object({
  sales: z.array(z.object({ uuid: z.uuid(), number: z.string(), status: z.enum(SALE_STATUSES), createdAt: z.string(), itemCount: z.number().int(), payout: moneySchema })),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SaleList = z.infer<typeof saleListSchema>;

export const saleListQuery = z.object({ page: pageParam(1000) });
export type SaleListQuery = QueryParams<typeof saleListQuery>;
export const saleListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"] });
export type SaleListError = OperationError<typeof saleListErrors>;
export const saleUuidParams = z.object({ saleUuid: z.uuid("Sale id must be a UUID") });
/** A sale of the customer's own (another customer's is SALE_NOT_FOUND too), as viewed and as its label. */
export const saleViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 404: ["SALE_NOT_FOUND"] });
export type SaleViewError = OperationError<typeof saleViewErrors>;
export const saleCounterofferErrors = operationErrors({ ...saleViewErrors, 409: ["SALE_STATE_CHANGED"] });
export type SaleCounterofferError = OperationError<typeof saleCounterofferErrors>;

export const staffSaleEventBody = z.object(
  {
    type: z.enum(STAFF_SALE_EVENTS, { error: `type must be one of ${STAFF_SALE_EVENTS.join(", ")}` }),
    counteroffer: z
      .array(z.object({ itemUuid: z.uuid(), grade: z.enum(SELL_GRADES), price: z.number().int().min(0).max(100_000_000), reason: textParam("Reason", 500) }))
      .min(1)
      .max(50)
      .optional()
      .describe("For counteroffer_made: the items inspection graded differently, each with its new price and the reason"),
  },
  { error: "Send a JSON body with type" },
);
export type StaffSaleEvent = z.infer<typeof staffSaleEventBody>;
export const staffSaleEventErrors = operationErrors({
  400: ["VALIDATION_FAILED", "COUNTEROFFER_ITEMS_MISSING", "SALE_ITEM_NOT_FOUND"],
  ...STAFF_GUARD_ERRORS,
  404: ["ROUTE_NOT_FOUND", "SALE_NOT_FOUND"],
  409: ["SALE_TRANSITION_NOT_ALLOWED"],
});

/** A returned payout's new account: the bank sent the transfer back, the seller corrects where it goes. */
export const payoutAccountBody = z.object({ payout: payoutInput }, { error: "Send a JSON body with payout" });
export type PayoutAccountInput = z.infer<typeof payoutAccountBody>;
export type PayoutAccountBody = z.input<typeof payoutAccountBody>;
export const payoutAccountErrors = operationErrors({ ...saleViewErrors, 400: ["VALIDATION_FAILED", "IBAN_INVALID", "IBAN_NOT_SEPA"], 409: ["SALE_STATE_CHANGED"] });
export type PayoutAccountError = OperationError<typeof payoutAccountErrors>;
