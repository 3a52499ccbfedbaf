import type { Readable } from "node:stream";
import { shopDayIso } from "../../../domain/dates.ts";
import { dayPeriod, monthPeriod, refundCorrection, type Period } from "../../../domain/reports/reports.ts";
import { unitLabel } from "../../../domain/stock/units.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import { MARGIN_COLUMNS, ORDER_COLUMNS, PAYOUT_COLUMNS, REFUND_COLUMNS } from "./columns.ts";
import { csvFile, keysetBatches, type CsvColumn } from "./csv.ts";
import type { ExportName, ExportRows, MarginSourceRow, ReportRepository } from "./repository.ts";
import type {
  MarginExportQuery,
  MarginReport,
  MarginReportQuery,
  MarginRow,
  OrderReport,
  OrderReportRow,
  PayoutReport,
  PayoutReportRow,
  PeriodExportQuery,
  PeriodReportQuery,
  RefundReport,
  RefundReportRow,
} from "./schemas.ts";

const PAGE_SIZE = 50;
/** Rows a file reads at a time: large enough for few round trips, small enough that memory stays flat. */
export const EXPORT_BATCH_SIZE = 1000;
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const isoOf = (at: string | null) => (at === null ? null : new Date(at).toISOString());

/** A CSV download: its file name and its bytes as they are read. */
export interface CsvDownload {
  fileName: string;
  body: Readable;
}

/** A margin report's row from what was read: a sale as fixed when it was sold; a refund as the correction of the sale's margin and VAT. */
export function marginRowOf(row: MarginSourceRow): MarginRow {
  const common = {
    kind: row.kind,
    scheme: row.scheme,
    date: shopDayIso(new Date(row.at)),
    orderUuid: row.order_uuid,
    orderNumber: row.order_number,
    productId: row.product_id,
    product: row.name,
    grade: row.grade,
    unit: row.unit_id === null ? null : unitLabel(row.unit_id),
    identifier: row.identifier,
  };
  const money = (cents: number | null) => (cents === null ? null : EUR(cents));
  if (row.kind === "sale") {
    return { ...common, salePrice: EUR(row.sale_price), purchasePrice: money(row.purchase_price), margin: money(row.margin), vat: money(row.vat_amount), refundUuid: null };
  }
  const correction = refundCorrection(row.scheme, { salePrice: row.sale_price, purchasePrice: row.purchase_price }, row.refunded_before, row.refund_amount);
  return { ...common, salePrice: EUR(-row.refund_amount), purchasePrice: null, margin: money(correction?.margin ?? null), vat: money(correction?.vatAmount ?? null), refundUuid: row.refund_uuid };
}

type Sums = MarginReport["totals"]["margin"]["sales"];
const emptySums = (): Sums => ({ count: 0, salePrice: EUR(0), purchasePrice: EUR(0), margin: EUR(0), vat: EUR(0) });
function add(sums: Sums, row: { salePrice: { amount: number }; purchasePrice: { amount: number } | null; margin: { amount: number } | null; vat: { amount: number } | null }): void {
  sums.count += 1;
  sums.salePrice.amount += row.salePrice.amount;
  sums.purchasePrice.amount += row.purchasePrice?.amount ?? 0;
  sums.margin.amount += row.margin?.amount ?? 0;
  sums.vat.amount += row.vat?.amount ?? 0;
}
const net = (sales: Sums, refunds: Sums): Sums => ({
  count: sales.count,
  salePrice: EUR(sales.salePrice.amount + refunds.salePrice.amount),
  purchasePrice: EUR(sales.purchasePrice.amount),
  margin: EUR(sales.margin.amount + refunds.margin.amount),
  vat: EUR(sales.vat.amount + refunds.vat.amount),
});

const periodView = (period: Period) => ({ from: period.from.toISOString(), until: period.until.toISOString() });
const paging = (page: number, total: number) => ({ page, pageSize: PAGE_SIZE, total, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)) });

/** An export's row as the screen shows it and the file writes it. */
const orderRowOf = (r: ExportRows["orders"]): OrderReportRow => ({
  uuid: r.uuid,
  number: r.number,
  placedAt: isoOf(r.at)!,
  status: r.status,
  email: r.email,
  billingName: [r.billing_address.firstName, r.billing_address.lastName].join(" "),
  billingCountry: r.billing_address.country,
  paymentMethod: r.payment_method,
  itemCount: r.item_count,
  itemsTotal: EUR(r.items_total),
  discountTotal: EUR(r.discount_total),
  shippingPrice: EUR(r.shipping_price),
  insurancePrice: EUR(r.insurance_price),
  total: EUR(r.total),
  refundedTotal: EUR(r.refunded_total),
  couponCode: r.coupon_code,
  shippedAt: isoOf(r.shipped_at),
  deliveredAt: isoOf(r.delivered_at),
  replacementFor: r.replacement_for,
});
const payoutRowOf = (r: ExportRows["payouts"]): PayoutReportRow => ({
  saleUuid: r.uuid,
  saleNumber: r.sale_number,
  createdAt: isoOf(r.at)!,
  sellerEmail: r.seller_email,
  method: r.method,
  accountHolder: "holder" in r.payout_account ? r.payout_account.holder : null,
  account: "iban" in r.payout_account ? r.payout_account.iban : r.payout_account.email,
  amount: EUR(r.amount),
  status: r.status,
  batchId: r.batch_id,
  sentAt: isoOf(r.sent_at),
});
const refundRowOf = (r: ExportRows["refunds"]): RefundReportRow => ({
  uuid: r.uuid,
  createdAt: isoOf(r.at)!,
  orderUuid: r.order_uuid,
  orderNumber: r.order_number,
  amount: EUR(r.amount),
  reason: r.reason,
  provider: r.provider,
  status: r.status,
  itemCount: r.item_count,
  createdBy: r.created_by,
  batchId: r.batch_id,
});

/**
 * Finance's reports: the month's margin-scheme report and the period's orders, payouts and refunds,
 * each as a page on screen with its totals and as a CSV file read in batches. Only finance (and
 * admins) read them; each file taken is in the audit log with its period, written before the file is
 * read (a read of any length holds no transaction open: on the embedded database that would stop
 * every other request until the download ended).
 */
export function createReportService(repo: ReportRepository, deps: { batchSize?: number } = {}) {
  const batchSize = deps.batchSize ?? EXPORT_BATCH_SIZE;

  async function marginTotals(period: Period): Promise<{ totals: MarginReport["totals"]; refundRows: Record<"margin" | "standard", number> }> {
    const sales = { margin: emptySums(), standard: emptySums() };
    for (const row of await repo.marginSales(period)) {
      sales[row.scheme] = { count: row.count, salePrice: EUR(row.sale_price), purchasePrice: EUR(row.purchase_price), margin: EUR(row.margin), vat: EUR(row.vat_amount) };
    }
    // Refunds are few beside sales; their corrections are the domain's rule, so they are summed here, batch by batch.
    const refunds = { margin: emptySums(), standard: emptySums() };
    for await (const batch of keysetBatches<MarginSourceRow>((after) => repo.marginBatch(period, after, batchSize, true), batchSize)) {
      for (const row of batch) add(refunds[row.scheme], marginRowOf(row));
    }
    const totals = {
      margin: { sales: sales.margin, refunds: refunds.margin, net: net(sales.margin, refunds.margin) },
      standard: { sales: sales.standard, refunds: refunds.standard, net: net(sales.standard, refunds.standard) },
      refundsWithoutItems: await repo.refundsWithoutItems(period).then((r) => ({ count: r.count, amount: EUR(r.amount) })),
    };
    return { totals, refundRows: { margin: refunds.margin.count, standard: refunds.standard.count } };
  }

  async function download(actor: StaffActor, report: string, period: Period, label: string, body: () => Readable): Promise<CsvDownload> {
    await repo.recordExport(actor, { action: "report.export", entityType: "report", entityId: `${report}:${label}`, after: { report, ...periodView(period) } });
    return { fileName: `${report}-${label}.csv`, body: body() };
  }

  async function periodPage<N extends ExportName, Row>(actor: StaffActor, name: N, rowOf: (row: ExportRows[N]) => Row, query: PeriodReportQuery) {
    requireRole(actor, "finance");
    const period = dayPeriod(query.from, query.to);
    const page = query.page ?? 1;
    const rows = await repo.exportPage(name, period, (page - 1) * PAGE_SIZE, PAGE_SIZE);
    return { period, page, rows: rows.map(rowOf) };
  }

  function periodCsv<N extends ExportName, Row>(actor: StaffActor, name: N, rowOf: (row: ExportRows[N]) => Row, columns: readonly CsvColumn<Row>[], query: PeriodExportQuery, onError: (error: unknown) => void) {
    requireRole(actor, "finance");
    const period = dayPeriod(query.from, query.to);
    const batches = keysetBatches<ExportRows[N]>((after) => repo.exportBatch(name, period, after, batchSize), batchSize);
    return download(actor, name, period, `${query.from}_${query.to}`, () => csvFile(columns, mapBatches(batches, rowOf), onError));
  }

  return {
    async margin(actor: StaffActor, query: MarginReportQuery): Promise<MarginReport> {
      requireRole(actor, "finance");
      const period = monthPeriod(query.month);
      const [page, scheme] = [query.page ?? 1, query.scheme ?? "margin"];
      const [{ totals, refundRows }, rows] = await Promise.all([marginTotals(period), repo.marginPage(period, scheme, (page - 1) * PAGE_SIZE, PAGE_SIZE)]);
      const total = totals[scheme].sales.count + refundRows[scheme];
      return { month: query.month, period: periodView(period), scheme, totals, rows: rows.map(marginRowOf), ...paging(page, total) };
    },

    /** The month's margin report as one file: used units first, then new ones, each in the order of the screen's pages. */
    marginCsv(actor: StaffActor, query: MarginExportQuery, onError: (error: unknown) => void): Promise<CsvDownload> {
      requireRole(actor, "finance");
      const period = monthPeriod(query.month);
      const batches = keysetBatches<MarginSourceRow>((after) => repo.marginBatch(period, after, batchSize), batchSize);
      return download(actor, "margin-report", period, query.month, () => csvFile(MARGIN_COLUMNS, mapBatches(batches, marginRowOf), onError));
    },

    async orders(actor: StaffActor, query: PeriodReportQuery): Promise<OrderReport> {
      const { period, page, rows } = await periodPage(actor, "orders", orderRowOf, query);
      const t = await repo.orderTotals(period);
      return { period: periodView(period), totals: { count: t.count, paidCount: t.paid_count, paidTotal: EUR(t.paid_total), refundedTotal: EUR(t.refunded_total) }, rows, ...paging(page, t.count) };
    },
    ordersCsv: (actor: StaffActor, query: PeriodExportQuery, onError: (error: unknown) => void) => periodCsv(actor, "orders", orderRowOf, ORDER_COLUMNS, query, onError),

    async payouts(actor: StaffActor, query: PeriodReportQuery): Promise<PayoutReport> {
      const { period, page, rows } = await periodPage(actor, "payouts", payoutRowOf, query);
      const t = await repo.payoutTotals(period);
      return { period: periodView(period), totals: { count: t.count, amount: EUR(t.amount), sent: EUR(t.sent), open: EUR(t.amount - t.sent) }, rows, ...paging(page, t.count) };
    },
    payoutsCsv: (actor: StaffActor, query: PeriodExportQuery, onError: (error: unknown) => void) => periodCsv(actor, "payouts", payoutRowOf, PAYOUT_COLUMNS, query, onError),

    async refunds(actor: StaffActor, query: PeriodReportQuery): Promise<RefundReport> {
      const { period, page, rows } = await periodPage(actor, "refunds", refundRowOf, query);
      const t = await repo.refundTotals(period);
      return { period: periodView(period), totals: { count: t.count, amount: EUR(t.amount) }, rows, ...paging(page, t.count) };
    },
    refundsCsv: (actor: StaffActor, query: PeriodExportQuery, onError: (error: unknown) => void) => periodCsv(actor, "refunds", refundRowOf, REFUND_COLUMNS, query, onError),
  };
}
export type ReportService = ReturnType<typeof createReportService>;

async function* mapBatches<A, B>(batches: AsyncIterable<A[]>, map: (row: A) => B): AsyncGenerator<B[]> {
  for await (const batch of batches) yield batch.map(map);
}
