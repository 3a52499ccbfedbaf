import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/staff.ts";
import { orderRefunds, orders } from "../../../db/schema/orders.ts";
import { createJobQueue } from "../../../jobs/queue.ts";
import type { MailMessage } from "../../../mail/mailer.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import { startStripeStandIn } from "../../../test/stripe-stand-in.ts";

const SECRET_KEY = "sk_test_standin4242";
const WEBHOOK_SECRET = "whsec_standinsecret4242";
const standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
afterAll(() => standIn.close());
const sent: MailMessage[] = [];
const { app, database, jobs } = setupTestApp({
  env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url },
  mailer: { send: async (message) => void sent.push(message) },
  // With a clock the queue does not poll: the mails go when a test drains it.
  jobs: (db) => createJobQueue(db, { clock: () => new Date(), log: () => {} }),
});
const { call, codeOf, newCustomer } = sellFixtures(app, database);
const { stockOf, freshProduct } = shopFixtures(app, database);
const CART = "reloop-cart";
const LANGUAGE = "reloop-language";

type Method = "sandbox" | "stripe" | "prepayment";
interface Placed {
  cookies: Cookies;
  orderUuid: string;
  total: number;
  productId: number;
}

/** One unit ordered and paid (a bank transfer stays unpaid unless booked): by a new guest unless cookies of a customer are given. */
async function paidOrder(method: Method, options: { cookies?: Cookies; pay?: boolean; locale?: string } = {}): Promise<Placed> {
  const productId = await freshProduct(3);
  const cookies: Cookies = { ...(options.cookies ?? {}), ...(options.locale ? { [LANGUAGE]: options.locale } : {}) };
  const added = await call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: "A1", withFullBattery: false });
  const cart = added.cookies.find((c) => c.name === CART);
  if (cart) cookies[CART] = cart.value;
  await call("PUT", "/api/checkout/address", cookies, { ...(options.cookies ? {} : { email: `guest-${productId}@example.com` }), billingAddress: HOME });
  const view = (await call("PUT", "/api/cart/options", cookies, { paymentMethod: method })).json();
  const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
  const placed = await call("POST", "/api/checkout/orders", cookies, body, { "idempotency-key": `order-${productId}-${method}` });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  if (options.pay !== false && method === "sandbox") {
    const start = await app().inject({ method: "GET", url: order.redirectUrl });
    await app().inject({ method: "POST", url: start.headers.location!, payload: "result=approved", headers: { "content-type": "application/x-www-form-urlencoded" } });
  }
  if (options.pay !== false && method === "stripe") {
    const start = await app().inject({ method: "GET", url: order.redirectUrl });
    const sessionId = /\/pay\/(cs_test_\w+)$/.exec(start.headers.location!)![1]!;
    await standIn.pay(sessionId);
    expect((await call("POST", "/api/payments/stripe/returns", cookies, { sessionId })).json().status).toBe("paid");
  }
  return { cookies, orderUuid: order.orderUuid, total: order.totalPrice.amount, productId };
}

const orderRow = async (uuid: string) => (await database().db.select().from(orders).where(eq(orders.uuid, uuid)))[0]!;
const refundsOf = (uuid: string) => database().db.select().from(orderRefunds).where(eq(orderRefunds.orderUuid, uuid));
const auditOf = (uuid: string, action: string) =>
  database()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, uuid), eq(auditLog.action, action)));
const refund = (staff: Cookies, uuid: string, key: string, body: object = { reason: "Customer complaint" }) => call("POST", `/api/ops/orders/${uuid}/refunds`, staff, body, { "idempotency-key": key });
const mailsTo = (uuid: string) => sent.filter((m) => m.text.includes(uuid) || m.subject.includes(uuid));

let finance: Cookies;
let support: Cookies;
let receiving: Cookies;
let staffCount = 0;
async function staffOf(roles: Parameters<typeof newStaffMember>[3]) {
  staffCount += 1;
  return newStaffMember({ newCustomer }, database(), `refund-staff-${staffCount}@example.com`, roles);
}

describe("refunds", () => {
  it("refunds a paid order in full through the sandbox, once per key, audited and mailed", async () => {
    finance = await staffOf(["finance"]);
    const order = await paidOrder("sandbox");
    const first = await refund(finance, order.orderUuid, "refund-full-1");
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: { amount: order.total }, provider: "sandbox", status: "succeeded", providerRef: expect.stringMatching(/^sbr_/), refundedTotal: { amount: order.total } });
    const again = await refund(finance, order.orderUuid, "refund-full-1");
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().uuid).toBe(first.json().uuid);
    expect(await refundsOf(order.orderUuid)).toHaveLength(1);
    expect((await orderRow(order.orderUuid)).refundedTotal).toBe(order.total);

    const more = await refund(finance, order.orderUuid, "refund-full-2", { reason: "Again", amount: 1 });
    expect(more.statusCode).toBe(409);
    expect(codeOf(more)).toBe("REFUND_EXCEEDS_PAID");

    const [audit] = await auditOf(order.orderUuid, "order.refund");
    expect(audit).toMatchObject({ before: { refundedTotal: 0 }, after: { refundedTotal: order.total, amount: order.total, reason: "Customer complaint" } });
    expect(await auditOf(order.orderUuid, "order.refund")).toHaveLength(1);
    await jobs().drain();
    const number = (await orderRow(order.orderUuid)).number;
    expect(sent.filter((m) => m.subject === `Erstattung zu deiner Bestellung ${number}`)).toHaveLength(1);
  });

  it("adds partial refunds up, per amount or per item, and refuses what is more than is left", async () => {
    const order = await paidOrder("sandbox");
    const [item] = (await call("GET", `/api/orders/${order.orderUuid}`, order.cookies)).json().items;
    expect((await refund(finance, order.orderUuid, "partial-1", { reason: "Scratch", amount: 3_000 })).statusCode).toBe(201);
    const perItem = await refund(finance, order.orderUuid, "partial-2", { reason: "Missing cable", items: [{ orderItemUuid: item.uuid, amount: 2_000 }] });
    expect(perItem.json()).toMatchObject({ amount: { amount: 2_000 }, items: [{ orderItemUuid: item.uuid, amount: { amount: 2_000 } }], refundedTotal: { amount: 5_000 } });
    const tooMuch = await refund(finance, order.orderUuid, "partial-3", { reason: "All", amount: order.total - 5_000 + 1 });
    expect(codeOf(tooMuch)).toBe("REFUND_EXCEEDS_PAID");
    const foreignItem = await refund(finance, order.orderUuid, "partial-4", { reason: "?", items: [{ orderItemUuid: "00000000-0000-4000-8000-000000000000" }] });
    expect(codeOf(foreignItem)).toBe("REFUND_ITEM_INVALID");
    // An item gives back at most what was paid for it, less what earlier refunds of it gave back.
    const itemPaid = item.price.amount - item.discount.amount;
    const itemAgain = await refund(finance, order.orderUuid, "partial-4b", { reason: "Whole item", items: [{ orderItemUuid: item.uuid, amount: itemPaid - 2_000 + 1 }] });
    expect(codeOf(itemAgain)).toBe("REFUND_ITEM_INVALID");
    const rest = await refund(finance, order.orderUuid, "partial-5", { reason: "The rest" });
    expect(rest.json()).toMatchObject({ amount: { amount: order.total - 5_000 }, refundedTotal: { amount: order.total } });
    expect((await refundsOf(order.orderUuid)).reduce((sum, r) => sum + r.amount, 0)).toBe(order.total);
  });

  it("refuses an order that was not paid, and keeps a bank-transfer order's refund as a transfer for finance", async () => {
    const unpaid = await paidOrder("sandbox", { pay: false });
    expect(codeOf(await refund(finance, unpaid.orderUuid, "unpaid-1"))).toBe("ORDER_NOT_PAID");
    const transfer = await paidOrder("prepayment");
    expect(codeOf(await refund(finance, transfer.orderUuid, "unpaid-2"))).toBe("ORDER_NOT_PAID");
    const { createServices } = await import("../../services.ts");
    const { loadConfig } = await import("../../../config.ts");
    const services = createServices(database().db, { config: loadConfig({ NODE_ENV: "test" }), version: "test", mailer: { send: async () => {} } });
    expect(await services.orders.recordTransfer(transfer.orderUuid, "staff:finance")).toBe("paid");
    const booked = await refund(finance, transfer.orderUuid, "transfer-1", { reason: "Returned", amount: 5_000 });
    expect(booked.json()).toMatchObject({ provider: "prepayment", status: "to_transfer", providerRef: null, refundedTotal: { amount: 5_000 } });
    expect(codeOf(await call("POST", `/api/ops/orders/00000000-0000-4000-8000-000000000000/refunds`, finance, { reason: "x" }, { "idempotency-key": "nothing-1" }))).toBe("ORDER_NOT_FOUND");
  });

  it("refunds a Stripe payment through Stripe's refunds API with the idempotency key, and counts nothing when Stripe refuses", async () => {
    const order = await paidOrder("stripe");
    standIn.refuseRefunds(true);
    try {
      const refused = await refund(finance, order.orderUuid, "stripe-refund-1", { reason: "Broken", amount: 4_000 });
      expect(refused.statusCode).toBe(502);
      expect(codeOf(refused)).toBe("REFUND_PROVIDER_REFUSED");
    } finally {
      standIn.refuseRefunds(false);
    }
    expect(await refundsOf(order.orderUuid)).toEqual([]);
    expect((await orderRow(order.orderUuid)).refundedTotal).toBe(0);

    const done = await refund(finance, order.orderUuid, "stripe-refund-1", { reason: "Broken", amount: 4_000 });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ provider: "stripe", status: "succeeded", providerRef: expect.stringMatching(/^re_/) });
    const made = standIn.refunds().filter((r) => r.id === done.json().providerRef);
    expect(made).toMatchObject([{ amount: 4_000, status: "succeeded" }]);
    expect(standIn.idempotencyKeys).toContain("refund-stripe-refund-1");
    expect((await refund(finance, order.orderUuid, "stripe-refund-1", { reason: "Broken", amount: 4_000 })).json().providerRef).toBe(done.json().providerRef);
    expect(standIn.refunds().filter((r) => r.payment_intent === made[0]!.payment_intent)).toHaveLength(1);
  });

  it("lets only finance refund, with a recent second factor; others get 403 and customers 404", async () => {
    const order = await paidOrder("sandbox");
    receiving = await staffOf(["receiving"]);
    support = await staffOf(["support"]);
    expect(codeOf(await refund(receiving, order.orderUuid, "role-key-1"))).toBe("ROLE_REQUIRED");
    expect(codeOf(await refund(support, order.orderUuid, "role-key-2"))).toBe("ROLE_REQUIRED");
    const customer = await newCustomer("refund-customer-role@example.com");
    expect((await refund(customer, order.orderUuid, "role-key-3")).statusCode).toBe(404);
    expect((await refund(order.cookies, order.orderUuid, "role-key-4")).statusCode).toBe(404);
    expect((await call("POST", `/api/ops/orders/${order.orderUuid}/cancel`, receiving, { reason: "x" })).statusCode).toBe(403);
    expect((await call("POST", `/api/ops/orders/${order.orderUuid}/cancel`, customer, { reason: "x" })).statusCode).toBe(404);
    const stale = await staffOf(["finance"]);
    await database().db.execute(sql`update staff_sessions set second_factor_at = now() - interval '6 minutes'`);
    expect(codeOf(await refund(stale, order.orderUuid, "role-key-5"))).toBe("SECOND_FACTOR_REQUIRED");
    expect(await refundsOf(order.orderUuid)).toEqual([]);
    await database().db.execute(sql`update staff_sessions set second_factor_at = now()`);
  });

  it("never refunds more than was paid when twenty full refunds of one order run at once", async () => {
    const order = await paidOrder("sandbox");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(finance, order.orderUuid, `race-key-${i}`, { reason: "Race" })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => codeOf(a) === "REFUND_EXCEEDS_PAID")).toBe(true);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect((await orderRow(order.orderUuid)).refundedTotal).toBe(order.total);
    expect(await refundsOf(order.orderUuid)).toHaveLength(1);
  });

  it("adds concurrent partial refunds up to exactly what was paid, and the same key sent at once is one refund", async () => {
    const order = await paidOrder("sandbox");
    const share = Math.floor(order.total / 4);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refund(finance, order.orderUuid, `share-key-${i}`, { reason: "Share", amount: share })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(4);
    expect((await orderRow(order.orderUuid)).refundedTotal).toBe(4 * share);
    const other = await paidOrder("sandbox");
    const same = await Promise.all(Array.from({ length: 5 }, () => refund(finance, other.orderUuid, "same-key-race", { reason: "Twice", amount: 1_000 })));
    expect(new Set(same.map((a) => a.json().uuid)).size).toBe(1);
    expect((await orderRow(other.orderUuid)).refundedTotal).toBe(1_000);
  });

  it("the database refuses a refunded total above the order's total whatever the code does", async () => {
    const order = await paidOrder("sandbox");
    await expect(database().db.update(orders).set({ refundedTotal: order.total + 1 }).where(eq(orders.uuid, order.orderUuid))).rejects.toThrow();
    expect((await orderRow(order.orderUuid)).refundedTotal).toBe(0);
  });
});

describe("cancellations", () => {
  it("lets a customer cancel their own paid order: refunded in full, the stock goes back, a mail in their language; a second cancel is refused", async () => {
    const customer = await newCustomer("refund-cancel-own@example.com");
    const order = await paidOrder("sandbox", { cookies: customer, locale: "fr" });
    expect(await stockOf(order.productId)).toBe(2);
    expect((await call("GET", `/api/orders/${order.orderUuid}`, customer)).json()).toMatchObject({ cancellable: true, refundedTotal: { amount: 0 } });
    const stranger = await newCustomer("refund-cancel-stranger@example.com");
    const foreign = await call("POST", `/api/orders/${order.orderUuid}/cancel`, stranger, {});
    expect(foreign.statusCode).toBe(404);
    expect(codeOf(foreign)).toBe("ORDER_NOT_FOUND");
    expect((await call("POST", `/api/orders/${order.orderUuid}/cancel`, {}, {})).statusCode).toBe(404);

    const cancelled = await call("POST", `/api/orders/${order.orderUuid}/cancel`, customer, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", refund: { amount: { amount: order.total }, status: "succeeded", provider: "sandbox" } });
    expect(await stockOf(order.productId)).toBe(3);
    const again = await call("POST", `/api/orders/${order.orderUuid}/cancel`, customer, {});
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe("ORDER_NOT_CANCELLABLE");
    expect(await stockOf(order.productId)).toBe(3);
    expect((await orderRow(order.orderUuid)).refundedTotal).toBe(order.total);
    const view = (await call("GET", `/api/orders/${order.orderUuid}`, customer)).json();
    expect(view.timeline.at(-1)).toMatchObject({ status: "cancelled", event: "cancelled_by_customer" });
    // The order page reads what was given back, and offers no second cancellation.
    expect(view).toMatchObject({ cancellable: false, refundedTotal: { amount: order.total } });

    await jobs().drain();
    const number = (await orderRow(order.orderUuid)).number;
    const mails = sent.filter((m) => m.to === "refund-cancel-own@example.com");
    expect(mails.map((m) => m.subject)).toContain(`Votre commande ${number} a été annulée`);
    expect(mails.find((m) => m.subject.includes("annulée"))!.text).toContain("Nous vous remboursons");
  });

  it("lets a guest cancel the unpaid order of their browser: nothing to refund, the units are back", async () => {
    const order = await paidOrder("sandbox", { pay: false });
    expect(await stockOf(order.productId)).toBe(2);
    const cancelled = await call("POST", `/api/orders/${order.orderUuid}/cancel`, order.cookies, { reason: "Changed my mind" });
    expect(cancelled.json()).toEqual({ orderUuid: order.orderUuid, status: "cancelled", refund: null });
    expect(await stockOf(order.productId)).toBe(3);
    expect(await refundsOf(order.orderUuid)).toEqual([]);
  });

  it("lets support and fulfilment cancel a paid order, refunded through Stripe, with the audit row before and after", async () => {
    const fulfilment = await staffOf(["fulfilment"]);
    const order = await paidOrder("stripe");
    const cancelled = await call("POST", `/api/ops/orders/${order.orderUuid}/cancel`, support, { reason: "Out of stock after all" });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", refund: { provider: "stripe", amount: { amount: order.total }, providerRef: expect.stringMatching(/^re_/) } });
    expect(await stockOf(order.productId)).toBe(3);
    expect(codeOf(await call("POST", `/api/ops/orders/${order.orderUuid}/cancel`, fulfilment, { reason: "Twice" }))).toBe("ORDER_NOT_CANCELLABLE");
    const [audit] = await auditOf(order.orderUuid, "order.cancel");
    expect(audit).toMatchObject({ before: { status: "paid", refundedTotal: 0 }, after: { status: "cancelled", refundedTotal: order.total, reason: "Out of stock after all" } });
    // Nothing left to refund afterwards.
    expect(codeOf(await refund(finance, order.orderUuid, "after-cancel-1", { reason: "x", amount: 1 }))).toBe("REFUND_EXCEEDS_PAID");

    const transfer = await paidOrder("prepayment");
    const unpaid = await call("POST", `/api/ops/orders/${transfer.orderUuid}/cancel`, fulfilment, { reason: "Customer called" });
    expect(unpaid.json()).toMatchObject({ status: "cancelled", refund: null });
    expect(await stockOf(transfer.productId)).toBe(3);
  });

  it("leaves the order paid and its stock taken when the provider refuses the cancellation's refund", async () => {
    const order = await paidOrder("stripe");
    standIn.refuseRefunds(true);
    try {
      const refused = await call("POST", `/api/ops/orders/${order.orderUuid}/cancel`, support, { reason: "Refused" });
      expect(codeOf(refused)).toBe("REFUND_PROVIDER_REFUSED");
    } finally {
      standIn.refuseRefunds(false);
    }
    expect((await orderRow(order.orderUuid)).status).toBe("paid");
    expect(await stockOf(order.productId)).toBe(2);
    expect(await auditOf(order.orderUuid, "order.cancel")).toEqual([]);
    expect(mailsTo(order.orderUuid)).toEqual([]);
  });

  it("validates the bodies", async () => {
    const order = await paidOrder("sandbox");
    expect(codeOf(await call("POST", `/api/ops/orders/${order.orderUuid}/cancel`, support, {}))).toBe("VALIDATION_FAILED");
    expect(codeOf(await refund(finance, order.orderUuid, "bad-1", { reason: "x", amount: -5 }))).toBe("VALIDATION_FAILED");
    // A NUL byte PostgreSQL would refuse is refused at the field, for staff and for the customer.
    expect(codeOf(await refund(finance, order.orderUuid, "bad-nul", { reason: "broken\u0000", amount: 5 }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", `/api/orders/${order.orderUuid}/cancel`, order.cookies, { reason: "broken\u0000" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", `/api/ops/orders/${order.orderUuid}/refunds`, finance, { reason: "x" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", `/api/orders/not-a-uuid/cancel`, order.cookies, {}))).toBe("VALIDATION_FAILED");
  });
});
