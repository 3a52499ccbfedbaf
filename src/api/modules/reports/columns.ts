import { shopDateTime } from "../../../domain/reports/reports.ts";
import type { CsvColumn } from "./csv.ts";
import type { MarginRow, OrderReportRow, PayoutReportRow, RefundReportRow } from "./schemas.ts";

/*
 * The CSV files' columns. Headers are stable English names with the unit in them, so imports and
 * scripts that read the files keep working whatever language staff use; amounts are euros with a
 * decimal point ("_eur"), times the shop's wall clock (Europe/Berlin).
 */

const money = <Row>(header: string, cents: (row: Row) => { amount: number } | null): CsvColumn<Row> => ({ header, cell: (row) => cents(row)?.amount ?? null, money: true });
const time = <Row>(header: string, at: (row: Row) => string | null): CsvColumn<Row> => ({ header, cell: (row) => (at(row) === null ? null : shopDateTime(at(row)!)) });

export const MARGIN_COLUMNS: CsvColumn<MarginRow>[] = [
  { header: "kind", cell: (r) => r.kind },
  { header: "vat_scheme", cell: (r) => r.scheme },
  { header: "date", cell: (r) => r.date },
  { header: "order_number", cell: (r) => r.orderNumber },
  { header: "product_id", cell: (r) => r.productId },
  { header: "product", cell: (r) => r.product },
  { header: "grade", cell: (r) => r.grade },
  { header: "unit", cell: (r) => r.unit },
  { header: "identifier", cell: (r) => r.identifier },
  money("sale_price_eur", (r) => r.salePrice),
  money("purchase_price_eur", (r) => r.purchasePrice),
  money("margin_eur", (r) => r.margin),
  money("vat_eur", (r) => r.vat),
  { header: "refund_id", cell: (r) => r.refundUuid },
];

export const ORDER_COLUMNS: CsvColumn<OrderReportRow>[] = [
  { header: "order_number", cell: (r) => r.number },
  time("placed_at", (r) => r.placedAt),
  { header: "status", cell: (r) => r.status },
  { header: "email", cell: (r) => r.email },
  { header: "billing_name", cell: (r) => r.billingName },
  { header: "billing_country", cell: (r) => r.billingCountry },
  { header: "payment_method", cell: (r) => r.paymentMethod },
  { header: "items", cell: (r) => r.itemCount },
  money("items_total_eur", (r) => r.itemsTotal),
  money("discount_eur", (r) => r.discountTotal),
  money("shipping_eur", (r) => r.shippingPrice),
  money("insurance_eur", (r) => r.insurancePrice),
  money("total_eur", (r) => r.total),
  money("refunded_eur", (r) => r.refundedTotal),
  { header: "coupon_code", cell: (r) => r.couponCode },
  time("shipped_at", (r) => r.shippedAt),
  time("delivered_at", (r) => r.deliveredAt),
  { header: "replacement_for", cell: (r) => r.replacementFor },
];

export const PAYOUT_COLUMNS: CsvColumn<PayoutReportRow>[] = [
  { header: "sale_number", cell: (r) => r.saleNumber },
  time("owed_at", (r) => r.createdAt),
  { header: "seller_email", cell: (r) => r.sellerEmail },
  { header: "method", cell: (r) => r.method },
  { header: "account_holder", cell: (r) => r.accountHolder },
  { header: "account", cell: (r) => r.account },
  money("amount_eur", (r) => r.amount),
  { header: "status", cell: (r) => r.status },
  { header: "batch", cell: (r) => r.batchId },
  time("sent_at", (r) => r.sentAt),
];

export const REFUND_COLUMNS: CsvColumn<RefundReportRow>[] = [
  { header: "refund_id", cell: (r) => r.uuid },
  time("created_at", (r) => r.createdAt),
  { header: "order_number", cell: (r) => r.orderNumber },
  money("amount_eur", (r) => r.amount),
  { header: "reason", cell: (r) => r.reason },
  { header: "provider", cell: (r) => r.provider },
  { header: "status", cell: (r) => r.status },
  { header: "items", cell: (r) => r.itemCount },
  { header: "created_by", cell: (r) => r.createdBy },
  { header: "batch", cell: (r) => r.batchId },
];
