import { XMLParser } from "fast-xml-parser";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../../demo-data/demo-customer.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import { totpCode } from "../../../test/staff-session.ts";
import { GOOD_BOOK, PERFECT_DEVICE, SELLER_HOME, sellFixtures, VALID_IBAN } from "../../../test/sell-fixtures.ts";

/** The app's clock runs this far ahead: a second factor grows old without waiting. */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
const { app, database } = setupTestApp({ clock: now });
const fixtures = sellFixtures(app, database);
const { call, codeOf, phone, book, addOffer, staff, newCustomer } = fixtures;

/** A settled sale (offer confirmed) of a phone, paid by bank transfer or PayPal. */
async function confirmedSale(email: string, payout: object): Promise<{ uuid: string; number: string; seller: Cookies; payout: number }> {
  const seller = await newCustomer(email);
  await addOffer(seller, await phone(30_000 + Math.floor(Math.random() * 10_000) * 10), PERFECT_DEVICE);
  await addOffer(seller, await book(2_345), GOOD_BOOK);
  const cart = (await call("POST", "/api/green-cart/prepare-checkout", seller)).json().cart;
  const sold = await call("POST", "/api/green-cart/checkout", seller, { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: SELLER_HOME, payout }, { "idempotency-key": `payout-${email.replace(/\W/g, "-")}` });
  expect(sold.statusCode).toBe(201);
  const admin = await staff();
  for (const type of ["parcel_received", "inspection_started", "offer_confirmed"]) expect((await call("POST", `/api/ops/sales/${sold.json().saleUuid}/events`, admin, { type })).statusCode).toBe(200);
  return { uuid: sold.json().saleUuid, number: sold.json().number, seller, payout: cart.totals.payout.amount };
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false });

describe("payouts", () => {
  it("are batched once, exported as the same SEPA file each time, and paid when the batch is marked executed", async () => {
    const bank = await confirmedSale("payee-bank@example.com", { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" });
    const second = await confirmedSale("payee-bank-two@example.com", { method: "bank_transfer", iban: "DE02120300000000202051", holder: "Anna Groß" });
    const paypal = await confirmedSale("payee-paypal@example.com", { method: "paypal", email: "payee-paypal@example.com" });
    const finance = await staff();

    // Receiving is not finance.
    const desk = await newStaffMember(fixtures, database(), "payout-desk@example.com", ["receiving"]);
    for (const [method, url] of [["GET", "/api/ops/payouts/due"], ["POST", "/api/ops/payout-batches"]] as const) {
      const refused = await call(method, url, desk, method === "POST" ? {} : undefined);
      expect([refused.statusCode, codeOf(refused)], url).toEqual([403, "ROLE_REQUIRED"]);
    }

    const due = (await call("GET", "/api/ops/payouts/due", finance)).json();
    const mine = [bank, second, paypal].map((s) => s.number);
    expect(due.payouts.filter((p: { saleNumber: string }) => mine.includes(p.saleNumber))).toHaveLength(3);
    expect(due.payouts.find((p: { saleNumber: string }) => p.saleNumber === bank.number)).toMatchObject({ method: "bank_transfer", account: VALID_IBAN, holder: "Jonas Weber", amount: { amount: bank.payout } });

    // Bad input is refused and batches nothing.
    expect(codeOf(await call("POST", "/api/ops/payout-batches", finance, { saleUuids: ["not-a-uuid"] }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", "/api/ops/payout-batches", finance, { saleUuids: [] }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("GET", "/api/ops/payout-batches/0", finance))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", "/api/ops/payouts/not-a-uuid/returned", finance))).toBe("VALIDATION_FAILED");
    expect((await call("GET", "/api/ops/payouts/due", finance)).json().payouts.filter((p: { saleNumber: string }) => mine.includes(p.saleNumber))).toHaveLength(3);
    const created = await call("POST", "/api/ops/payout-batches", finance, { saleUuids: [bank.uuid, second.uuid, paypal.uuid] });
    expect(created.statusCode).toBe(201);
    const batch = created.json();
    expect(batch.bankTransfers.map((p: { saleNumber: string }) => p.saleNumber).sort()).toEqual([bank.number, second.number].sort());
    expect(batch.paypal.map((p: { saleNumber: string }) => p.saleNumber)).toEqual([paypal.number]);
    // The batch's sum is its sales' payouts, to the cent.
    expect(batch.total.amount).toBe(bank.payout + second.payout + paypal.payout);
    const { rows } = (await database().db.execute(sql`select b.total, (select sum(amount)::int from payouts p where p.batch_id = b.id) as summed from payout_batches b where b.id = ${batch.id}`)) as unknown as { rows: { total: number; summed: number }[] };
    expect(rows).toEqual([{ total: batch.total.amount, summed: batch.total.amount }]);
    // A sale is in one batch at most.
    const twice = await call("POST", "/api/ops/payout-batches", finance, { saleUuids: [bank.uuid] });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, "NOTHING_DUE"]);
    expect((await call("GET", "/api/ops/payouts/due", finance)).json().payouts.map((p: { saleNumber: string }) => p.saleNumber)).not.toContain(bank.number);

    const exported = await call("GET", batch.sepaUrl, finance);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("application/xml");
    expect((await call("GET", batch.sepaUrl, finance)).body).toBe(exported.body);
    const document = parser.parse(exported.body).Document;
    expect(document["@_xmlns"]).toBe("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");
    const initiation = document.CstmrCdtTrfInitn;
    expect(initiation.GrpHdr).toMatchObject({ MsgId: `RELOOP-PAYOUTS-${batch.id}`, NbOfTxs: "2", CtrlSum: ((bank.payout + second.payout) / 100).toFixed(2) });
    expect(initiation.PmtInf.DbtrAcct.Id.IBAN).toBe("DE89370400440532013000");
    const transfers = [initiation.PmtInf.CdtTrfTxInf].flat();
    expect(transfers.map((t: { PmtId: { EndToEndId: string } }) => t.PmtId.EndToEndId).sort()).toEqual([bank.number, second.number].sort());
    expect(transfers.find((t: { PmtId: { EndToEndId: string } }) => t.PmtId.EndToEndId === second.number)).toMatchObject({ Cdtr: { Nm: "Anna Gross" }, CdtrAcct: { Id: { IBAN: "DE02120300000000202051" } } });

    // Marked executed: each sale is paid, and only once.
    const executed = await call("POST", `/api/ops/payout-batches/${batch.id}/executed`, finance);
    expect(executed.statusCode).toBe(200);
    expect(executed.json().executedAt).not.toBeNull();
    for (const sale of [bank, second, paypal]) expect((await call("GET", `/api/sales/${sale.uuid}`, sale.seller)).json()).toMatchObject({ status: "paid", payoutStatus: "sent" });
    expect(codeOf(await call("POST", `/api/ops/payout-batches/${batch.id}/executed`, finance))).toBe("PAYOUT_BATCH_EXECUTED");
    const audit = (await call("GET", `/api/ops/audit?entityType=payout_batch&entityId=${batch.id}`, finance)).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(expect.arrayContaining(["payout_batch.create", "payout_batch.export", "payout_batch.executed"]));
  });

  it("reopens a sale whose transfer the bank sent back, until its seller corrects the account", async () => {
    const sale = await confirmedSale("payee-returned@example.com", { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" });
    const finance = await staff();
    const batch = (await call("POST", "/api/ops/payout-batches", finance, { saleUuids: [sale.uuid] })).json();
    expect((await call("POST", `/api/ops/payout-batches/${batch.id}/executed`, finance)).statusCode).toBe(200);
    // The seller cannot change the account of a payout that went out.
    const early = await call("PUT", `/api/sales/${sale.uuid}/payout-account`, sale.seller, { payout: { method: "bank_transfer", iban: "DE02120300000000202051", holder: "Jonas Weber" } });
    expect([early.statusCode, codeOf(early)]).toEqual([409, "SALE_STATE_CHANGED"]);

    expect((await call("POST", `/api/ops/payouts/${sale.uuid}/returned`, finance)).statusCode).toBe(204);
    expect((await call("GET", `/api/sales/${sale.uuid}`, sale.seller)).json()).toMatchObject({ status: "offer_confirmed", payoutStatus: "returned" });
    expect(codeOf(await call("POST", `/api/ops/payouts/${sale.uuid}/returned`, finance))).toBe("SALE_TRANSITION_NOT_ALLOWED");
    const dueNumbers = async () => (await call("GET", "/api/ops/payouts/due", finance)).json().payouts.map((p: { saleNumber: string }) => p.saleNumber);
    expect(await dueNumbers()).not.toContain(sale.number);

    const wrong = await call("PUT", `/api/sales/${sale.uuid}/payout-account`, sale.seller, { payout: { method: "bank_transfer", iban: "DE02120300000000202052", holder: "Jonas Weber" } });
    expect(codeOf(wrong)).toBe("IBAN_INVALID");
    const corrected = await call("PUT", `/api/sales/${sale.uuid}/payout-account`, sale.seller, { payout: { method: "bank_transfer", iban: "DE02 1203 0000 0000 2020 51", holder: "Jonas Weber" } });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ payoutStatus: "pending", payoutAccount: expect.stringMatching(/^DE.*2051$/) });
    expect(await dueNumbers()).toContain(sale.number);
    expect((await call("GET", `/api/ops/audit?action=payout.returned&entityId=${sale.uuid}`, finance)).json().total).toBe(1);
  });

  it("puts a sale into one of two batches made at the same time, never both", async () => {
    const sales = await Promise.all([1, 2, 3].map((n) => confirmedSale(`race-${n}@example.com`, { method: "bank_transfer", iban: VALID_IBAN, holder: "Race Seller" })));
    const finance = await staff();
    const saleUuids = sales.map((s) => s.uuid);
    const answers = await Promise.all([0, 1, 2, 3].map(() => call("POST", "/api/ops/payout-batches", finance, { saleUuids })));
    const made = answers.filter((a) => a.statusCode === 201);
    expect(answers.every((a) => a.statusCode === 201 || codeOf(a) === "NOTHING_DUE")).toBe(true);
    const batched = made.flatMap((a) => a.json().bankTransfers.map((p: { saleUuid: string }) => p.saleUuid));
    expect(batched.sort()).toEqual([...saleUuids].sort());
  });

  it("asks finance for the second factor again when it is older than five minutes", async () => {
    await confirmedSale("payee-late@example.com", { method: "paypal", email: "payee-late@example.com" });
    const finance = await staff();
    ahead = 6 * 60_000;
    try {
      const stale = await call("POST", "/api/ops/payout-batches", finance, {});
      expect([stale.statusCode, codeOf(stale)]).toEqual([401, "SECOND_FACTOR_REQUIRED"]);
      // Reading stays open; giving the code again opens the way.
      expect((await call("GET", "/api/ops/payouts/due", finance)).statusCode).toBe(200);
      expect((await call("POST", "/api/ops/second-factor", finance, { code: await totpCode(DEMO_STAFF.totpSecret, now()) })).statusCode).toBe(200);
      expect((await call("POST", "/api/ops/payout-batches", finance, {})).statusCode).toBe(201);
    } finally {
      ahead = 0;
    }
  });
});
