import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants } from "../../../db/schema/catalogue.ts";
import { orders } from "../../../db/schema/orders.ts";
import { DEMO_CUSTOMER } from "../../../demo-data/demo-customer.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { loadConfig } from "../../../config.ts";
import { createServices } from "../../services.ts";
import { createSandboxProvider } from "../payments/providers.ts";

let now = new Date();
const { app, database } = setupTestApp({ clock: () => now });
const { call, codeOf, stockOf, freshProduct, setStock, readyCart, place } = shopFixtures(app, database);
const CART = "reloop-cart";
const SESSION = "reloop-session";
type Res = Awaited<ReturnType<ReturnType<typeof app>["inject"]>>;

function keep(cookies: Cookies, res: Res) {
  for (const c of res.cookies) if (c.name === CART || c.name === SESSION) cookies[c.name] = c.value;
  return res;
}

/** A cart ready to order: one unit, address, payment method chosen. */
/** Follows the sandbox provider's hosted page to a verdict, as the browser does. */
async function pay(redirectUrl: string, result: "approved" | "declined" | "abandoned") {
  const start = await app().inject({ method: "GET", url: redirectUrl });
  expect(start.statusCode).toBe(303);
  const page = await app().inject({ method: "GET", url: start.headers.location! });
  expect(page.statusCode).toBe(200);
  const decided = await app().inject({ method: "POST", url: start.headers.location!, payload: `result=${result}`, headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(decided.statusCode).toBe(303);
  return new URL(decided.headers.location!, "http://localhost");
}
/** The sandbox provider's signature of a verdict, as its hosted page makes it. */
const signatureOf = (paymentUuid: string, result: "approved" | "declined" | "abandoned") =>
  createSandboxProvider(loadConfig({ NODE_ENV: "test" }).COOKIE_SECRET).sign(paymentUuid, result);
const verdictOf = (back: URL) => ({ paymentUuid: back.searchParams.get("payment"), result: back.searchParams.get("result"), signature: back.searchParams.get("signature") });

describe("placing orders", () => {
  it("reserves stock, pays through the sandbox, empties the cart and shows the order to its owner only", async () => {
    const id = await freshProduct(2);
    const { cookies, body } = await readyCart(id);
    const placed = await place(cookies, body, "key-approve-1");
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ number: expect.stringMatching(/^R\d{2}-\d{6}$/), status: "pending_payment", totalPrice: { amount: 20_000 } });
    expect(await stockOf(id, "A1")).toBe(1);

    const back = await pay(order.redirectUrl, "approved");
    expect(back.pathname).toBe(`/checkout/${order.orderUuid}/handle-payment-redirect`);
    // The notification settled it already; the customer's return changes nothing more.
    const returned = await call("POST", "/api/payments/returns", cookies, verdictOf(back));
    expect(returned.json()).toEqual({ orderUuid: order.orderUuid, status: "paid", result: "approved" });
    expect((await call("GET", "/api/cart", cookies)).json().items).toEqual([]);
    expect(await stockOf(id, "A1")).toBe(1);

    const view = await call("GET", `/api/orders/${order.orderUuid}`, cookies);
    expect(view.json()).toMatchObject({ status: "paid", items: [{ product: { id }, variant: { label: "A1" }, vatScheme: "margin" }], timeline: [{ event: "placed" }, { event: "payment_approved" }] });
    expect((await call("GET", `/api/orders/${order.orderUuid}`, {})).statusCode).toBe(404);
    expect(codeOf(await call("POST", "/api/payments/returns", {}, { ...verdictOf(back), result: "declined" }))).toBe("PAYMENT_SIGNATURE_INVALID");
  });

  it("keeps the cart and frees the units when the payment is declined or abandoned", async () => {
    for (const result of ["declined", "abandoned"] as const) {
      const id = await freshProduct(1);
      const { cookies, body } = await readyCart(id);
      const order = (await place(cookies, body, `key-${result}`)).json();
      expect(await stockOf(id, "A1")).toBe(0);
      const back = await pay(order.redirectUrl, result);
      const returned = await call("POST", "/api/payments/returns", cookies, verdictOf(back));
      expect(returned.json()).toMatchObject({ status: "cancelled", result });
      expect(await stockOf(id, "A1")).toBe(1);
      expect((await call("GET", "/api/cart", cookies)).json().items).toHaveLength(1);
    }
  });

  it("answers a replayed Idempotency-Key with the first answer and refuses it with another body", async () => {
    const id = await freshProduct(3);
    const { cookies, body } = await readyCart(id);
    const first = await place(cookies, body, "same-key-123");
    const again = await place(cookies, body, "same-key-123");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(id, "A1")).toBe(2);
    const other = await place(cookies, { ...body, expectedTotal: body.expectedTotal + 1 }, "same-key-123");
    expect(other.statusCode).toBe(409);
    expect(codeOf(other)).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(codeOf(await call("POST", "/api/checkout/orders", cookies, body))).toBe("VALIDATION_FAILED");
  });

  it("refuses a changed promise or total, and an item sold out since it was added", async () => {
    const id = await freshProduct(1);
    const { cookies, body } = await readyCart(id);
    expect(codeOf(await place(cookies, { ...body, expectedDispatch: { min: 0, max: 1 } }, "promise-1"))).toBe("ORDER_PROMISE_CHANGED");
    expect(codeOf(await place(cookies, { ...body, expectedTotal: 1 }, "total-key-1"))).toBe("ORDER_TOTAL_CHANGED");
    await setStock(id, "A1", 0);
    const sold = await place(cookies, body, "soldout-1");
    expect(sold.statusCode).toBe(409);
    expect(codeOf(sold)).toBe("PRODUCT_VARIANT_OUT_OF_STOCK");
    expect((await call("GET", "/api/cart", cookies)).json().items[0].available).toBe(false);
  });

  it("lets bank-transfer orders wait, then cancels them after the deadline and frees the units", async () => {
    const id = await freshProduct(1);
    const { cookies, body } = await readyCart(id, {}, "prepayment");
    const order = (await place(cookies, body, "transfer-1")).json();
    expect(order).toMatchObject({ status: "awaiting_transfer", redirectUrl: `/checkout/order/index/id/${order.orderUuid}` });
    expect(await stockOf(id, "A1")).toBe(0);
    const services = createServices(database().db, { config: loadConfig({ NODE_ENV: "test" }), version: "test", mailer: { send: async () => {} }, clock: () => now });
    expect(await services.orders.expireOverdue()).toBe(0);
    const started = now;
    now = new Date(started.getTime() + 7 * 86_400_000 + 60_000);
    try {
      // Card payments of the tests before ran out long ago, too.
      expect(await services.orders.expireOverdue()).toBeGreaterThanOrEqual(1);
      expect(await services.orders.expireOverdue()).toBe(0);
    } finally {
      now = started;
    }
    const [row] = await database().db.select().from(orders).where(eq(orders.uuid, order.orderUuid));
    expect(row!.status).toBe("cancelled");
    expect(await stockOf(id, "A1")).toBe(1);
  });

  it("merges a visitor's cart into the account at login and lists the customer's orders", async () => {
    const id = await freshProduct(2);
    const cookies: Cookies = {};
    keep(cookies, await call("POST", "/api/cart/items", cookies, { id, productVariantLabel: "A1", withFullBattery: false }));
    const login = keep(cookies, await call("POST", "/api/customer/login", cookies, { credentials: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } }));
    expect(login.statusCode).toBe(200);
    const customer = { [SESSION]: cookies[SESSION]! };
    const cart = (await call("GET", "/api/cart", customer)).json();
    expect(cart.items.map((i: { product: { id: number } }) => i.product.id)).toContain(id);
    await call("PUT", "/api/checkout/address", customer, { billingAddress: HOME });
    const view = (await call("PUT", "/api/cart/options", customer, { paymentMethod: "prepayment" })).json();
    const placed = await place(customer, { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true }, "customer-1");
    expect(placed.statusCode).toBe(201);
    const list = (await call("GET", "/api/orders", customer)).json();
    expect(list.orders[0]).toMatchObject({ orderUuid: placed.json().orderUuid, status: "awaiting_transfer", itemCount: 1 });
    // The order's address is offered at the next checkout; a bank-transfer order's items left the cart.
    expect((await call("GET", "/api/customer/addresses", customer)).json().addresses).toEqual([
      { uuid: expect.any(String), address: { ...HOME, company: null, packstation: false, postNumber: null }, defaultBilling: false, defaultDelivery: false },
    ]);
    // The same address from a later order is not saved twice.
    const again = await readyCart(await freshProduct(1), customer, "prepayment");
    expect((await place(customer, again.body, "customer-2")).statusCode).toBe(201);
    expect((await call("GET", "/api/customer/addresses", customer)).json().addresses).toHaveLength(1);
    expect((await call("GET", "/api/cart", customer)).json().items.map((i: { product: { id: number } }) => i.product.id)).not.toContain(id);
    // The total comes with the page, and a page past the last still tells it.
    const first = (await call("GET", "/api/orders", customer)).json();
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.orders).toHaveLength(Math.min(first.total, first.pageSize));
    const past = (await call("GET", `/api/orders?page=${Math.ceil(first.total / first.pageSize) + 1}`, customer)).json();
    expect(past).toMatchObject({ orders: [], total: first.total });
    expect((await call("GET", "/api/orders", {})).statusCode).toBe(401);
  });
});

describe("what placing, paying and logging in must not lose", () => {
  it("gives back exactly the full-battery units an order took", async () => {
    const id = await freshProduct(1);
    await setStock(id, "A1", 1, 1);
    const { cookies, body } = await readyCart(id);
    const order = (await place(cookies, body, "battery-key-1")).json();
    await call("POST", "/api/payments/returns", cookies, verdictOf(await pay(order.redirectUrl, "declined")));
    const [row] = await database().db.select().from(productVariants).where(and(eq(productVariants.productId, id), eq(productVariants.label, "A1")));
    expect(row).toMatchObject({ quantity: 1, fullBatteryQuantity: 1 });
  });

  it("places again after going back from the payment page, even for the last unit", async () => {
    const id = await freshProduct(1);
    const { cookies, body } = await readyCart(id);
    const first = (await place(cookies, body, "back-key-1")).json();
    const again = await place(cookies, body, "back-key-2");
    expect(again.statusCode).toBe(201);
    expect((await call("GET", `/api/orders/${first.orderUuid}`, cookies)).json().status).toBe("cancelled");
    expect(await stockOf(id, "A1")).toBe(0);
  });

  it("keeps a guest's order reachable after logging in, and a later payment empties the account's cart", async () => {
    const id = await freshProduct(2);
    const { cookies, body } = await readyCart(id);
    const order = (await place(cookies, body, "guest-login-1")).json();
    keep(cookies, await call("POST", "/api/customer/login", cookies, { credentials: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } }));
    const customer = { [SESSION]: cookies[SESSION]! };
    await call("POST", "/api/payments/returns", customer, verdictOf(await pay(order.redirectUrl, "approved")));
    expect((await call("GET", `/api/orders/${order.orderUuid}`, customer)).json().status).toBe("paid");
    expect((await call("GET", "/api/cart", customer)).json().items.map((i: { product: { id: number } }) => i.product.id)).not.toContain(id);
  });

  it("records money that arrives for an order already cancelled", async () => {
    const id = await freshProduct(1);
    const { cookies, body } = await readyCart(id);
    const order = (await place(cookies, body, "late-money-1")).json();
    const start = await app().inject({ method: "GET", url: order.redirectUrl });
    const paymentUuid = start.headers.location!.split("/").pop()!;
    await app().inject({ method: "POST", url: start.headers.location!, payload: "result=abandoned", headers: { "content-type": "application/x-www-form-urlencoded" } });
    await call("POST", "/api/payments/returns", cookies, { paymentUuid, result: "abandoned", signature: signatureOf(paymentUuid, "abandoned") });
    const late = await call("POST", "/api/payments/sandbox/notifications", {}, { paymentUuid, result: "approved", signature: signatureOf(paymentUuid, "approved") });
    expect(late.statusCode).toBe(204);
    const view = (await call("GET", `/api/orders/${order.orderUuid}`, cookies)).json();
    expect(view.status).toBe("cancelled");
    expect(view.timeline.map((e: { event: string }) => e.event)).toContain("payment_after_cancellation");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("concurrent orders on the PostgreSQL server", () => {
  it("sells 5 units to 5 of 40 simultaneous buyers, once per key, and never below zero", async () => {
    const id = await freshProduct(40);
    const buyers = await Promise.all(Array.from({ length: 40 }, () => readyCart(id)));
    await setStock(id, "A1", 5);
    // Every buyer sends twice with the same key, all at once.
    const answers = await Promise.all(buyers.flatMap((b, i) => [place(b.cookies, b.body, `concurrent-${i}`), place(b.cookies, b.body, `concurrent-${i}`)]));
    const created = answers.filter((a) => a.statusCode === 201);
    const orderUuids = new Set(created.map((a) => a.json().orderUuid));
    expect(orderUuids.size).toBe(5);
    expect(answers.every((a) => [201, 409].includes(a.statusCode))).toBe(true);
    expect(await stockOf(id, "A1")).toBe(0);
  });
});
