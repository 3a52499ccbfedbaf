import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellCoupons } from "../../../db/schema/selling.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { GOOD_BOOK, PERFECT_DEVICE, SELLER_HOME, sellFixtures, VALID_IBAN } from "../../../test/sell-fixtures.ts";

const { app, database } = setupTestApp();
const { call, codeOf, phone, book, addOffer, login, staff, newCustomer } = sellFixtures(app, database);

const bankPayout = { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" };
/** A logged-in seller with a phone in the sell cart, and the checkout body that sells it. */
async function readySeller(cookies: Cookies, pricePurchase = 30_000) {
  await addOffer(cookies, await phone(pricePurchase), PERFECT_DEVICE);
  const cart = (await call("POST", "/api/green-cart/prepare-checkout", cookies)).json().cart;
  return { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: SELLER_HOME, payout: bankPayout };
}
const checkout = (cookies: Cookies, body: object, key: string) => call("POST", "/api/green-cart/checkout", cookies, body, { "idempotency-key": key });

describe("sell checkout", () => {
  it("needs an account, a valid IBAN and a cart that can be sold", async () => {
    const visitor: Cookies = {};
    const body = await readySeller(visitor);
    const anonymous = await checkout(visitor, body, "sell-key-anon-1");
    expect([anonymous.statusCode, codeOf(anonymous)]).toEqual([401, "NOT_AUTHENTICATED"]);
    await login(visitor);
    const badIban = await checkout(visitor, { ...body, payout: { ...bankPayout, iban: "DE89370400440532013001" } }, "sell-key-iban-1");
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().errors[0]).toMatchObject({ code: "IBAN_INVALID", reference: "payout.iban" });
    expect((await checkout(visitor, { ...body, termsAccepted: false }, "sell-key-terms-1")).statusCode).toBe(400);
    const changed = await checkout(visitor, { ...body, expectedPayout: body.expectedPayout + 1 }, "sell-key-payout-1");
    expect([changed.statusCode, codeOf(changed)]).toEqual([409, "PAYOUT_CHANGED"]);
    await call("DELETE", "/api/green-cart/items", visitor);
    await addOffer(visitor, await book(400), GOOD_BOOK);
    const tooSmall = await checkout(visitor, { ...body, expectedPayout: 0 }, "sell-key-small-1");
    expect([tooSmall.statusCode, codeOf(tooSmall)]).toEqual([409, "MinOrderThresholdUnfulfilledErrorDto"]);
    await call("DELETE", "/api/green-cart/items", visitor);
    const empty = await checkout(visitor, body, "sell-key-empty-1");
    expect([empty.statusCode, codeOf(empty)]).toEqual([404, "CART_EMPTY"]);
  });

  it("creates a numbered sale with a label, empties the sell cart, and answers a replay the same", async () => {
    const cookies = await newCustomer("seller-one@example.com");
    const body = await readySeller(cookies);
    const sold = await checkout(cookies, body, "sell-key-ok-1");
    expect(sold.statusCode).toBe(201);
    const sale = sold.json();
    expect(sale).toMatchObject({ number: expect.stringMatching(/^S-\d{7}$/), payout: { amount: 30_000 }, labelUrl: `/api/sales/${sale.saleUuid}/label.pdf` });
    expect((await call("GET", "/api/green-cart", cookies)).json().items).toHaveLength(0);

    const replay = await checkout(cookies, body, "sell-key-ok-1");
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(sale);
    const reused = await checkout(cookies, { ...body, expectedPayout: 1 }, "sell-key-ok-1");
    expect([reused.statusCode, codeOf(reused)]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);

    const label = await call("GET", sale.labelUrl, cookies);
    expect(label.statusCode).toBe(200);
    expect(label.headers["content-type"]).toBe("application/pdf");
    expect(label.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const view = (await call("GET", `/api/sales/${sale.saleUuid}`, cookies)).json();
    expect(view).toMatchObject({ status: "created", payoutMethod: "bank_transfer", payoutAccount: "DE89 •••• 3000", carrier: "dhl", parcels: 1, senderAddress: { city: "Köln" } });
    expect(view.items).toHaveLength(1);
    expect(view.timeline).toEqual([{ status: "created", event: "checked_out", at: expect.any(String) }]);
    const list = (await call("GET", "/api/sales", cookies)).json();
    expect(list.sales.map((s: { uuid: string }) => s.uuid)).toEqual([sale.saleUuid]);
    // The list counts the sale's items (it said 0).
    expect(list.sales[0]).toMatchObject({ itemCount: 1, payout: { amount: 30_000 } });
  });

  it("uses a sell coupon once per customer", async () => {
    const cookies = await newCustomer("coupon-seller@example.com");
    let body = await readySeller(cookies, 10_000);
    body = { ...body, expectedPayout: (await call("PUT", "/api/green-cart/coupon", cookies, { code: "SELLMORE10" })).json().totals.payout.amount };
    expect(body.expectedPayout).toBe(11_000);
    expect((await checkout(cookies, body, "sell-key-coupon-1")).statusCode).toBe(201);
    await addOffer(cookies, await phone(10_000), PERFECT_DEVICE);
    expect(codeOf(await call("PUT", "/api/green-cart/coupon", cookies, { code: "SELLMORE10" }))).toBe("SELL_COUPON::ALREADY_USED");
  });

  it("shows a sale to its own customer only", async () => {
    const owner = await newCustomer("owner-seller@example.com");
    const sale = (await checkout(owner, await readySeller(owner), "sell-key-owner-1")).json();
    const stranger = await newCustomer("stranger@example.com");
    for (const url of [`/api/sales/${sale.saleUuid}`, `/api/sales/${sale.saleUuid}/label.pdf`]) {
      const res = await call("GET", url, stranger);
      expect([res.statusCode, codeOf(res)]).toEqual([404, "SALE_NOT_FOUND"]);
    }
    expect((await call("POST", `/api/sales/${sale.saleUuid}/counteroffer/accept`, stranger)).statusCode).toBe(404);
    expect((await call("GET", "/api/sales", stranger)).json().sales).toEqual([]);
    expect((await call("GET", `/api/sales/${sale.saleUuid}`, {})).statusCode).toBe(401);
  });
});

describe("after the sale", () => {
  async function soldPhone(email: string, pricePurchase = 30_000) {
    const cookies = await newCustomer(email);
    const sale = (await checkout(cookies, await readySeller(cookies, pricePurchase), `sell-key-${email.replace(/\W/g, "-")}`)).json();
    const view = (await call("GET", `/api/sales/${sale.saleUuid}`, cookies)).json();
    return { cookies, saleUuid: sale.saleUuid as string, itemUuid: view.items[0].uuid as string };
  }
  const event = (cookies: Cookies, saleUuid: string, body: object) => call("POST", `/api/ops/sales/${saleUuid}/events`, cookies, body);

  it("lets only staff drive a sale, one allowed step at a time", async () => {
    const { cookies, saleUuid } = await soldPhone("driven@example.com");
    const own = await event(cookies, saleUuid, { type: "parcel_received" });
    expect([own.statusCode, codeOf(own)]).toEqual([404, "ROUTE_NOT_FOUND"]);
    expect((await event({}, saleUuid, { type: "parcel_received" })).statusCode).toBe(404);
    const ops = await staff();
    const early = await event(ops, saleUuid, { type: "payout_sent" });
    expect([early.statusCode, codeOf(early)]).toEqual([409, "SALE_TRANSITION_NOT_ALLOWED"]);
    expect((await event(ops, saleUuid, { type: "parcel_received" })).json().status).toBe("parcel_received");
    expect((await event(ops, saleUuid, { type: "inspection_started" })).json().status).toBe("in_inspection");
    const confirmed = (await event(ops, saleUuid, { type: "offer_confirmed" })).json();
    expect(confirmed).toMatchObject({ status: "offer_confirmed", payoutStatus: "pending", totals: { payout: { amount: 30_000 } } });
    const paid = (await event(ops, saleUuid, { type: "payout_sent" })).json();
    expect(paid).toMatchObject({ status: "paid", payoutStatus: "sent" });
    expect(paid.timeline.map((t: { event: string }) => t.event)).toEqual(["checked_out", "parcel_received", "inspection_started", "offer_confirmed", "payout_sent"]);
    expect((await event(ops, saleUuid, { type: "nonsense" })).statusCode).toBe(400);
  });

  it("settles an accepted counteroffer at its prices, and returns a declined one", async () => {
    const ops = await staff();
    const accepted = await soldPhone("accepts@example.com");
    for (const type of ["parcel_received", "inspection_started"]) await event(ops, accepted.saleUuid, { type });
    expect(codeOf(await event(ops, accepted.saleUuid, { type: "counteroffer_made" }))).toBe("COUNTEROFFER_ITEMS_MISSING");
    const countered = (
      await event(ops, accepted.saleUuid, { type: "counteroffer_made", counteroffer: [{ itemUuid: accepted.itemUuid, grade: "A3", price: 19_200, reason: "Deep scratches on the back" }] })
    ).json();
    expect(countered.status).toBe("counteroffer");
    expect(countered.items[0].counteroffer).toEqual({ grade: "A3", price: { amount: 19_200, currency: "EUR" }, reason: "Deep scratches on the back" });
    expect(countered.counteroffer.payout).toEqual({ amount: 19_200, currency: "EUR" });
    const days = (new Date(countered.counteroffer.deadline).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    const settled = (await call("POST", `/api/sales/${accepted.saleUuid}/counteroffer/accept`, accepted.cookies)).json();
    expect(settled).toMatchObject({ status: "offer_confirmed", counteroffer: null, totals: { payout: { amount: 19_200 } }, payoutStatus: "pending" });
    const again = await call("POST", `/api/sales/${accepted.saleUuid}/counteroffer/decline`, accepted.cookies);
    expect([again.statusCode, codeOf(again)]).toEqual([409, "SALE_STATE_CHANGED"]);

    const declined = await soldPhone("declines@example.com");
    for (const type of ["parcel_received", "inspection_started"]) await event(ops, declined.saleUuid, { type });
    await event(ops, declined.saleUuid, { type: "counteroffer_made", counteroffer: [{ itemUuid: declined.itemUuid, grade: "DEFECT", price: 4_500, reason: "Does not charge" }] });
    const returned = (await call("POST", `/api/sales/${declined.saleUuid}/counteroffer/decline`, declined.cookies)).json();
    expect(returned).toMatchObject({ status: "returned", payoutStatus: null });
    expect(returned.timeline.at(-1)).toMatchObject({ status: "returned", event: "counteroffer_declined" });
  });

  it("settles at the coupon's terms of the checkout, whatever the coupon says later", async () => {
    const cookies = await newCustomer("coupon-terms@example.com");
    await addOffer(cookies, await phone(10_000), PERFECT_DEVICE);
    const payout = (await call("PUT", "/api/green-cart/coupon", cookies, { code: "SELLMORE10" })).json().totals.payout.amount;
    const body = { termsAccepted: true, expectedPayout: payout, address: SELLER_HOME, payout: bankPayout };
    const { saleUuid } = (await checkout(cookies, body, "sell-key-coupon-terms")).json();
    await database().db.update(sellCoupons).set({ bonusPercent: 50 }).where(eq(sellCoupons.code, "SELLMORE10"));
    const ops = await staff();
    for (const type of ["parcel_received", "inspection_started", "offer_confirmed"]) await event(ops, saleUuid, { type });
    expect((await call("GET", `/api/sales/${saleUuid}`, cookies)).json().totals.payout.amount).toBe(11_000);
    await database().db.update(sellCoupons).set({ bonusPercent: 10 }).where(eq(sellCoupons.code, "SELLMORE10"));
  });

  it("refuses a counteroffer for an item of another sale", async () => {
    const ops = await staff();
    const first = await soldPhone("first@example.com");
    const second = await soldPhone("second@example.com");
    for (const type of ["parcel_received", "inspection_started"]) await event(ops, first.saleUuid, { type });
    const wrong = await event(ops, first.saleUuid, { type: "counteroffer_made", counteroffer: [{ itemUuid: second.itemUuid, grade: "A2", price: 100, reason: "x" }] });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, "SALE_ITEM_NOT_FOUND"]);
    expect((await call("GET", `/api/sales/${first.saleUuid}`, first.cookies)).json().status).toBe("in_inspection");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("concurrent sell checkouts on the PostgreSQL server", () => {
  it("turn one cart into one sale, whatever the keys", async () => {
    const cookies = await newCustomer("racer@example.com");
    const body = await readySeller(cookies);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => checkout(cookies, body, `race-key-${i}`)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => ["CART_EMPTY", "CART_CHANGED"].includes(codeOf(a)!))).toBe(true);
    expect((await call("GET", "/api/sales", cookies)).json().total).toBe(1);
  });

  it("answer one key sent many times at once with one sale", async () => {
    const cookies = await newCustomer("double-click@example.com");
    const body = await readySeller(cookies);
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(cookies, body, "double-click-key")));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.json().saleUuid)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 201 || codeOf(a) === "IDEMPOTENCY_KEY_IN_PROGRESS")).toBe(true);
    expect((await call("GET", "/api/sales", cookies)).json().total).toBe(1);
  });
});
