import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bankStatementImports, bankTransfers } from "../../../db/schema/bank-transfers.ts";
import { orderEvents, orders, payments } from "../../../db/schema/orders.ts";
import { auditLog } from "../../../db/schema/staff.ts";
import { createJobQueue } from "../../../jobs/queue.ts";
import type { MailMessage } from "../../../mail/mailer.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { camt053, type FixtureEntry } from "../../../test/camt053.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const sent: MailMessage[] = [];
const { app, database, jobs } = setupTestApp({
  mailer: { send: async (message) => void sent.push(message) },
  // With a clock the queue does not poll: the mails go when a test drains it.
  jobs: (db) => createJobQueue(db, { clock: () => new Date(), log: () => {} }),
});
const fixtures = sellFixtures(app, database);
const { call, codeOf, newCustomer } = fixtures;
const { freshProduct } = shopFixtures(app, database);
const CART = "reloop-cart";

interface Placed {
  cookies: Cookies;
  uuid: string;
  number: string;
  total: number;
}

/** A guest's order of one unit, paid by bank transfer: it waits for the money. */
async function transferOrder(): Promise<Placed> {
  const productId = await freshProduct(3);
  const cookies: Cookies = {};
  const added = await call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: "A1", withFullBattery: false });
  const cart = added.cookies.find((c) => c.name === CART);
  if (cart) cookies[CART] = cart.value;
  await call("PUT", "/api/checkout/address", cookies, { email: `transfer-${productId}@example.com`, billingAddress: HOME });
  const view = (await call("PUT", "/api/cart/options", cookies, { paymentMethod: "prepayment" })).json();
  const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
  const placed = await call("POST", "/api/checkout/orders", cookies, body, { "idempotency-key": `transfer-order-${productId}` });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  expect(order.status).toBe("awaiting_transfer");
  return { cookies, uuid: order.orderUuid, number: order.number, total: order.totalPrice.amount };
}

/** Cents as the statement writes them. */
const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
/** The form a browser sends with the statement file. */
function statementForm(xml: string | Uint8Array, name = "statement.xml"): FormData {
  const form = new FormData();
  form.append("statement", new Blob([typeof xml === "string" ? xml : new Uint8Array(xml)], { type: "application/xml" }), name);
  return form;
}
const importStatement = (cookies: Cookies, payload: FormData | object) => call("POST", "/api/ops/bank-statements", cookies, payload);
const list = (cookies: Cookies, query = "") => call("GET", `/api/ops/bank-transfers${query}`, cookies);
const book = (cookies: Cookies, id: number, body: object) => call("POST", `/api/ops/bank-transfers/${id}/booking`, cookies, body);

const orderRow = async (uuid: string) => (await database().db.select().from(orders).where(eq(orders.uuid, uuid)))[0]!;
const transferEvents = (uuid: string) =>
  database()
    .db.select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderUuid, uuid), eq(orderEvents.event, "transfer_received")));
const transferRow = async (reference: string) => (await database().db.select().from(bankTransfers).where(eq(bankTransfers.reference, reference)))[0]!;
const audits = (action: string) => database().db.select().from(auditLog).where(eq(auditLog.action, action));
const confirmations = (number: string) => sent.filter((m) => m.subject === `Deine Bestellung ${number} ist bestätigt`);

let staffCount = 0;
const staffOf = (roles: Parameters<typeof newStaffMember>[3]) => newStaffMember(fixtures, database(), `transfer-staff-${++staffCount}@example.com`, roles);

let finance: Cookies;
let exact: Placed;
let short: Placed;
let cancelled: Placed;
let byHand: Placed;
let firstImport: ReturnType<typeof JSON.parse>;
let statement: string;

describe("importing the bank's statement", () => {
  it("books the exact amount at once and keeps every other incoming transfer in its state", async () => {
    finance = await staffOf(["finance"]);
    [exact, short, cancelled, byHand] = [await transferOrder(), await transferOrder(), await transferOrder(), await transferOrder()];
    const over = await transferOrder();
    const cancel = await call("POST", `/api/orders/${cancelled.uuid}/cancel`, cancelled.cookies, {});
    expect(cancel.statusCode).toBe(200);

    const entries: FixtureEntry[] = [
      { reference: "2026030200001", amount: euros(exact.total), remittance: ["Bestellung", exact.number.replace("-", "").toLowerCase()], debtorName: "Erika Mustermann", bookingDate: "2026-03-02" },
      { reference: "2026030200002", amount: "12.34", remittance: ["Miete Maerz"], bookingDate: "2026-03-02" },
      { reference: "2026030200003", amount: "99.00", remittance: ["Bestellung R99-999999"], bookingDate: "2026-03-01" },
      { reference: "2026030200004", amount: euros(short.total - 1_000), remittance: [`${short.number} Rest folgt`], bookingDate: "2026-03-01" },
      { reference: "2026030200005", amount: euros(over.total + 500), remittance: [`Best.Nr. ${over.number.replace("-", " ")}`], bookingDate: "2026-03-01" },
      { reference: "2026030200006", amount: euros(cancelled.total), remittance: [cancelled.number], bookingDate: "2026-02-28" },
      // The same order paid twice in one file: the second is a double payment.
      { reference: "2026030200007", amount: euros(exact.total), remittance: [`Bestellung ${exact.number}`], bookingDate: "2026-02-28" },
      { reference: "2026030200008", amount: "50.00", direction: "DBIT", remittance: ["Kontofuehrung"] },
      { reference: "2026030200009", amount: "80.00", currency: "CHF", remittance: [byHand.number] },
      { reference: "2026030200010", amount: "80.00", status: "PDNG", remittance: [byHand.number] },
    ];
    statement = camt053(entries);
    const imported = await importStatement(finance, statementForm(statement, "auszug-2026-03-02.xml"));
    expect(imported.statusCode).toBe(200);
    firstImport = imported.json();
    expect(firstImport).toMatchObject({ messageId: "MSG-STMT-2026-03-02", statementIds: ["STMT-2026-03-02"], credits: 7, added: 7, known: 0, skipped: 2, booked: 1 });
    const byReference = Object.fromEntries((firstImport.transfers as { reference: string; state: string; reason: string }[]).map((t) => [t.reference, [t.state, t.reason]]));
    expect(byReference).toEqual({
      "2026030200001": ["booked", "exact_amount"],
      "2026030200002": ["unmatched", "no_order_number"],
      "2026030200003": ["unmatched", "unknown_order"],
      "2026030200004": ["partial", "less_than_total"],
      "2026030200005": ["over", "more_than_total"],
      "2026030200006": ["needs_refund", "order_cancelled"],
      "2026030200007": ["needs_refund", "already_paid"],
    });
    const booked = firstImport.transfers.find((t: { reference: string }) => t.reference === "2026030200001");
    expect(booked).toMatchObject({ amount: { amount: exact.total, currency: "EUR" }, orderNumber: exact.number, order: { uuid: exact.uuid, status: "paid" }, debtorName: "Erika Mustermann", bookingDate: "2026-03-02", bookedByEmail: null });

    // The exact transfer paid its order as a booked transfer does; nothing else changed.
    expect((await orderRow(exact.uuid)).status).toBe("paid");
    expect(await transferEvents(exact.uuid)).toEqual([expect.objectContaining({ fromStatus: "awaiting_transfer", toStatus: "paid", actor: `staff:transfer-staff-1@example.com` })]);
    expect((await database().db.select().from(payments).where(eq(payments.orderUuid, exact.uuid))).map((p) => p.status)).toEqual(["approved"]);
    expect((await orderRow(short.uuid)).status).toBe("awaiting_transfer");
    expect((await orderRow(over.uuid)).status).toBe("awaiting_transfer");
    expect((await orderRow(cancelled.uuid)).status).toBe("cancelled");

    // The import and the booking are audited; the order's confirmation goes out once, after the commit.
    expect(await audits("bank_statement.import")).toEqual([expect.objectContaining({ entityId: String(firstImport.importId), after: expect.objectContaining({ added: 7, booked: 1, bookedOrders: [exact.number], fileName: "auszug-2026-03-02.xml" }) })]);
    expect(await audits("bank_transfer.book")).toEqual([expect.objectContaining({ entityType: "order", entityId: exact.uuid, after: expect.objectContaining({ automatic: true, status: "paid" }) })]);
    await jobs().drain();
    expect(confirmations(exact.number)).toHaveLength(1);
    expect(confirmations(short.number)).toHaveLength(0);
  });

  it("adds nothing when the same statement comes again, nor when two imports of it run at once", async () => {
    const again = await importStatement(finance, statementForm(statement));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ credits: 7, added: 0, known: 7, booked: 0, transfers: [] });
    const [one, two] = await Promise.all([importStatement(finance, statementForm(statement)), importStatement(finance, statementForm(statement))]);
    expect([one.json().added, two.json().added]).toEqual([0, 0]);
    expect(await database().db.select().from(bankTransfers)).toHaveLength(7);
    expect(await database().db.select().from(bankStatementImports)).toHaveLength(4);
    expect(await transferEvents(exact.uuid)).toHaveLength(1);

    // A later statement repeating one entry next to a new one: only the new one is added.
    const next = camt053([{ reference: "2026030200001", amount: euros(exact.total), remittance: [exact.number] }, { reference: "2026030300001", amount: "5.00", remittance: ["Spende"] }], { statementId: "STMT-2026-03-03" });
    expect((await importStatement(finance, statementForm(next))).json()).toMatchObject({ credits: 2, added: 1, known: 1, booked: 0 });
    await jobs().drain();
    expect(confirmations(exact.number)).toHaveLength(1);
  });

  it("refuses a file that is no XML, no bank statement, not UTF-8, too large, or missing, and keeps nothing of it", async () => {
    const before = (await database().db.select().from(bankStatementImports)).length;
    const notXml = await importStatement(finance, statementForm("Buchungstag;Betrag\n02.03.2026;249,90"));
    expect([notXml.statusCode, codeOf(notXml)]).toEqual([400, "STATEMENT_INVALID_XML"]);
    expect(notXml.json().errors[0]).toMatchObject({ reference: "statement", message: expect.stringContaining("no well-formed XML") });
    const broken = await importStatement(finance, statementForm(statement.replace("</Stmt>", "")));
    expect(codeOf(broken)).toBe("STATEMENT_INVALID_XML");
    const pain = await importStatement(finance, statementForm('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>'));
    expect([pain.statusCode, codeOf(pain)]).toEqual([400, "STATEMENT_NOT_CAMT053"]);
    const latin1 = await importStatement(finance, statementForm(new Uint8Array([...new TextEncoder().encode("<Document><Nm>M"), 0xfc, ...new TextEncoder().encode("ller</Nm></Document>")])));
    expect(codeOf(latin1)).toBe("STATEMENT_INVALID_XML");
    const large = await importStatement(finance, statementForm(statement + " ".repeat(5 * 1024 * 1024)));
    expect([large.statusCode, codeOf(large)]).toEqual([413, "STATEMENT_TOO_LARGE"]);
    const json = await importStatement(finance, { statement });
    expect([json.statusCode, codeOf(json)]).toEqual([400, "VALIDATION_FAILED"]);
    const otherField = new FormData();
    otherField.append("file", new Blob([statement]), "statement.xml");
    expect(codeOf(await importStatement(finance, otherField))).toBe("VALIDATION_FAILED");
    expect((await database().db.select().from(bankStatementImports)).length).toBe(before);
  });
});

describe("the list of transfers", () => {
  it("lists them newest booking day first, by state, with the count of each state", async () => {
    const all = await list(finance);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: 8, totalPages: 1, counts: { booked: 1, unmatched: 3, partial: 1, over: 1, needs_refund: 2 } });
    const days = body.transfers.map((t: { bookingDate: string }) => t.bookingDate);
    expect(days).toEqual([...days].sort().reverse());
    const unmatched = (await list(finance, "?state=unmatched")).json();
    expect(unmatched.total).toBe(3);
    expect(unmatched.transfers.map((t: { state: string }) => t.state)).toEqual(["unmatched", "unmatched", "unmatched"]);
    const refunds = (await list(finance, "?state=needs_refund")).json();
    expect(refunds.transfers.map((t: { reason: string }) => t.reason).sort()).toEqual(["already_paid", "order_cancelled"]);
    expect((await list(finance, "?state=partial&page=2")).json()).toMatchObject({ page: 2, transfers: [], total: 1 });
    const wrong = await list(finance, "?state=lost");
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, "VALIDATION_FAILED"]);
  });
});

describe("booking a transfer by hand", () => {
  it("books a partial transfer with a note, once, and pays its order", async () => {
    const partial = await transferRow("2026030200004");
    const withoutNote = await book(finance, partial.id, { orderNumber: short.number });
    expect([withoutNote.statusCode, codeOf(withoutNote)]).toEqual([400, "TRANSFER_NOTE_REQUIRED"]);
    expect(withoutNote.json().errors[0].reference).toBe("body.note");
    expect((await orderRow(short.uuid)).status).toBe("awaiting_transfer");

    const booked = await book(finance, partial.id, { orderNumber: ` ${short.number.replace("-", "").toLowerCase()} `, note: "Customer pays the missing 10 € in cash at pickup" });
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({ state: "booked", reason: "booked_by_hand", orderNumber: short.number, order: { uuid: short.uuid, status: "paid" }, bookedByEmail: "transfer-staff-1@example.com", note: "Customer pays the missing 10 € in cash at pickup" });
    expect((await orderRow(short.uuid)).status).toBe("paid");
    expect(await transferEvents(short.uuid)).toHaveLength(1);

    const again = await book(finance, partial.id, { orderNumber: short.number, note: "again" });
    expect([again.statusCode, codeOf(again)]).toEqual([409, "TRANSFER_ALREADY_BOOKED"]);
    expect(await transferEvents(short.uuid)).toHaveLength(1);
    const [audit] = (await audits("bank_transfer.book")).filter((a) => a.entityType === "bank_transfer");
    expect(audit).toMatchObject({ entityId: String(partial.id), actorEmail: "transfer-staff-1@example.com", before: { state: "partial" }, after: { state: "booked", orderNumber: short.number, note: "Customer pays the missing 10 € in cash at pickup" } });
    await jobs().drain();
    expect(confirmations(short.number)).toHaveLength(1);
  });

  it("books an unmatched transfer of the exact amount without a note, and refuses an order that does not wait for a transfer", async () => {
    const unknown = await transferRow("2026030200003");
    const paidAlready = await book(finance, unknown.id, { orderNumber: exact.number, note: "Customer typed a wrong number" });
    expect([paidAlready.statusCode, codeOf(paidAlready)]).toEqual([409, "ORDER_NOT_AWAITING_TRANSFER"]);
    expect(paidAlready.json().errors[0].message).toContain("nothing was booked");
    const cancelledOrder = await book(finance, unknown.id, { orderNumber: cancelled.number, note: "x" });
    expect(codeOf(cancelledOrder)).toBe("ORDER_NOT_AWAITING_TRANSFER");
    expect(codeOf(await book(finance, unknown.id, { orderNumber: "R99-888888", note: "x" }))).toBe("ORDER_NOT_FOUND");
    expect(codeOf(await book(finance, unknown.id, { orderNumber: "the blue one" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await book(finance, 999_999, { orderNumber: byHand.number }))).toBe("TRANSFER_NOT_FOUND");
    expect((await transferRow("2026030200003")).state).toBe("unmatched");

    // The customer's money came without a number: finance finds the order by the amount and books it.
    const matching = camt053([{ reference: "2026030400001", amount: euros(byHand.total), remittance: ["Danke fuer den Laptop"], bookingDate: "2026-03-04" }], { statementId: "STMT-2026-03-04" });
    const imported = (await importStatement(finance, statementForm(matching))).json();
    expect(imported.transfers[0]).toMatchObject({ state: "unmatched", reason: "no_order_number" });
    const booked = await book(finance, imported.transfers[0].id, { orderNumber: byHand.number });
    expect(booked.json()).toMatchObject({ state: "booked", note: null, order: { status: "paid" } });
  });
});

describe("who may", () => {
  it("lets finance and admins in, refuses other staff with 403 and everyone else with 404", async () => {
    const admin = await staffOf(["admin"]);
    expect((await list(admin)).statusCode).toBe(200);
    for (const roles of [["support"], ["fulfilment", "receiving"]] as const) {
      const member = await staffOf([...roles]);
      for (const res of [await list(member), await importStatement(member, statementForm(statement)), await book(member, 1, { orderNumber: exact.number })]) {
        expect([res.statusCode, codeOf(res)]).toEqual([403, "ROLE_REQUIRED"]);
      }
    }
    const customer = await newCustomer("transfer-customer@example.com");
    for (const who of [customer, {}]) {
      expect((await list(who)).statusCode).toBe(404);
      expect((await importStatement(who, statementForm(statement))).statusCode).toBe(404);
      expect((await book(who, 1, { orderNumber: exact.number })).statusCode).toBe(404);
    }
  });
});

describe("refunds of orders paid by transfer", () => {
  it("go back to the account the money came from, in the next SEPA batch of everything due, once, and count as sent when the batch ran", async () => {
    const order = await transferOrder();
    const finance = await staffOf(["finance", "support"]);
    const statement = camt053([{ reference: "REFUND-BACK-1", amount: euros(order.total), remittance: [`Bestellung ${order.number}`], debtorName: "Lena Graf", debtorIban: "DE02120300000000202051" }], { messageId: "REFUND-STMT-1" });
    expect((await importStatement(finance, statementForm(statement))).statusCode).toBe(200);
    const cancelled = await call("POST", `/api/ops/orders/${order.uuid}/cancel`, finance, { reason: "Customer changed their mind" });
    expect(cancelled.json().refund).toMatchObject({ status: "to_transfer", amount: { amount: order.total } });

    const due = (await call("GET", "/api/ops/payouts/due", finance)).json();
    expect(due.refunds).toEqual([expect.objectContaining({ orderNumber: order.number, account: "DE02120300000000202051", holder: "Lena Graf", amount: { amount: order.total, currency: "EUR" } })]);
    const created = await call("POST", "/api/ops/payout-batches", finance, {});
    expect(created.statusCode).toBe(201);
    const batch = created.json();
    expect(batch.refunds.map((r: { orderNumber: string }) => r.orderNumber)).toEqual([order.number]);
    expect(batch.total.amount).toBe(batch.bankTransfers.reduce((s: number, p: { amount: { amount: number } }) => s + p.amount.amount, 0) + batch.paypal.reduce((s: number, p: { amount: { amount: number } }) => s + p.amount.amount, 0) + order.total);
    // Already in a batch: a second batch does not take it again.
    expect((await call("GET", "/api/ops/payouts/due", finance)).json().refunds).toEqual([]);

    const sepa = await call("GET", `/api/ops/payout-batches/${batch.id}/sepa.xml`, finance);
    expect(sepa.body).toContain("<IBAN>DE02120300000000202051</IBAN>");
    expect(sepa.body).toContain(`Reloop Erstattung ${order.number}`);
    expect(sepa.body).toContain(`<EndToEndId>${order.number}-R</EndToEndId>`);
    expect((await call("POST", `/api/ops/payout-batches/${batch.id}/executed`, finance, {})).statusCode).toBe(200);
    const refunds = (await database().db.execute(sql`select status from order_refunds where order_uuid = ${order.uuid}`)) as unknown as { rows: { status: string }[] };
    expect(refunds.rows).toEqual([{ status: "succeeded" }]);
  });
});
