import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { startStripeStandIn, type SignedEvent } from "../../../test/stripe-stand-in.ts";
import { createServices } from "../../services.ts";
import { createStripeProvider, sessionExpiry } from "./stripe-provider.ts";

const SECRET_KEY = "sk_test_standin4242";
const WEBHOOK_SECRET = "whsec_standinsecret4242";
const standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
afterAll(() => standIn.close());
const { app, database } = setupTestApp({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url } });
const { call, codeOf, stockOf, freshProduct } = shopFixtures(app, database);

const CART = "reloop-cart";


/** A guest's cart with one unit, an address and Stripe chosen, ordered; the browser followed the order's redirect to Stripe. */
async function orderPaidWithStripe(productId: number, key: string) {
  const cookies: Cookies = {};
  const added = await call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: "A1", withFullBattery: false });
  cookies[CART] = added.cookies.find((c) => c.name === CART)!.value;
  await call("PUT", "/api/checkout/address", cookies, { email: "stripe-guest@example.com", billingAddress: HOME });
  const view = (await call("PUT", "/api/cart/options", cookies, { paymentMethod: "stripe" })).json();
  expect(view.paymentMethods).toContain("stripe");
  expect(view.paymentMethod).toBe("stripe");
  const placed = await call("POST", "/api/checkout/orders", cookies, { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true }, { "idempotency-key": key });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  const paymentUuid = /^\/api\/payments\/([\w-]+)\/start$/.exec(order.redirectUrl)![1]!;
  const start = await app().inject({ method: "GET", url: order.redirectUrl });
  expect(start.statusCode).toBe(303);
  const sessionId = /\/pay\/(cs_test_\w+)$/.exec(start.headers.location!)![1]!;
  return { cookies, order, paymentUuid, sessionId, location: start.headers.location! };
}
const deliver = (event: SignedEvent) =>
  app().inject({ method: "POST", url: "/api/payments/stripe/webhook", headers: { "content-type": "application/json", "stripe-signature": event.header }, payload: event.payload });
const orderOf = async (cookies: Cookies, orderUuid: string) => (await call("GET", `/api/orders/${orderUuid}`, cookies)).json();

describe("Stripe Checkout", () => {
  it("sends the customer to a checkout session for the order, made once per payment", async () => {
    const id = await freshProduct(1);
    const { order, paymentUuid, sessionId, location } = await orderPaidWithStripe(id, "stripe-start-1");
    expect(location).toBe(`${standIn.url}/pay/${sessionId}`);
    const session = standIn.session(sessionId)!;
    expect(session).toMatchObject({
      mode: "payment",
      currency: "eur",
      amount_total: order.totalPrice.amount,
      customer_email: "stripe-guest@example.com",
      client_reference_id: paymentUuid,
      metadata: { paymentUuid, orderUuid: order.orderUuid },
      line_items: [{ name: `Order ${order.number}`, unit_amount: order.totalPrice.amount, quantity: 1 }],
      success_url: `http://localhost:3000/checkout/${order.orderUuid}/handle-payment-details?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost:3000/checkout/${order.orderUuid}/handle-payment-redirect?payment=${paymentUuid}&result=abandoned&provider=stripe`,
    });
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(standIn.idempotencyKeys).toContain(`checkout-${paymentUuid}`);

    const again = await app().inject({ method: "GET", url: order.redirectUrl });
    expect(again.headers.location).toBe(location);
    expect(standIn.sessions().filter((s) => s.client_reference_id === paymentUuid)).toHaveLength(1);
  });

  it("creates one session per payment even when asked twice, by its idempotency key", async () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 10);
    expect(sessionExpiry(now) * 1000 - now).toBeGreaterThanOrEqual(31 * 60_000);
    expect(sessionExpiry(now + 60_000)).toBe(sessionExpiry(now));

    const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: standIn.url });
    const request = { paymentUuid: "0e8c4b1e-0c1f-4d7a-9c55-3f1f5b7d2a10", orderUuid: "5b0f7a0e-9a59-4a8e-8a41-1c9f0f3e6b22", orderNumber: "R30-000001", amount: 12_345, email: "a@example.com", locale: "en" };
    const urls = { success: "http://localhost:3000/done", cancel: "http://localhost:3000/back" };
    const [first, second] = await Promise.all([provider.start(request, urls), provider.start(request, urls)]);
    expect(second).toEqual(first);
    expect(standIn.sessions().filter((s) => s.client_reference_id === request.paymentUuid)).toHaveLength(1);
  });

  it("marks the order paid on Stripe's signed webhook, once, and refuses forged ones", async () => {
    const id = await freshProduct(2);
    const { cookies, order, sessionId } = await orderPaidWithStripe(id, "stripe-pay-1");
    expect(await stockOf(id)).toBe(1);

    const forged = standIn.event("checkout.session.completed", sessionId, "whsec_someoneelse");
    const paid = await standIn.pay(sessionId);
    expect(codeOf(await deliver(forged))).toBe("PAYMENT_SIGNATURE_INVALID");
    expect(codeOf(await deliver({ payload: paid.payload.replace('"paid"', '"paid" '), header: paid.header }))).toBe("PAYMENT_SIGNATURE_INVALID");
    const unsigned = await app().inject({ method: "POST", url: "/api/payments/stripe/webhook", headers: { "content-type": "application/json" }, payload: paid.payload });
    expect(unsigned.statusCode).toBe(400);
    expect(codeOf(unsigned)).toBe("PAYMENT_SIGNATURE_INVALID");
    expect((await orderOf(cookies, order.orderUuid)).status).toBe("pending_payment");

    const delivered = await deliver(paid);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    const view = await orderOf(cookies, order.orderUuid);
    expect(view.status).toBe("paid");
    expect((await call("GET", "/api/cart", cookies)).json().items).toEqual([]);

    // Stripe delivers at least once: the replay is acknowledged and changes nothing.
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(standIn.event("checkout.session.expired", sessionId))).statusCode).toBe(200);
    const after = await orderOf(cookies, order.orderUuid);
    expect(after.status).toBe("paid");
    expect(after.timeline.map((t: { event: string }) => t.event)).toEqual(["placed", "payment_approved"]);
    expect(await stockOf(id)).toBe(1);

    const returned = await call("POST", "/api/payments/stripe/returns", cookies, { sessionId });
    expect(returned.json()).toEqual({ orderUuid: order.orderUuid, status: "paid", result: "approved" });
  });

  it("settles on the customer's return when it comes before the webhook, and answers pending before Stripe decided", async () => {
    const id = await freshProduct(1);
    const { cookies, order, sessionId } = await orderPaidWithStripe(id, "stripe-return-1");
    const early = await call("POST", "/api/payments/stripe/returns", cookies, { sessionId });
    expect(early.json()).toEqual({ orderUuid: order.orderUuid, status: "pending_payment", result: "pending" });

    const paid = await standIn.pay(sessionId);
    const returned = await call("POST", "/api/payments/stripe/returns", cookies, { sessionId });
    expect(returned.json()).toEqual({ orderUuid: order.orderUuid, status: "paid", result: "approved" });
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await orderOf(cookies, order.orderUuid)).timeline).toHaveLength(2);
  });

  it("cancels an abandoned payment after ending its session at Stripe, and frees the unit", async () => {
    const id = await freshProduct(1);
    const { cookies, order, paymentUuid, sessionId } = await orderPaidWithStripe(id, "stripe-abandon-1");
    expect(await stockOf(id)).toBe(0);
    const abandoned = await call("POST", "/api/payments/stripe/abandon", cookies, { paymentUuid });
    expect(abandoned.json()).toEqual({ orderUuid: order.orderUuid, status: "cancelled", result: "abandoned" });
    expect(standIn.session(sessionId)!.status).toBe("expired");
    expect(await stockOf(id)).toBe(1);
    expect((await call("GET", "/api/cart", cookies)).json().items).toHaveLength(1);
    // The customer reloads the page: nothing more happens.
    expect((await call("POST", "/api/payments/stripe/abandon", cookies, { paymentUuid })).json()).toMatchObject({ status: "cancelled", result: "abandoned" });
    expect((await deliver(standIn.event("checkout.session.expired", sessionId))).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(1);
  });

  it("does not let the unsigned abandon link cancel an order Stripe was paid for", async () => {
    const id = await freshProduct(1);
    const { cookies, order, paymentUuid, sessionId } = await orderPaidWithStripe(id, "stripe-abandon-paid-1");
    await standIn.pay(sessionId);
    // Paid at Stripe, webhook not here yet: the abandon link settles it as paid instead.
    // A stranger's request changes nothing and learns nothing.
    expect(codeOf(await call("POST", "/api/payments/stripe/abandon", {}, { paymentUuid }))).toBe("PAYMENT_NOT_FOUND");
    const abandoned = await call("POST", "/api/payments/stripe/abandon", cookies, { paymentUuid });
    expect(abandoned.json()).toEqual({ orderUuid: order.orderUuid, status: "paid", result: "approved" });
    expect(standIn.session(sessionId)!.status).toBe("complete");
    expect((await call("POST", "/api/payments/stripe/abandon", cookies, { paymentUuid })).json()).toMatchObject({ status: "paid" });
    expect((await orderOf(cookies, order.orderUuid)).status).toBe("paid");
    expect(await stockOf(id)).toBe(0);
  });

  it("cancels the order when a delayed payment fails", async () => {
    const id = await freshProduct(1);
    const { cookies, order, sessionId } = await orderPaidWithStripe(id, "stripe-failed-1");
    expect((await deliver(standIn.event("checkout.session.async_payment_failed", sessionId))).statusCode).toBe(200);
    expect((await orderOf(cookies, order.orderUuid)).status).toBe("cancelled");
    expect(await stockOf(id)).toBe(1);
  });

  it("acknowledges events for sessions it does not know and validates every input", async () => {
    const id = await freshProduct(1);
    const { sessionId } = await orderPaidWithStripe(id, "stripe-unknown-1");
    const other = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    try {
      const foreign = (await fetch(`${other.url}/v1/checkout/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ mode: "payment", "line_items[0][quantity]": "1", "line_items[0][price_data][currency]": "eur", "line_items[0][price_data][unit_amount]": "500" }),
      }).then((r) => r.json())) as { id: string };
      const unknown = await deliver(other.event("checkout.session.completed", foreign.id));
      expect(unknown.statusCode).toBe(200);
      expect(codeOf(await call("POST", "/api/payments/stripe/returns", {}, { sessionId: foreign.id }))).toBe("PAYMENT_NOT_FOUND");
    } finally {
      await other.close();
    }
    expect((await deliver(standIn.event("customer.created", sessionId))).statusCode).toBe(200);
    expect(codeOf(await call("POST", "/api/payments/stripe/returns", {}, { sessionId: "not-a-session" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", "/api/payments/stripe/abandon", {}, { paymentUuid: "nope" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", "/api/payments/stripe/abandon", {}, { paymentUuid: "00000000-0000-4000-8000-000000000000" }))).toBe("PAYMENT_NOT_FOUND");
    const notJson = await app().inject({ method: "POST", url: "/api/payments/stripe/webhook", headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" }, payload: "{" });
    expect(notJson.statusCode).toBe(400);
    expect(codeOf(notJson)).toBe("INVALID_JSON");
  });

  it("refunds a paid session's payment through Stripe's refunds API, once per idempotency key, never above what was paid", async () => {
    const id = await freshProduct(1);
    const { order, sessionId } = await orderPaidWithStripe(id, "stripe-refund-provider-1");
    const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: standIn.url });
    await expect(provider.refund({ externalRef: sessionId, amount: 100, idempotencyKey: "provider-unpaid-1" })).rejects.toMatchObject({ code: "ORDER_NOT_PAID" });
    await standIn.pay(sessionId);
    const [first, second] = await Promise.all([0, 1].map(() => provider.refund({ externalRef: sessionId, amount: 1_500, idempotencyKey: "provider-refund-1" })));
    expect(first).toEqual({ providerRef: expect.stringMatching(/^re_/), status: "succeeded" });
    expect(second).toEqual(first);
    expect(standIn.idempotencyKeys).toContain("refund-provider-refund-1");
    expect(standIn.refunds().filter((r) => r.payment_intent === standIn.session(sessionId)!.payment_intent)).toMatchObject([{ amount: 1_500 }]);
    await expect(provider.refund({ externalRef: sessionId, amount: order.totalPrice.amount, idempotencyKey: "provider-refund-2" })).rejects.toMatchObject({ code: "REFUND_PROVIDER_REFUSED" });
  });

  it("is not offered, and its endpoints refuse, without configuration", async () => {
    const id = await freshProduct(1);
    const { cookies, sessionId } = await orderPaidWithStripe(id, "stripe-plain-1");
    const plain = createServices(database().db, { config: loadConfig({ NODE_ENV: "test" }), version: "test", mailer: { send: async () => {} } });
    const cart = await plain.cart.findCart({ customer: null, cartToken: cookies[CART] });
    expect((await plain.cart.evaluate(cart!, null)).paymentMethods).not.toContain("stripe");
    await expect(plain.payments.stripeReturn(sessionId)).rejects.toMatchObject({ code: "PAYMENT_PROVIDER_NOT_CONFIGURED" });
  });
});
