import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";
import { injectTransport } from "../../../ssr/inject-transport.ts";
import { withinPageRender } from "../../internal-calls.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { GOOD_BOOK, PERFECT_DEVICE, sellFixtures } from "../../../test/sell-fixtures.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { sellCartItems } from "../../../db/schema/selling.ts";
import { eq } from "drizzle-orm";

const { app, database } = setupTestApp();
const { call, codeOf, phone, book, addOffer, login, newCustomer } = sellFixtures(app, database);

describe("condition questions and offers", () => {
  it("asks a phone the device questions and a book the media ones", async () => {
    const phoneId = await phone();
    const questions = (await call("GET", `/api/trade-in/products/${phoneId}/questions`, {})).json();
    expect(questions.questionSet).toBe("phone");
    expect(questions.questions.map((q: { id: string }) => q.id)).toEqual(["switchesOn", "fullyWorks", "display", "housing", "batteryHealth", "activationLockRemoved", "waterDamage", "accessories"]);
    expect(questions.product).toMatchObject({ id: phoneId, maxPayout: 30_000 });
    const bookId = await book();
    expect((await call("GET", `/api/trade-in/products/${bookId}/questions`, {})).json().questions.map((q: { id: string }) => q.id)).toEqual(["mediaComplete", "mediaCondition"]);
  });

  it("computes the offer with its breakdown and validity, and says why it cannot buy", async () => {
    const id = await phone(25_000);
    const offer = (await call("POST", `/api/trade-in/products/${id}/offer`, {}, { answers: { ...PERFECT_DEVICE, display: "light", batteryHealth: "no" } })).json();
    expect(offer).toMatchObject({ accepted: true, grade: "A2", price: { amount: 17_160 }, refusal: null });
    expect(offer.breakdown).toEqual([
      { kind: "base", amount: { amount: 19_500, currency: "EUR" } },
      { kind: "battery", amount: { amount: -2_340, currency: "EUR" } },
    ]);
    const days = (new Date(offer.validUntil).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const locked = (await call("POST", `/api/trade-in/products/${id}/offer`, {}, { answers: { ...PERFECT_DEVICE, activationLockRemoved: "no" } })).json();
    expect(locked).toMatchObject({ accepted: false, refusal: "ACTIVATION_LOCK", price: null });
  });

  it("answers unknown products, products not bought and bad answers with clear errors", async () => {
    expect(codeOf(await call("GET", "/api/trade-in/products/99999999/questions", {}))).toBe("PRODUCT_DOESNT_EXIST");
    const stopped = await phone();
    await database().db.update(products).set({ purchaseStop: true }).where(eq(products.id, stopped));
    const refused = await call("GET", `/api/trade-in/products/${stopped}/questions`, {});
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, "PRODUCT_NOT_PURCHASABLE"]);
    const id = await phone();
    const missing = await call("POST", `/api/trade-in/products/${id}/offer`, {}, { answers: { ...PERFECT_DEVICE, display: undefined } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: "GRADING_ANSWERS_INVALID", reference: "answers.display" });
    const media = await call("POST", `/api/trade-in/products/${id}/offer`, {}, { answers: { ...PERFECT_DEVICE, mediaCondition: "good" } });
    expect(media.json().errors[0]).toMatchObject({ code: "GRADING_ANSWERS_INVALID", reference: "answers.mediaCondition" });
    const wrongOption = await call("POST", `/api/trade-in/products/${id}/offer`, {}, { answers: { ...PERFECT_DEVICE, display: "shiny" } });
    expect(wrongOption.statusCode).toBe(400);
    expect((await call("POST", `/api/trade-in/products/${id}/offer`, {}, { answers: { ...PERFECT_DEVICE, colour: "red" } })).statusCode).toBe(400);
  });
});

describe("the sell cart", () => {
  it("keeps a visitor's offers behind the cart cookie, with totals, and lists their ids in user meta", async () => {
    const cookies: Cookies = {};
    const id = await phone(30_000);
    const added = await addOffer(cookies, id, PERFECT_DEVICE);
    expect(added.statusCode).toBe(201);
    expect(cookies["reloop-cart"]).toBeDefined();
    const view = added.json();
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({ id: view.addedItemId, product: { id, name: expect.any(String), imageUrl: expect.stringMatching(/^\/media\//) }, grade: "A0", price: { amount: 30_000 } });
    expect(view).toMatchObject({ orderProductsCount: 1, carrier: "dhl", parcels: 1, errors: [], totals: { items: { amount: 30_000 }, labelFee: { amount: 0 }, payout: { amount: 30_000 } } });
    const meta = (await call("POST", "/api/user-meta", cookies, { withCart: true })).json();
    expect(meta.greenCart).toEqual({ items: [{ id: view.addedItemId }] });
    const bare = (await call("GET", "/api/green-cart?withProducts=0", cookies)).json();
    expect(bare.items[0].product).toEqual({ id });
    expect((await call("GET", "/api/green-cart", {})).json()).toMatchObject({ items: [], orderProductsCount: 0 });
  });

  it("refuses a price that is no longer the offer, and answers the shop cannot buy", async () => {
    const cookies: Cookies = {};
    const id = await phone(30_000);
    const stale = await call("POST", `/api/green-cart/items/${id}`, cookies, { price: 31_000, customerGradingDto: { answers: PERFECT_DEVICE } });
    expect([stale.statusCode, codeOf(stale)]).toEqual([409, "TRADE_IN::OFFER_CHANGED"]);
    const locked = await call("POST", `/api/green-cart/items/${id}`, cookies, { price: 0, customerGradingDto: { answers: { ...PERFECT_DEVICE, activationLockRemoved: "no" } } });
    expect([locked.statusCode, codeOf(locked)]).toEqual([400, "TRADE_IN::ACTIVATION_LOCK"]);
    expect((await call("GET", "/api/green-cart", cookies)).json().items).toHaveLength(0);
    expect((await call("POST", `/api/green-cart/items/${id}`, cookies, { customerGradingDto: { answers: PERFECT_DEVICE } })).statusCode).toBe(400);
  });

  it("edits an item's answers in place, and gives them back for editing", async () => {
    const cookies: Cookies = {};
    const first = await phone(30_000);
    const second = await phone(20_000);
    const a = (await addOffer(cookies, first, PERFECT_DEVICE)).json().addedItemId;
    await addOffer(cookies, second, PERFECT_DEVICE);
    const answers = (await call("GET", `/api/green-cart/items/${a}/grading-answers`, cookies)).json();
    expect(answers).toEqual({ id: a, productId: first, questionSet: "phone", answers: PERFECT_DEVICE, grade: "A0" });
    const edited = await addOffer(cookies, first, { ...PERFECT_DEVICE, housing: "visible" }, { editId: a });
    expect(edited.statusCode).toBe(201);
    const view = edited.json();
    expect(view.items.map((i: { id: string }) => i.id)[0]).toBe(a);
    expect(view.items[0]).toMatchObject({ grade: "A3", price: { amount: 19_200 } });
    expect(view.orderProductsCount).toBe(2);
    const foreign = await addOffer({}, first, PERFECT_DEVICE, { editId: a });
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, "CART_ITEM_NOT_FOUND"]);
  });

  it("removes one item or all of them", async () => {
    const cookies: Cookies = {};
    const a = (await addOffer(cookies, await phone(), PERFECT_DEVICE)).json().addedItemId;
    await addOffer(cookies, await phone(), PERFECT_DEVICE);
    const afterOne = await call("DELETE", `/api/green-cart/items/${a}`, cookies);
    expect(afterOne.json().orderProductsCount).toBe(1);
    expect(codeOf(await call("DELETE", `/api/green-cart/items/${a}`, cookies))).toBe("CART_ITEM_NOT_FOUND");
    expect((await call("DELETE", "/api/green-cart/items", cookies)).json()).toMatchObject({ items: [], orderProductsCount: 0 });
  });

  it("a page render's action answers with the cart as its write left it: the write reads, changes and reads again without the render's memo", async () => {
    const devices: Cookies = {};
    await addOffer(devices, await phone(60_000), PERFECT_DEVICE);
    const transport = injectTransport(app(), { cookieHeader: `reloop-cart=${devices["reloop-cart"]}`, requestId: "req-render-2", address: "203.0.113.8", userAgent: undefined });
    await withinPageRender(async () => {
      // The page read the cart first, as a loader does.
      expect((await transport({ method: "GET", path: "/api/green-cart" })).body).toMatchObject({ expressGrading: false });
      const chosen = await transport({ method: "PUT", path: "/api/green-cart/express-grading" });
      expect(chosen.body).toMatchObject({ expressGrading: true, totals: { expressFee: { amount: 490 } } });
      expect((await transport({ method: "GET", path: "/api/green-cart" })).body).toMatchObject({ expressGrading: true });
    });
  });

  it("a cart row without sell lines answers an empty sell cart without reading them, and a render's own add shows at once", async () => {
    const cookies: Cookies = {};
    const id = await phone(30_000);
    await addOffer(cookies, id, PERFECT_DEVICE);
    // The row stays (the buy cart lives in it too); its sell lines are gone.
    expect((await call("DELETE", "/api/green-cart/items", cookies)).json()).toMatchObject({ items: [], orderProductsCount: 0 });
    const transport = injectTransport(app(), { cookieHeader: `reloop-cart=${cookies["reloop-cart"]}`, requestId: "req-render-3", address: "203.0.113.9", userAgent: undefined });
    await withinPageRender(async () => {
      expect((await transport({ method: "GET", path: "/api/green-cart" })).body).toMatchObject({ items: [], orderProductsCount: 0 });
      expect((await transport({ method: "POST", path: "/api/user-meta", body: { withCart: true } })).body).toMatchObject({ greenCart: { items: [] } });
      const offer = (await transport({ method: "POST", path: `/api/trade-in/products/${id}/offer`, body: { answers: PERFECT_DEVICE } })).body as { price: { amount: number } };
      const added = await transport({ method: "POST", path: `/api/green-cart/items/${id}`, body: { price: offer.price.amount, customerGradingDto: { answers: PERFECT_DEVICE } } });
      expect(added.status).toBe(201);
      expect((await transport({ method: "GET", path: "/api/green-cart" })).body).toMatchObject({ orderProductsCount: 1 });
    });
    // Another request's add is seen by the next request.
    await addOffer(cookies, await phone(20_000), PERFECT_DEVICE);
    expect((await call("GET", "/api/green-cart", cookies)).json().orderProductsCount).toBe(2);
    expect((await call("POST", "/api/user-meta", cookies, { withCart: true })).json().greenCart.items).toHaveLength(2);
  });

  it("names each prepare-checkout error from its rule", async () => {
    const cookies: Cookies = {};
    expect((await call("POST", "/api/green-cart/prepare-checkout", cookies)).json().cart).toMatchObject({ orderProductsCount: 0, errors: [] });
    await addOffer(cookies, await book(400), GOOD_BOOK);
    const small = (await call("POST", "/api/green-cart/prepare-checkout", cookies)).json().cart;
    expect(small.errors).toEqual([{ type: "MinOrderThresholdUnfulfilledErrorDto", minimum: { amount: 1_000, currency: "EUR" }, missing: { amount: 720, currency: "EUR" } }]);
    expect(small.totals).toMatchObject({ items: { amount: 280 }, labelFee: { amount: 395 }, payout: { amount: 0 } });

    // Express inspection is refused while media are in the cart.
    const express = await call("PUT", "/api/green-cart/express-grading", cookies);
    expect([express.statusCode, codeOf(express)]).toEqual([409, "EXPRESS_GRADING_NOT_AVAILABLE"]);

    const devices: Cookies = {};
    await addOffer(devices, await phone(60_000), PERFECT_DEVICE);
    expect((await call("PUT", "/api/green-cart/express-grading", devices)).json()).toMatchObject({ expressGrading: true, totals: { expressFee: { amount: 490 }, payout: { amount: 59_510 } } });
    const hermes = (await call("PUT", "/api/green-cart/shipping", devices, { carrier: "hermes", parcels: 2 })).json();
    expect(hermes).toMatchObject({ carrier: "hermes", parcels: 2 });
    expect(hermes.errors).toEqual([{ type: "InvalidCarrierForCurrentCartErrorDto", carrier: "hermes", insuredValue: { amount: 60_000, currency: "EUR" }, carrierLimit: { amount: 50_000, currency: "EUR" } }]);
    // A medium added after express was chosen makes express unavailable: prepare says so.
    await addOffer(devices, await book(2_000), GOOD_BOOK);
    const types = (await call("POST", "/api/green-cart/prepare-checkout", devices)).json().cart.errors.map((e: { type: string }) => e.type);
    expect(types).toEqual(["InvalidCarrierForCurrentCartErrorDto", "ExpressGradingNotAvailableErrorDto"]);
    expect((await call("PUT", "/api/green-cart/shipping", devices, { parcels: 4 })).statusCode).toBe(400);
    expect((await call("PUT", "/api/green-cart/shipping", devices, { carrier: "ups" })).statusCode).toBe(400);
    // Nothing to change is the client's mistake, said clearly; the cart keeps its choices.
    const empty = await call("PUT", "/api/green-cart/shipping", devices, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toContain("carrier, parcels or both");
  });

  it("applies a running sell coupon as a capped bonus and refuses others", async () => {
    const cookies: Cookies = {};
    await addOffer(cookies, await phone(30_000), PERFECT_DEVICE);
    const withCoupon = await call("PUT", "/api/green-cart/coupon", cookies, { code: "sellmore10" });
    expect(withCoupon.json()).toMatchObject({ couponCode: "SELLMORE10", totals: { couponBonus: { amount: 2_000 }, payout: { amount: 32_000 } } });
    expect(codeOf(await call("PUT", "/api/green-cart/coupon", cookies, { code: "SELLSPRING" }))).toBe("SELL_COUPON::EXPIRED");
    expect(codeOf(await call("PUT", "/api/green-cart/coupon", cookies, { code: "NOPE" }))).toBe("SELL_COUPON::NOT_FOUND");
    expect((await call("DELETE", "/api/green-cart/coupon", cookies)).json()).toMatchObject({ couponCode: null, totals: { couponBonus: { amount: 0 } } });
  });

  it("moves a visitor's offers into the account at login, and keeps one customer's cart from another", async () => {
    const cookies: Cookies = {};
    const item = (await addOffer(cookies, await phone(), PERFECT_DEVICE)).json().addedItemId;
    await login(cookies);
    expect((await call("GET", "/api/green-cart", cookies)).json().items.map((i: { id: string }) => i.id)).toContain(item);
    const other = await newCustomer("other-seller@example.com");
    expect((await call("GET", "/api/green-cart", other)).json().items).toHaveLength(0);
    expect((await call("GET", `/api/green-cart/items/${item}/grading-answers`, other)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/green-cart/items/${item}`, other)).statusCode).toBe(404);
    expect((await call("GET", "/api/green-cart", cookies)).json().items.map((i: { id: string }) => i.id)).toContain(item);
  });
});

describe("items the shop no longer buys", () => {
  it("are taken out of the sell cart and named once, so checkout is never stuck on them", async () => {
    const cookies: Cookies = {};
    const stopped = await phone(30_000);
    const expiring = await phone(30_000);
    const kept = await phone(30_000);
    for (const id of [stopped, expiring, kept]) await addOffer(cookies, id, PERFECT_DEVICE);
    await database().db.update(products).set({ purchaseStop: true }).where(eq(products.id, stopped));
    // Its offer ran out, and today's price is too low to buy it at all.
    await database().db.update(products).set({ pricePurchase: 50 }).where(eq(products.id, expiring));
    await database().db.update(sellCartItems).set({ validUntil: new Date(Date.now() - 60_000).toISOString() }).where(eq(sellCartItems.productId, expiring));
    const view = (await call("GET", "/api/green-cart", cookies)).json();
    expect(view.items.map((i: { product: { id: number } }) => i.product.id)).toEqual([kept]);
    expect(view.removedItems).toHaveLength(2);
    const again = (await call("GET", "/api/green-cart", cookies)).json();
    expect(again).toMatchObject({ removedItems: [], orderProductsCount: 1 });
    expect((await call("POST", "/api/user-meta", cookies, { withCart: true })).json().greenCart.items).toHaveLength(1);
  });
});
