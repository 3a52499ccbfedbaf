import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { PAYMENT_METHODS } from "../../../domain/checkout/cart-rules.ts";
import { ORDER_STATUSES, REFUND_STATUSES } from "../../../domain/checkout/orders.ts";
import { daysCovered, isReportDay, isReportMonth, MAX_PERIOD_DAYS } from "../../../domain/reports/reports.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, pagedAnswerFields, pageParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const month = z
  .string({ error: (issue) => (issue.input === undefined ? "The month is required" : "The month must be text") })
  .refine(isReportMonth, "A month is written 2026-07, from 2000-01 on")
  .describe("The shop's calendar month (Europe/Berlin), e.g. 2026-07");
const day = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .refine(isReportDay, `${label} must be a day that exists, written 2026-07-31, from 2000 on`);

export const MARGIN_SCHEMES = ["margin", "standard"] as const;

export const marginReportQuery = z.object({
  month,
  scheme: z.enum(MARGIN_SCHEMES, { error: "The scheme is margin or standard" }).default("margin").describe("Whose rows: used units (margin scheme, §25a UStG) or new ones (19 % VAT)"),
  page: pageParam(),
});
export type MarginReportQuery = QueryParams<typeof marginReportQuery>;
export const marginExportQuery = z.object({ month });
export type MarginExportQuery = z.output<typeof marginExportQuery>;

/** The second day must not come before the first, and a period covers at most a year. */
function periodInOrder(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isReportDay(value.from) || !isReportDay(value.to)) return;
  const days = daysCovered(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "The last day must not come before the first" });
  else if (days > MAX_PERIOD_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A period covers at most ${MAX_PERIOD_DAYS} days` });
}
const period = {
  from: day("The first day").describe("The period's first day (the shop's time zone)"),
  to: day("The last day").describe(`The period's last day, included; at most ${MAX_PERIOD_DAYS} days after the first`),
};
export const periodReportQuery = z.object({ ...period, page: pageParam() }).superRefine(periodInOrder);
export type PeriodReportQuery = QueryParams<typeof periodReportQuery>;
export const periodExportQuery = z.object(period).superRefine(periodInOrder);
export type PeriodExportQuery = z.output<typeof periodExportQuery>;

const periodSchema = z.object({ from: z.string().describe("The first instant covered"), until: z.string().describe("The first instant no longer covered") });

const sums = z.object({
  count: z.number().int(),
  salePrice: moneySchema,
  purchasePrice: moneySchema,
  margin: moneySchema,
  vat: moneySchema,
});
const schemeTotals = z.object({
  sales: sums.describe("Units shipped in the month"),
  refunds: sums.describe("Refunds of sold units made in the month: the price, margin and VAT they take back (negative)"),
  net: sums.describe("The month's figures: sales less refunds"),
});

export const marginRowSchema = z.object({
  kind: z.enum(["sale", "refund"]).describe("sale: a unit shipped in the month; refund: money given back for a sold unit in the month"),
  scheme: z.enum(MARGIN_SCHEMES),
  date: z.string().describe("The shop's day of the shipment or the refund, 2026-07-14"),
  orderUuid: z.uuid(),
  orderNumber: z.string(),
  productId: z.number().int(),
  product: z.string(),
  grade: z.enum(GRADES),
  unit: z.string().nullable().describe("The unit's label, U000123"),
  identifier: z.string().nullable().describe("IMEI or serial number"),
  salePrice: moneySchema.describe("What the customer paid for the unit; a refund's amount, negative"),
  purchasePrice: moneySchema.nullable().describe("What the shop paid for the unit; a refund does not change it (null)"),
  margin: moneySchema.nullable().describe("Sale price less purchase price, never below 0 for used units; a refund's change of it"),
  vat: moneySchema.nullable().describe("Used units: 19/119 of the margin; new units: 19/119 of the price; a refund's change of it"),
  refundUuid: z.uuid().nullable(),
});
export type MarginRow = z.infer<typeof marginRowSchema>;

export const marginReportSchema = z
  .object({
    month: z.string(),
    period: periodSchema,
    scheme: z.enum(MARGIN_SCHEMES),
    totals: z.object({
      margin: schemeTotals.describe("Used units, margin scheme (§25a UStG), each unit on its own"),
      standard: schemeTotals.describe("New units, 19 % VAT in the price"),
      refundsWithoutItems: z.object({ count: z.number().int(), amount: moneySchema }).describe("Refunds of shipped orders in the month that name no item (goodwill, shipping): not in the schemes' figures"),
    }),
    rows: z.array(marginRowSchema),
    ...pagedAnswerFields,
  })
  .meta({ id: "OpsMarginReport" });
export type MarginReport = z.infer<typeof marginReportSchema>;

export const orderReportRowSchema = z.object({
  uuid: z.uuid(),
  number: z.string(),
  placedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  email: z.string(),
  billingName: z.string(),
  billingCountry: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  itemCount: z.number().int(),
  itemsTotal: moneySchema,
  discountTotal: moneySchema,
  shippingPrice: moneySchema,
  insurancePrice: moneySchema,
  total: moneySchema,
  refundedTotal: moneySchema,
  couponCode: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  replacementFor: z.string().nullable().describe("The warranty claim a 0 € replacement was sent for"),
});
export type OrderReportRow = z.infer<typeof orderReportRowSchema>;
export const orderReportSchema = z
  .object({
    period: periodSchema,
    totals: z.object({
      count: z.number().int(),
      paidCount: z.number().int().describe("Orders whose money came in and that were not cancelled: paid, picked, shipped or delivered"),
      paidTotal: moneySchema.describe("Their totals"),
      refundedTotal: moneySchema.describe("What was refunded of all the orders listed, whenever"),
    }),
    rows: z.array(orderReportRowSchema),
    ...pagedAnswerFields,
  })
  .meta({ id: "OpsOrderReport" });
export type OrderReport = z.infer<typeof orderReportSchema>;

export const payoutReportRowSchema = z.object({
  saleUuid: z.uuid(),
  saleNumber: z.string(),
  createdAt: z.string().describe("When the sale's value was settled and the payout owed"),
  sellerEmail: z.string(),
  method: z.enum(["bank_transfer", "paypal"]),
  accountHolder: z.string().nullable(),
  account: z.string().describe("The IBAN or the PayPal address"),
  amount: moneySchema,
  status: z.enum(["pending", "sent", "returned"]),
  batchId: z.number().int().nullable(),
  sentAt: z.string().nullable(),
});
export type PayoutReportRow = z.infer<typeof payoutReportRowSchema>;
export const payoutReportSchema = z
  .object({
    period: periodSchema,
    totals: z.object({ count: z.number().int(), amount: moneySchema, sent: moneySchema.describe("Of it, sent"), open: moneySchema.describe("Of it, pending or returned by the bank") }),
    rows: z.array(payoutReportRowSchema),
    ...pagedAnswerFields,
  })
  .meta({ id: "OpsPayoutReport" });
export type PayoutReport = z.infer<typeof payoutReportSchema>;

export const refundReportRowSchema = z.object({
  uuid: z.uuid(),
  createdAt: z.string(),
  orderUuid: z.uuid(),
  orderNumber: z.string(),
  amount: moneySchema,
  reason: z.string(),
  provider: z.enum(PAYMENT_METHODS),
  status: z.enum(REFUND_STATUSES),
  itemCount: z.number().int().describe("Items the refund names; 0 for a refund of an amount"),
  createdBy: z.string().nullable().describe("The staff member's e-mail; null when the customer cancelled"),
  batchId: z.number().int().nullable().describe("The payout batch a bank transfer went out with"),
});
export type RefundReportRow = z.infer<typeof refundReportRowSchema>;
export const refundReportSchema = z
  .object({
    period: periodSchema,
    totals: z.object({ count: z.number().int(), amount: moneySchema }),
    rows: z.array(refundReportRowSchema),
    ...pagedAnswerFields,
  })
  .meta({ id: "OpsRefundReport" });
export type RefundReport = z.infer<typeof refundReportSchema>;

export const reportErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type ReportError = OperationError<typeof reportErrors>;
