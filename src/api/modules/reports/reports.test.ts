import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/staff.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { centsAsDecimal, shopDateTime, shopMonthOf } from "../../../domain/reports/reports.ts";
import { shopDayIso } from "../../../domain/dates.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { GOOD_BOOK_CHECKLIST, PERFECT_PHONE_CHECKLIST, sellFixtures } from "../../../test/sell-fixtures.ts";
import { HOME, setStock, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import { createReportRepository } from "./repository.ts";
import type { MarginRow, RefundReportRow } from "./schemas.ts";
import { createReportService } from "./service.ts";

const DAY = 86_400_000;
// The shop's clock: shipments are made in months of the past, refunds (stamped by the database) now.
let now: Date | null = null;
const { app, database } = setupTestApp({ clock: () => now ?? new Date() });
const shop = shopFixtures(app, database);
const fixtures = sellFixtures(app, database);
const { call, codeOf } = fixtures;

const sessions = new Map<string, Promise<Cookies>>();
function member(...roles: StaffRole[]): Promise<Cookies> {
  const key = roles.join("-");
  if (!sessions.has(key)) sessions.set(key, newStaffMember(fixtures, database(), `reports-${key}@example.com`, roles));
  return sessions.get(key)!.then((c) => ({ ...c }));
}
const finance = () => member("finance");
/** Prices units, reads their IMEI, picks and ships: the floor and finance in one person, for seeding. */
const desk = () => member("fulfilment", "grading", "finance");

/**
 * The 15th, noon, of the month `back` months before this one: a month of the past that only this
 * test fills. Sessions are opened before the clock goes back: one opened then would have ended by now.
 */
async function pastMonth(back: number): Promise<{ month: string; at: Date }> {
  await Promise.all([desk(), finance()]);
  const today = new Date();
  const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 15, 10));
  return { month: shopMonthOf(at), at };
}

/** VAT within an amount that includes it, as the tax office counts it: 19/119, rounded to the cent. */
const vatIn = (cents: number) => Math.round((cents * 19) / 119);

interface UnitSpec {
  grade: Grade;
  price: number;
  purchasePrice: number;
  identifier?: string;
}
interface Placed {
  uuid: string;
  number: string;
  cookies: Cookies;
  items: { uuid: string; productId: number; grade: Grade; unit: { id: number; label: string } }[];
}

let identifiers = 0;
const freshIdentifier = () => `SN${Date.now()}${identifiers++}`;

/**
 * An order of one unit of each spec, each of a product of its own with that price and one unit of
 * that purchase price, paid in the sandbox. The unit's price and IMEI are set by staff as in the
 * back-office; the order reserves the unit and fixes its margin and VAT.
 */
async function paidOrder(specs: UnitSpec[], billing = HOME, email = `buyer-${Date.now()}-${identifiers++}@example.com`): Promise<Placed> {
  const staff = await desk();
  const cookies: Cookies = {};
  for (const spec of specs) {
    const productId = await shop.freshProduct(0);
    await setStock(database(), productId, spec.grade, 1, 0, spec.price);
    const units = await call("GET", `/api/ops/units?productId=${productId}&grade=${spec.grade}&status=in_stock`, staff);
    expect(units.statusCode, units.body).toBe(200);
    const [unit] = units.json().units;
    const changed = await call("PATCH", `/api/ops/units/${unit.id}`, staff, { version: 0, purchasePrice: spec.purchasePrice, identifier: spec.identifier ?? freshIdentifier() });
    expect(changed.statusCode).toBe(200);
    const added = await call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: spec.grade, withFullBattery: false });
    expect(added.statusCode).toBeLessThan(300);
    for (const c of added.cookies) if (c.name === "reloop-cart") cookies[c.name] = c.value;
  }
  await call("PUT", "/api/checkout/address", cookies, { email, billingAddress: billing });
  const view = (await call("PUT", "/api/cart/options", cookies, { paymentMethod: "sandbox" })).json();
  const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
  const placed = await shop.place(cookies, body, `report-order-${Date.now()}-${identifiers++}`);
  expect(placed.statusCode).toBe(201);
  const { orderUuid, number, redirectUrl } = placed.json();
  await shop.paySandbox(redirectUrl);
  const order = (await call("GET", `/api/ops/orders/${orderUuid}`, staff)).json();
  expect(order.status).toBe("paid");
  return { uuid: orderUuid, number, cookies, items: order.items.map((i: Placed["items"][number] & { grade: Grade }) => ({ uuid: i.uuid, productId: i.productId, grade: i.grade, unit: i.unit })) };
}

/** Picks every item by its unit's label and ships the parcel: the shipment's time is the clock's. */
async function ship(order: Placed): Promise<void> {
  const staff = await desk();
  for (const item of order.items) expect((await call("POST", `/api/ops/orders/${order.uuid}/pick`, staff, { itemUuid: item.uuid, code: item.unit.label })).statusCode).toBe(200);
  expect((await call("POST", `/api/ops/orders/${order.uuid}/ship`, staff, { carrier: "dhl", trackingNumber: "003404341234567890" })).json().status).toBe("shipped");
}

/** Every row of a paged report, page by page. */
async function allRows(url: string, cookies: Cookies): Promise<Record<string, unknown>[]> {
  const rows = [];
  for (let page = 1; ; page += 1) {
    const answer = (await call("GET", `${url}&page=${page}`, cookies)).json();
    rows.push(...answer.rows);
    if (page >= answer.totalPages) return rows;
  }
}

/** A CSV answer read back by a CSV parser: its header row and records. */
function csvOf(res: { rawPayload: Buffer }) {
  const records = parse(res.rawPayload, { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
  const [header] = parse(res.rawPayload, { bom: true, to_line: 1 }) as string[][];
  return { header: header!, records };
}

const eur = (money: { amount: number } | null) => (money === null ? "" : centsAsDecimal(money.amount));
/** A margin report's row as its CSV file writes it. */
const marginCsvRow = (r: MarginRow) => ({
  kind: r.kind,
  vat_scheme: r.scheme,
  date: r.date,
  order_number: r.orderNumber,
  product_id: String(r.productId),
  product: r.product,
  grade: r.grade,
  unit: r.unit ?? "",
  identifier: r.identifier ?? "",
  sale_price_eur: eur(r.salePrice),
  purchase_price_eur: eur(r.purchasePrice),
  margin_eur: eur(r.margin),
  vat_eur: eur(r.vat),
  refund_id: r.refundUuid ?? "",
});

describe("the margin-scheme report", () => {
  it("lists the month's shipped used units with margin and VAT by the single-unit method, new units with 19 %, and totals per scheme", async () => {
    const { month, at } = await pastMonth(3);
    now = at;
    const used = await paidOrder([
      { grade: "A1", price: 20_000, purchasePrice: 12_000 },
      // Sold below what it cost: no margin, no VAT, and the loss offsets nothing.
      { grade: "A2", price: 15_000, purchasePrice: 18_000 },
    ]);
    const fresh = await paidOrder([{ grade: "NEW", price: 11_900, purchasePrice: 8_000 }]);
    const notShipped = await paidOrder([{ grade: "A1", price: 9_900, purchasePrice: 5_000 }]);
    await ship(used);
    await ship(fresh);
    now = null;

    const report = (await call("GET", `/api/ops/reports/margin?month=${month}`, await finance())).json();
    expect(report).toMatchObject({ month, scheme: "margin", page: 1, total: 2, totalPages: 1 });
    const margin1 = 20_000 - 12_000;
    // Within one parcel the rows' order is the items' keys: compared here by grade.
    expect([...report.rows].sort((a, b) => a.grade.localeCompare(b.grade))).toEqual([
      expect.objectContaining({
        kind: "sale",
        scheme: "margin",
        date: shopDayIso(at),
        orderNumber: used.number,
        productId: used.items.find((i) => i.grade === "A1")!.productId,
        grade: "A1",
        unit: used.items.find((i) => i.grade === "A1")!.unit.label,
        identifier: expect.stringMatching(/^SN\d+$/),
        salePrice: { amount: 20_000, currency: "EUR" },
        purchasePrice: { amount: 12_000, currency: "EUR" },
        margin: { amount: margin1, currency: "EUR" },
        vat: { amount: vatIn(margin1), currency: "EUR" },
        refundUuid: null,
      }),
      expect.objectContaining({ grade: "A2", salePrice: { amount: 15_000, currency: "EUR" }, purchasePrice: { amount: 18_000, currency: "EUR" }, margin: { amount: 0, currency: "EUR" }, vat: { amount: 0, currency: "EUR" } }),
    ]);
    expect(JSON.stringify(report.rows)).not.toContain(notShipped.number);
    const sums = (count: number, sale: number, purchase: number, m: number, vat: number) => ({
      count,
      salePrice: { amount: sale, currency: "EUR" },
      purchasePrice: { amount: purchase, currency: "EUR" },
      margin: { amount: m, currency: "EUR" },
      vat: { amount: vat, currency: "EUR" },
    });
    expect(report.totals.margin.sales).toEqual(sums(2, 35_000, 30_000, margin1, vatIn(margin1)));
    expect(report.totals.margin.net).toEqual(report.totals.margin.sales);
    expect(report.totals.margin.refunds).toEqual(sums(0, 0, 0, 0, 0));
    expect(report.totals.standard.sales).toEqual(sums(1, 11_900, 8_000, 3_900, vatIn(11_900)));

    const standard = (await call("GET", `/api/ops/reports/margin?month=${month}&scheme=standard`, await finance())).json();
    expect(standard.rows).toEqual([expect.objectContaining({ kind: "sale", scheme: "standard", grade: "NEW", orderNumber: fresh.number, vat: { amount: 1_900, currency: "EUR" } })]);

    // The month before and after hold none of it.
    const next = (await call("GET", `/api/ops/reports/margin?month=${(await pastMonth(2)).month}`, await finance())).json();
    expect(next.totals.margin.sales.count).toBe(0);
    expect(next.rows).toEqual([]);

    // The file: RFC 4180 with a BOM and CRLF, its rows those of the screen, used units first; its download audited.
    const file = await call("GET", `/api/ops/reports/margin.csv?month=${month}`, await finance());
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="margin-report-${month}.csv"`);
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.rawPayload.toString("utf8");
    expect(text.split("\r\n")).toHaveLength(1 + 3 + 1);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    const { header, records } = csvOf(file);
    expect(header).toEqual(["kind", "vat_scheme", "date", "order_number", "product_id", "product", "grade", "unit", "identifier", "sale_price_eur", "purchase_price_eur", "margin_eur", "vat_eur", "refund_id"]);
    expect(records).toEqual([...report.rows, ...standard.rows].map(marginCsvRow));
    expect(records.find((r) => r.grade === "A1")).toMatchObject({ sale_price_eur: "200.00", purchase_price_eur: "120.00", margin_eur: "80.00", vat_eur: centsAsDecimal(vatIn(margin1)) });
    const audit = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "report.export"), eq(auditLog.entityId, `margin-report:${month}`)));
    expect(audit).toEqual([expect.objectContaining({ actorEmail: "reports-finance@example.com", entityType: "report", after: expect.objectContaining({ report: "margin-report" }) })]);
  });

  it("takes a refund back in the refund's month: a partial refund lowers the margin and its VAT, a new unit's refund its 19 %; a refund of no item is named apart", async () => {
    const { month: soldMonth, at } = await pastMonth(5);
    now = at;
    const order = await paidOrder([
      { grade: "A1", price: 30_000, purchasePrice: 20_000 },
      { grade: "NEW", price: 11_900, purchasePrice: 8_000 },
    ]);
    await ship(order);
    now = null;
    const used = order.items.find((i) => i.grade === "A1")!;
    const fresh = order.items.find((i) => i.grade === "NEW")!;
    const refund = async (body: object, key: string) => {
      const res = await call("POST", `/api/ops/orders/${order.uuid}/refunds`, await finance(), body, { "idempotency-key": key });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { uuid: string; createdAt: string };
    };
    const partial = await refund({ items: [{ orderItemUuid: used.uuid, amount: 5_000 }], reason: "Scratch not described" }, "report-refund-1");
    const whole = await refund({ items: [{ orderItemUuid: fresh.uuid }], reason: "Withdrawal" }, "report-refund-2");
    const goodwill = await refund({ amount: 490, reason: "Shipping back" }, "report-refund-3");
    // A second partial refund of the same unit: its correction starts where the first one left the margin.
    const second = await refund({ items: [{ orderItemUuid: used.uuid, amount: 8_000 }], reason: "Battery weaker than graded" }, "report-refund-4");

    // The sale's month is as it was.
    const sold = (await call("GET", `/api/ops/reports/margin?month=${soldMonth}`, await finance())).json();
    expect(sold.totals.margin.sales).toMatchObject({ count: 1, margin: { amount: 10_000 }, vat: { amount: vatIn(10_000) } });
    expect(sold.totals.margin.refunds.count).toBe(0);

    const refundMonths = new Set([partial, whole, goodwill, second].map((r) => shopMonthOf(new Date(r.createdAt))));
    // Refunds made within a second of each other fall in one month, unless the test runs across midnight at a month's end.
    const month = shopMonthOf(new Date(second.createdAt));
    const report = (await call("GET", `/api/ops/reports/margin?month=${month}`, await finance())).json();
    const standard = (await call("GET", `/api/ops/reports/margin?month=${month}&scheme=standard`, await finance())).json();
    const partialRow = report.rows.find((r: { refundUuid: string }) => r.refundUuid === partial.uuid);
    const secondRow = report.rows.find((r: { refundUuid: string }) => r.refundUuid === second.uuid);
    const wholeRow = standard.rows.find((r: { refundUuid: string }) => r.refundUuid === whole.uuid);
    if (refundMonths.size === 1) {
      // 300 € less 50 €: margin 100 € → 50 €; less 80 € more: 50 € → 0 (not −30 €).
      expect(partialRow).toMatchObject({ kind: "refund", scheme: "margin", orderNumber: order.number, unit: used.unit.label, salePrice: { amount: -5_000 }, purchasePrice: null, margin: { amount: -5_000 }, vat: { amount: vatIn(5_000) - vatIn(10_000) } });
      expect(secondRow).toMatchObject({ salePrice: { amount: -8_000 }, margin: { amount: -5_000 }, vat: { amount: 0 - vatIn(5_000) } });
      expect(wholeRow).toMatchObject({ kind: "refund", scheme: "standard", salePrice: { amount: -11_900 }, vat: { amount: -1_900 } });
      expect(report.totals.margin.refunds).toMatchObject({ count: 2, salePrice: { amount: -13_000 }, margin: { amount: -10_000 }, vat: { amount: -vatIn(10_000) } });
      expect(report.totals.margin.net).toMatchObject({ count: 0, salePrice: { amount: -13_000 }, margin: { amount: -10_000 }, vat: { amount: -vatIn(10_000) } });
      expect(report.totals.standard.refunds).toMatchObject({ count: 1, salePrice: { amount: -11_900 }, vat: { amount: -1_900 } });
      expect(report.totals.refundsWithoutItems).toEqual({ count: 1, amount: { amount: 490, currency: "EUR" } });
    }
    expect(secondRow.date).toBe(shopDayIso(new Date(second.createdAt)));

    // In the file the negative amounts stay numbers: no apostrophe before their minus.
    const { records } = csvOf(await call("GET", `/api/ops/reports/margin.csv?month=${month}`, await finance()));
    expect(records.find((r) => r.refund_id === second.uuid)).toMatchObject({ kind: "refund", sale_price_eur: "-80.00", margin_eur: "-50.00", purchase_price_eur: "" });
    expect(records).toEqual([...report.rows, ...standard.rows].map(marginCsvRow));
  });
});

describe("the period exports", () => {
  it("exports orders, refunds and payouts of a period as on screen, quoting commas, quotes and line breaks and disarming formulas", async () => {
    const order = await paidOrder([{ grade: "A1", price: 12_345, purchasePrice: 6_000 }], { ...HOME, firstName: '=HYPERLINK("http://evil.example","x")', lastName: 'Müller, "Jr."' });
    const reasons = ["=1+2", "+SUM(A1:A9)", "-2+3", "@cmd", "＝1+2", 'Komma, "Zitat"\nzweite Zeile', "Rückgabe: äöüß €"];
    const refunds = [];
    for (const [i, reason] of reasons.entries()) {
      const res = await call("POST", `/api/ops/orders/${order.uuid}/refunds`, await finance(), { amount: 100 + i, reason }, { "idempotency-key": `report-reason-${i}` });
      expect(res.statusCode).toBe(201);
      refunds.push(res.json() as { uuid: string; createdAt: string });
    }
    // A settled trade-in owes its seller a payout.
    const grading = await member("grading", "receiving");
    const sale = await fixtures.soldPhoneAndBook("report-seller@example.com");
    const received = (await call("POST", `/api/ops/sales/${sale.uuid}/receive`, grading, {})).json();
    for (const item of received.items as { uuid: string; questionSet: string }[]) {
      await call("POST", `/api/ops/sales/${sale.uuid}/items/${item.uuid}/inspection`, grading, { version: 0, checklist: item.questionSet === "media" ? GOOD_BOOK_CHECKLIST : PERFECT_PHONE_CHECKLIST });
    }

    // Yesterday to tomorrow: today's rows whatever the hour.
    const [from, to] = [shopDayIso(new Date(Date.now() - DAY)), shopDayIso(new Date(Date.now() + DAY))];
    const period = `from=${from}&to=${to}`;
    const staff = await finance();

    const refundRows = await allRows(`/api/ops/reports/refunds?${period}`, staff);
    const ours = refundRows.filter((r) => r.orderUuid === order.uuid);
    expect(ours.map((r) => r.reason)).toEqual(reasons);
    expect(ours.map((r) => (r.amount as { amount: number }).amount)).toEqual(reasons.map((_, i) => 100 + i));
    const refundFile = await call("GET", `/api/ops/reports/refunds.csv?${period}`, staff);
    expect(refundFile.headers["content-disposition"]).toBe(`attachment; filename="refunds-${from}_${to}.csv"`);
    const raw = refundFile.rawPayload.toString("utf8");
    // RFC 4180: the field with a comma, quotes and a line break is quoted, its quotes doubled.
    expect(raw).toContain('"Komma, ""Zitat""\nzweite Zeile"');
    const { header, records } = csvOf(refundFile);
    expect(header).toEqual(["refund_id", "created_at", "order_number", "amount_eur", "reason", "provider", "status", "items", "created_by", "batch"]);
    expect(records).toEqual(
      (refundRows as unknown as RefundReportRow[]).map((r) => ({
        refund_id: r.uuid,
        created_at: shopDateTime(r.createdAt),
        order_number: r.orderNumber,
        amount_eur: eur(r.amount),
        // A text a spreadsheet would run as a formula gets an apostrophe in front.
        reason: /^[=+\-@\t\r＝＋－＠]/.test(r.reason) ? `'${r.reason}` : r.reason,
        provider: r.provider,
        status: r.status,
        items: String(r.itemCount),
        created_by: r.createdBy ?? "",
        batch: r.batchId === null ? "" : String(r.batchId),
      })),
    );
    expect(records.filter((r) => ours.some((o) => o.uuid === r.refund_id)).map((r) => r.reason)).toEqual(["'=1+2", "'+SUM(A1:A9)", "'-2+3", "'@cmd", "'＝1+2", 'Komma, "Zitat"\nzweite Zeile', "Rückgabe: äöüß €"]);
    const refundTotals = (await call("GET", `/api/ops/reports/refunds?${period}`, staff)).json().totals;
    expect(refundTotals).toEqual({ count: refundRows.length, amount: { amount: refundRows.reduce((s, r) => s + (r.amount as { amount: number }).amount, 0), currency: "EUR" } });

    const orderReport = (await call("GET", `/api/ops/reports/orders?${period}`, staff)).json();
    const orderRow = orderReport.rows.find((r: { uuid: string }) => r.uuid === order.uuid);
    expect(orderRow).toMatchObject({ number: order.number, status: "paid", billingName: '=HYPERLINK("http://evil.example","x") Müller, "Jr."', itemCount: 1, refundedTotal: { amount: reasons.reduce((s, _, i) => s + 100 + i, 0) } });
    const orderCsv = csvOf(await call("GET", `/api/ops/reports/orders.csv?${period}`, staff)).records;
    expect(orderCsv.map((r) => r.order_number)).toEqual((await allRows(`/api/ops/reports/orders?${period}`, staff)).map((r) => r.number));
    expect(orderCsv.find((r) => r.order_number === order.number)).toMatchObject({
      billing_name: `'=HYPERLINK("http://evil.example","x") Müller, "Jr."`,
      placed_at: shopDateTime(orderRow.placedAt),
      total_eur: centsAsDecimal(orderRow.total.amount),
      status: "paid",
    });
    expect(orderReport.totals.paidTotal.amount).toBe(orderReport.rows.filter((r: { status: string }) => r.status !== "cancelled" && r.status !== "pending_payment" && r.status !== "awaiting_transfer").reduce((s: number, r: { total: { amount: number } }) => s + r.total.amount, 0));

    const payouts = await allRows(`/api/ops/reports/payouts?${period}`, staff);
    const payout = payouts.find((r) => r.saleNumber === sale.number)!;
    expect(payout).toMatchObject({ sellerEmail: "report-seller@example.com", status: "pending", batchId: null });
    const payoutCsv = csvOf(await call("GET", `/api/ops/reports/payouts.csv?${period}`, staff)).records;
    expect(payoutCsv.find((r) => r.sale_number === sale.number)).toEqual({
      sale_number: sale.number,
      owed_at: shopDateTime(payout.createdAt as string),
      seller_email: "report-seller@example.com",
      method: payout.method,
      account_holder: (payout.accountHolder as string | null) ?? "",
      account: payout.account,
      amount_eur: eur(payout.amount as { amount: number }),
      status: "pending",
      batch: "",
      sent_at: "",
    });

    const audited = await database().db.select({ entityId: auditLog.entityId }).from(auditLog).where(eq(auditLog.action, "report.export"));
    expect(audited.map((a) => a.entityId)).toEqual(expect.arrayContaining([`refunds:${from}_${to}`, `orders:${from}_${to}`, `payouts:${from}_${to}`]));
  });

  it("streams a large export in batches: the rows read ahead of the client stay within three batches, and each row comes once", async () => {
    // Orders of January 2001, written straight into the table: many rows fast, in a month nobody else uses.
    const count = 2_345;
    await database().db.execute(sql`
      insert into orders (number, email, locale, status, payment_method, delivery_method, billing_address, delivery_address,
        items_total, discount_total, insurance_price, shipping_price, total, dispatch_days_min, dispatch_days_max, payment_deadline, placed_at)
      select 'R01-' || lpad(n::text, 6, '0'), 'bulk' || n || '@example.com', 'de', 'delivered', 'sandbox', 'standard',
        ${JSON.stringify(HOME)}::jsonb, ${JSON.stringify(HOME)}::jsonb, 1000 + n, 0, 0, 0, 1000 + n, 1, 2,
        timestamptz '2001-01-01 12:00+01' + n * interval '1 minute', timestamptz '2001-01-01 12:00+01' + (n % 700) * interval '1 minute'
      from generate_series(1, ${count}) as n`);
    const repo = createReportRepository(database().db);
    let fetched = 0;
    let consumed = 0;
    const ahead: number[] = [];
    const service = createReportService(
      {
        ...repo,
        async exportBatch(...args: Parameters<typeof repo.exportBatch>) {
          const rows = await repo.exportBatch(...args);
          fetched += rows.length;
          ahead.push(fetched - consumed);
          return rows;
        },
      } as typeof repo,
      { batchSize: 100 },
    );
    const actor = { uuid: "00000000-0000-4000-8000-000000000001", email: "bulk@example.com", requestId: "bulk", roles: ["finance" as const], secondFactorAt: new Date() };
    const { body } = await service.ordersCsv(actor, { from: "2001-01-01", to: "2001-01-31" }, (error) => {
      throw error;
    });
    const chunks: Buffer[] = [];
    // A slow client: it takes a chunk, then lets the server run before taking the next.
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      consumed += chunk.toString("utf8").split("\r\n").length - 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(ahead.length).toBe(Math.ceil(count / 100));
    // A batch, the rows queued between the streams, and 16 KiB of text waiting for the client.
    expect(Math.max(...ahead)).toBeLessThanOrEqual(3 * 100);
    const records = parse(Buffer.concat(chunks), { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(count);
    // Rows that share an instant are ordered by their key: none read twice, none skipped across batches.
    expect(new Set(records.map((r) => r.order_number)).size).toBe(count);
  });
});

describe("access and input", () => {
  const urls = [
    "/api/ops/reports/margin?month=2026-07",
    "/api/ops/reports/margin.csv?month=2026-07",
    ...["orders", "payouts", "refunds"].flatMap((name) => [`/api/ops/reports/${name}?from=2026-07-01&to=2026-07-31`, `/api/ops/reports/${name}.csv?from=2026-07-01&to=2026-07-31`]),
  ];

  it("is finance's (and admins'): customers find nothing, other staff are refused, and a refused export leaves no audit row", async () => {
    const customer = await fixtures.newCustomer("report-customer@example.com");
    const support = await member("support", "fulfilment");
    const admin = await member("admin");
    const before = await database().db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "report.export"));
    for (const url of urls) {
      expect((await call("GET", url, customer)).statusCode, url).toBe(404);
      expect((await call("GET", url, {})).statusCode, url).toBe(404);
      const refused = await call("GET", url, support);
      expect([refused.statusCode, codeOf(refused)], url).toEqual([403, "ROLE_REQUIRED"]);
      expect((await call("GET", url, admin)).statusCode, url).toBe(200);
    }
    const after = await database().db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "report.export"));
    expect(after.length - before.length).toBe(4);
  });

  it("refuses a month or a period that is not one, field by field, with 400", async () => {
    const staff = await finance();
    const refusal = async (url: string) => {
      const res = await call("GET", url, staff);
      expect(res.statusCode, url).toBe(400);
      return (res.json().errors as { code: string; reference: string }[]).map((e) => [e.code, e.reference]);
    };
    for (const month of ["2026-13", "2026-00", "1999-12", "2026-7", "july", "2026-07%00", "%F0%9F%92%B8"]) {
      expect(await refusal(`/api/ops/reports/margin?month=${month}`)).toEqual([["VALIDATION_FAILED", "query.month"]]);
      expect(await refusal(`/api/ops/reports/margin.csv?month=${month}`)).toEqual([["VALIDATION_FAILED", "query.month"]]);
    }
    expect(await refusal("/api/ops/reports/margin")).toEqual([["VALIDATION_FAILED", "query.month"]]);
    expect(await refusal("/api/ops/reports/margin?month=2026-07&scheme=reduced")).toEqual([["VALIDATION_FAILED", "query.scheme"]]);
    expect(await refusal("/api/ops/reports/margin?month=2026-07&page=0")).toEqual([["VALIDATION_FAILED", "query.page"]]);
    for (const name of ["orders", "payouts", "refunds"]) {
      for (const suffix of ["", ".csv"]) {
        const url = `/api/ops/reports/${name}${suffix}`;
        expect(await refusal(`${url}?from=2026-07-31&to=2026-07-01`)).toEqual([["VALIDATION_FAILED", "query.to"]]);
        expect(await refusal(`${url}?from=2026-01-01&to=2027-01-02`)).toEqual([["VALIDATION_FAILED", "query.to"]]);
        expect(await refusal(`${url}?from=2026-02-30&to=2026-03-01`)).toEqual([["VALIDATION_FAILED", "query.from"]]);
        expect(await refusal(`${url}?to=2026-03-01`)).toEqual([["VALIDATION_FAILED", "query.from"]]);
        expect(await refusal(`${url}?from=2026-07-01%00&to=x`)).toEqual([
          ["VALIDATION_FAILED", "query.from"],
          ["VALIDATION_FAILED", "query.to"],
        ]);
      }
    }
    // A year, leap day and all, is one export.
    expect((await call("GET", "/api/ops/reports/orders?from=2028-01-01&to=2028-12-31", staff)).statusCode).toBe(200);
  });
});
