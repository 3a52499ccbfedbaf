import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/staff.ts";
import { todayIso } from "../../../domain/catalogue/coupons.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { PERFECT_DEVICE, SELLER_HOME, sellFixtures, VALID_IBAN } from "../../../test/sell-fixtures.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const shop = shopFixtures(app, database);
const fixtures = sellFixtures(app, database);
const { call, codeOf, newCustomer } = fixtures;

const DAY = 86_400_000;
const dayFrom = (days: number) => todayIso(new Date(Date.now() + days * DAY));
const buyCoupon = (code: string, terms: object = {}) => ({
  side: "buy",
  code,
  kind: "percent",
  percentOff: 10,
  minOrderValue: 0,
  validFrom: dayFrom(-1),
  validTo: dayFrom(30),
  oncePerCustomer: false,
  singleItemOnly: false,
  ...terms,
});
const sellCoupon = (code: string, terms: object = {}) => ({ side: "sell", code, bonusPercent: 5, maxBonusCents: 2_000, validFrom: dayFrom(0), validTo: dayFrom(14), ...terms });
const { code: _buyCode, ...buyTerms } = buyCoupon("X");
const { code: _sellCode, ...sellTerms } = sellCoupon("X");

let supportSession: Promise<Cookies> | undefined;
const support = async () => ({ ...(await (supportSession ??= newStaffMember(fixtures, database(), "coupon-desk@example.com", ["support"]))) });
const errorsOf = (res: { json: () => { errors: { code: string; reference: string }[] } }) => res.json().errors.map((e) => [e.code, e.reference]);

/** A guest's order of one fresh product with the coupon, placed through the real checkout; the order's UUID and the guest's cookies. */
async function orderWith(code: string, email: string): Promise<{ uuid: string; cookies: Cookies }> {
  const cookies: Cookies = {};
  const added = await shop.call("POST", "/api/cart/items", cookies, { id: await shop.freshProduct(1), productVariantLabel: "A1", withFullBattery: false });
  for (const c of added.cookies) if (c.name === "reloop-cart") cookies[c.name] = c.value;
  expect((await shop.call("PUT", "/api/cart/coupon", cookies, { code: code.toLowerCase() })).statusCode).toBe(200);
  await shop.call("PUT", "/api/checkout/address", cookies, { email, billingAddress: HOME });
  const view = (await shop.call("PUT", "/api/cart/options", cookies, { paymentMethod: "sandbox" })).json();
  expect(view.couponCode).toBe(code);
  const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
  const placed = await shop.call("POST", "/api/checkout/orders", cookies, body, { "idempotency-key": `coupon-${code}-${email.replace(/\W/g, "-")}` });
  expect(placed.statusCode).toBe(201);
  expect(placed.json().totalPrice.amount).toBeLessThan(20_000);
  return { uuid: placed.json().orderUuid, cookies };
}

/** A seller's sale of a phone with the sell coupon, through the real sell checkout. */
async function saleWith(code: string, email: string): Promise<void> {
  const seller = await newCustomer(email);
  await fixtures.addOffer(seller, await fixtures.phone(30_000), PERFECT_DEVICE);
  expect((await call("PUT", "/api/green-cart/coupon", seller, { code: code.toLowerCase() })).json()).toMatchObject({ couponCode: code });
  const cart = (await call("POST", "/api/green-cart/prepare-checkout", seller)).json().cart;
  const body = { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: SELLER_HOME, payout: { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" } };
  expect((await call("POST", "/api/green-cart/checkout", seller, body, { "idempotency-key": `coupon-sale-${email.replace(/\W/g, "-")}` })).statusCode).toBe(201);
}

/** Whether the cart takes the code for one fresh product today. */
async function cartTakes(code: string): Promise<string | number | undefined> {
  const cookies: Cookies = {};
  const added = await shop.call("POST", "/api/cart/items", cookies, { id: await shop.freshProduct(1), productVariantLabel: "A1", withFullBattery: false });
  for (const c of added.cookies) if (c.name === "reloop-cart") cookies[c.name] = c.value;
  const res = await shop.call("PUT", "/api/cart/coupon", cookies, { code });
  return res.statusCode === 200 ? 200 : codeOf(res);
}

describe("coupons in the back-office", () => {
  it("creates coupons of both sides, lists them with their state and redemptions, and audits each change", async () => {
    const desk = await support();
    const created = await call("POST", "/api/ops/coupons", desk, buyCoupon(" winter-10 "));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ side: "buy", code: "WINTER-10", kind: "percent", percentOff: 10, amountOff: 0, state: "active", redemptions: 0 });
    const fixed = await call("POST", "/api/ops/coupons", desk, buyCoupon("LATER-5", { kind: "fixed", amountOff: 500, percentOff: undefined, validFrom: dayFrom(10), validTo: dayFrom(20), minOrderValue: 10_000, oncePerCustomer: true }));
    expect(fixed.json()).toMatchObject({ kind: "fixed", amountOff: 500, percentOff: 0, minOrderValue: 10_000, oncePerCustomer: true, state: "upcoming" });
    const sell = await call("POST", "/api/ops/coupons", desk, sellCoupon("SELL-BONUS"));
    expect(sell.statusCode).toBe(201);
    expect(sell.json()).toMatchObject({ side: "sell", code: "SELL-BONUS", bonusPercent: 5, maxBonusCents: 2_000, validFrom: dayFrom(0), validTo: dayFrom(14), state: "active", redemptions: 0 });

    // Three orders use the buy coupon and a sale the sell coupon, through the real checkouts: the list counts them.
    const first = await orderWith("WINTER-10", "first-buyer@example.com");
    await orderWith("WINTER-10", "second-buyer@example.com");
    await orderWith("WINTER-10", "third-buyer@example.com");
    await saleWith("SELL-BONUS", "coupon-seller@example.com");
    const list = (await call("GET", "/api/ops/coupons", desk)).json();
    expect(list.buy.find((c: { code: string }) => c.code === "WINTER-10")).toMatchObject({ redemptions: 3, state: "active" });
    // A cancelled order gives its use back.
    expect((await shop.call("POST", `/api/orders/${first.uuid}/cancel`, first.cookies, {})).statusCode).toBe(200);
    const afterCancel = (await call("GET", "/api/ops/coupons?side=buy", desk)).json();
    expect(afterCancel.buy.find((c: { code: string }) => c.code === "WINTER-10")).toMatchObject({ redemptions: 2 });
    expect(list.sell.find((c: { code: string }) => c.code === "SELL-BONUS")).toMatchObject({ redemptions: 1 });

    const upcoming = (await call("GET", "/api/ops/coupons?state=upcoming", desk)).json();
    expect(upcoming.buy.map((c: { code: string }) => c.code)).toContain("LATER-5");
    expect(upcoming.buy.every((c: { state: string }) => c.state === "upcoming")).toBe(true);
    const sellOnly = (await call("GET", "/api/ops/coupons?side=sell&state=active", desk)).json();
    expect(sellOnly.buy).toEqual([]);
    expect(sellOnly.sell.map((c: { code: string }) => c.code)).toContain("SELL-BONUS");
    const expired = (await call("GET", "/api/ops/coupons?state=expired", desk)).json();
    expect([...expired.buy, ...expired.sell].every((c: { state: string }) => c.state === "expired")).toBe(true);

    const rows = await database().db.select().from(auditLog).where(and(eq(auditLog.entityType, "coupon"), eq(auditLog.entityId, "WINTER-10")));
    expect(rows).toEqual([expect.objectContaining({ action: "coupon.create", actorEmail: "coupon-desk@example.com", before: null, after: expect.objectContaining({ side: "buy", code: "WINTER-10", percentOff: 10 }) })]);
  });

  it("changes a coupon's terms but never its code, with the change audited before and after", async () => {
    const desk = await support();
    await call("POST", "/api/ops/coupons", desk, buyCoupon("CHANGE-ME"));
    const changed = await call("PUT", "/api/ops/coupons/change-me", desk, { ...buyTerms, kind: "fixed", amountOff: 1_500, percentOff: undefined, singleItemOnly: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code: "CHANGE-ME", kind: "fixed", amountOff: 1_500, percentOff: 0, singleItemOnly: true });
    expect(errorsOf(await call("PUT", "/api/ops/coupons/CHANGE-ME", desk, { ...buyTerms, code: "RENAMED" }))).toEqual([["VALIDATION_FAILED", "body"]]);
    await call("POST", "/api/ops/coupons", desk, sellCoupon("SELL-CHANGE"));
    const sell = await call("PUT", "/api/ops/coupons/SELL-CHANGE", desk, { ...sellTerms, bonusPercent: 12, maxBonusCents: 5_000 });
    expect(sell.json()).toMatchObject({ code: "SELL-CHANGE", bonusPercent: 12, maxBonusCents: 5_000 });

    const missing = await call("PUT", "/api/ops/coupons/NO-SUCH-CODE", desk, buyTerms);
    expect([missing.statusCode, ...errorsOf(missing)]).toEqual([404, ["COUPON_NOT_FOUND", "params.code"]]);
    // The side is part of what a code names: a buy coupon is not changed as a sell coupon.
    expect(codeOf(await call("PUT", "/api/ops/coupons/CHANGE-ME", desk, sellTerms))).toBe("COUPON_NOT_FOUND");

    const [row] = await database().db.select().from(auditLog).where(and(eq(auditLog.action, "coupon.update"), eq(auditLog.entityId, "CHANGE-ME")));
    expect(row).toMatchObject({ before: expect.objectContaining({ kind: "percent", percentOff: 10 }), after: expect.objectContaining({ kind: "fixed", amountOff: 1_500 }) });
  });

  it("refuses bad input field by field, and a code taken on either side", async () => {
    const desk = await support();
    const refused = async (body: object) => {
      const res = await call("POST", "/api/ops/coupons", desk, body);
      expect(res.statusCode).toBe(400);
      return errorsOf(res);
    };
    expect(await refused(buyCoupon("AB"))).toEqual([["VALIDATION_FAILED", "body.code"]]);
    expect(await refused(buyCoupon("A".repeat(33)))).toEqual([["VALIDATION_FAILED", "body.code"]]);
    expect(await refused(buyCoupon("NO SPACES"))).toEqual([["VALIDATION_FAILED", "body.code"]]);
    expect(await refused(buyCoupon("ÄPFEL"))).toEqual([["VALIDATION_FAILED", "body.code"]]);
    expect(await refused(buyCoupon("PCT-0", { percentOff: 0 }))).toEqual([["VALIDATION_FAILED", "body.percentOff"]]);
    expect(await refused(buyCoupon("PCT-101", { percentOff: 101 }))).toEqual([["VALIDATION_FAILED", "body.percentOff"]]);
    expect(await refused(buyCoupon("PCT-NONE", { percentOff: undefined }))).toEqual([["VALIDATION_FAILED", "body.percentOff"]]);
    expect(await refused(buyCoupon("FIX-0", { kind: "fixed", amountOff: 0 }))).toEqual([["VALIDATION_FAILED", "body.amountOff"]]);
    expect(await refused(buyCoupon("FIX-NONE", { kind: "fixed" }))).toEqual([["VALIDATION_FAILED", "body.amountOff"]]);
    expect(await refused(buyCoupon("MIN-NEG", { minOrderValue: -1 }))).toEqual([["VALIDATION_FAILED", "body.minOrderValue"]]);
    expect(await refused(buyCoupon("WINDOW", { validFrom: dayFrom(5), validTo: dayFrom(4) }))).toEqual([["VALIDATION_FAILED", "body.validTo"]]);
    expect(await refused(buyCoupon("NOT-A-DAY", { validFrom: "tomorrow" }))).toEqual([["VALIDATION_FAILED", "body.validFrom"]]);
    expect(await refused(sellCoupon("BONUS-0", { bonusPercent: 0 }))).toEqual([["VALIDATION_FAILED", "body.bonusPercent"]]);
    expect(await refused(sellCoupon("BONUS-101", { bonusPercent: 101 }))).toEqual([["VALIDATION_FAILED", "body.bonusPercent"]]);
    expect(await refused(sellCoupon("CAP-0", { maxBonusCents: 0 }))).toEqual([["VALIDATION_FAILED", "body.maxBonusCents"]]);
    expect(await refused(sellCoupon("SELL-WINDOW", { validFrom: dayFrom(2), validTo: dayFrom(1) }))).toEqual([["VALIDATION_FAILED", "body.validTo"]]);
    expect((await refused({ ...buyCoupon("SIDE"), side: "both" })).map(([code]) => code)).toEqual(["VALIDATION_FAILED"]);
    expect((await call("GET", "/api/ops/coupons", desk)).json().buy.map((c: { code: string }) => c.code)).not.toContain("PCT-0");

    await call("POST", "/api/ops/coupons", desk, buyCoupon("TAKEN"));
    for (const body of [buyCoupon("taken"), sellCoupon("TAKEN")]) {
      const res = await call("POST", "/api/ops/coupons", desk, body);
      expect([res.statusCode, ...errorsOf(res)]).toEqual([409, ["COUPON_EXISTS", "body.code"]]);
    }
    await call("POST", "/api/ops/coupons", desk, sellCoupon("SELL-TAKEN"));
    expect(codeOf(await call("POST", "/api/ops/coupons", desk, buyCoupon("SELL-TAKEN")))).toBe("COUPON_EXISTS");
    // A demo coupon's code counts too.
    expect(codeOf(await call("POST", "/api/ops/coupons", desk, buyCoupon("WELCOME10")))).toBe("COUPON_EXISTS");
  });

  it("is for support and admins: another role is refused, a customer finds nothing", async () => {
    const desk = await newStaffMember(fixtures, database(), "coupon-receiving@example.com", ["receiving"]);
    const customer = await newCustomer("coupon-customer@example.com");
    const calls = [
      ["GET", "/api/ops/coupons", undefined],
      ["POST", "/api/ops/coupons", buyCoupon("ROLE-TEST")],
      ["PUT", "/api/ops/coupons/WELCOME10", buyTerms],
    ] as const;
    for (const [method, url, body] of calls) {
      const refused = await call(method, url, desk, body);
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, "ROLE_REQUIRED"]);
      expect((await call(method, url, customer, body)).statusCode).toBe(404);
      expect((await call(method, url, {}, body)).statusCode).toBe(404);
    }
    expect(await database().db.select().from(auditLog).where(eq(auditLog.entityId, "ROLE-TEST"))).toEqual([]);
    // Admins may.
    expect((await call("GET", "/api/ops/coupons", await fixtures.staff())).statusCode).toBe(200);
  });

  it("gives the cart a created coupon within its window only", async () => {
    const desk = await support();
    await call("POST", "/api/ops/coupons", desk, buyCoupon("IN-WINDOW", { validFrom: dayFrom(0), validTo: dayFrom(0) }));
    await call("POST", "/api/ops/coupons", desk, buyCoupon("NOT-YET", { validFrom: dayFrom(1), validTo: dayFrom(3) }));
    await call("POST", "/api/ops/coupons", desk, buyCoupon("NOT-ANYMORE", { validFrom: dayFrom(-3), validTo: dayFrom(-1) }));
    expect(await cartTakes("in-window")).toBe(200);
    expect(await cartTakes("NOT-YET")).toBe("COUPON::EXPIRED");
    expect(await cartTakes("NOT-ANYMORE")).toBe("COUPON::EXPIRED");
    // Changed to today, it applies.
    await call("PUT", "/api/ops/coupons/NOT-YET", desk, { ...buyTerms, validFrom: dayFrom(0) });
    expect(await cartTakes("NOT-YET")).toBe(200);
  });
});
