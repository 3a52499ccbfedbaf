import { and, eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/staff.ts";
import { setupMailJobsApp } from "../../../test/mail-jobs-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import { loadConfig } from "../../../config.ts";
import { createSandboxProvider } from "../payments/providers.ts";
import { createFulfilmentService } from "./fulfilment-service.ts";
import { createOrderRepository } from "./repository.ts";

const DAY = 86_400_000;
const CARRIER_SECRET = "carrier-events-secret-for-tests";
const { app, database, jobs, smtp, now, setNow } = setupMailJobsApp({ env: { CARRIER_EVENTS_SECRET: CARRIER_SECRET } });
const shop = shopFixtures(app, database);
const fixtures = sellFixtures(app, database);
const { call, codeOf } = fixtures;

const sessions = new Map<string, Promise<Cookies>>();
function member(...roles: ("fulfilment" | "support" | "finance")[]): Promise<Cookies> {
  const key = roles.join("-");
  if (!sessions.has(key)) sessions.set(key, newStaffMember(fixtures, database(), `fulfil-${key}@example.com`, roles));
  return sessions.get(key)!.then((c) => ({ ...c }));
}
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database().db.execute(query)) as unknown as { rows: T[] }).rows;
}
const pdfText = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;

/** A paid sandbox order of one unit of a fresh product with `units` in stock; the order's UUID and number and the buyer's cookies. */
async function paidOrder(units: number, email: string, key: string) {
  const productId = await shop.freshProduct(units);
  const { cookies, body } = await shop.readyCart(productId, {}, "sandbox", email);
  const placed = (await shop.place(cookies, body, key)).json();
  await shop.paySandbox(placed.redirectUrl);
  return { productId, uuid: placed.orderUuid as string, number: placed.number as string, cookies };
}

describe("fulfilment", () => {
  it("queues a paid order with its dispatch deadline, picks it by scan (the unit at hand may replace the reserved one), ships it with tracking, mails the customer and delivers it", async () => {
    const order = await paidOrder(2, "parcel-buyer@example.com", "fulfil-1");
    const desk = await member("fulfilment");
    const queue = (await call("GET", `/api/ops/orders?q=${order.number}`, desk)).json();
    expect(queue.orders).toEqual([expect.objectContaining({ uuid: order.uuid, status: "paid", itemCount: 1, urgency: expect.stringMatching(/on_time|at_risk/) })]);
    expect(new Date(queue.orders[0].dispatchDeadline).getTime()).toBeGreaterThan(now().getTime());

    let view = (await call("GET", `/api/ops/orders/${order.uuid}`, desk)).json();
    const [item] = view.items;
    expect(item.unit).toMatchObject({ status: "reserved" });
    // The other unit of the same product and grade, taken from the shelf instead.
    const [other] = await rows<{ id: number }>(sql`select id from units where product_id = ${order.productId} and grade = 'A1' and status = 'in_stock' limit 1`);
    const [foreign] = await rows<{ id: number }>(sql`select id from units where product_id <> ${order.productId} and status = 'in_stock' limit 1`);
    expect(codeOf(await call("POST", `/api/ops/orders/${order.uuid}/pick`, desk, { itemUuid: item.uuid, code: `U${String(foreign!.id).padStart(6, "0")}` }))).toBe("UNIT_DOES_NOT_MATCH");
    expect(codeOf(await call("POST", `/api/ops/orders/${order.uuid}/pick`, desk, { itemUuid: item.uuid, code: "U999999999" }))).toBe("UNIT_NOT_FOUND");
    expect(codeOf(await call("POST", `/api/ops/orders/${order.uuid}/ship`, desk, { carrier: "dhl", trackingNumber: "003404341234567890" }))).toBe("ORDER_TRANSITION_NOT_ALLOWED");
    const support = await member("support");
    expect(codeOf(await call("POST", `/api/ops/orders/${order.uuid}/pick`, support, { itemUuid: item.uuid, code: `U${other!.id}` }))).toBe("ROLE_REQUIRED");

    view = (await call("POST", `/api/ops/orders/${order.uuid}/pick`, desk, { itemUuid: item.uuid, code: `u${String(other!.id).padStart(6, "0")}` })).json();
    expect(view.status).toBe("picked");
    expect(view.items[0].unit).toMatchObject({ id: other!.id, status: "picked" });
    const [reservedBefore] = await rows<{ status: string; order_item_uuid: string | null }>(sql`select status, order_item_uuid from units where id = ${item.unit.id}`);
    expect(reservedBefore).toEqual({ status: "in_stock", order_item_uuid: null });
    expect(await shop.stockOf(order.productId)).toBe(1);
    // Picked: the customer may no longer cancel.
    expect(codeOf(await call("POST", `/api/orders/${order.uuid}/cancel`, order.cookies, {}))).toBe("ORDER_NOT_CANCELLABLE");

    const label = await call("GET", `/api/ops/orders/${order.uuid}/label.pdf?carrier=dhl`, desk);
    expect(label.headers["content-type"]).toBe("application/pdf");
    expect(await pdfText(label.rawPayload)).toContain(order.number);

    expect(codeOf(await call("POST", `/api/ops/orders/${order.uuid}/ship`, desk, { carrier: "ups", trackingNumber: "12345" }))).toBe("TRACKING_NUMBER_INVALID");
    view = (await call("POST", `/api/ops/orders/${order.uuid}/ship`, desk, { carrier: "dhl", trackingNumber: "0034 0434 1234 5678 90" })).json();
    expect(view).toMatchObject({ status: "shipped", shipment: { carrier: "dhl", trackingNumber: "003404341234567890", deliveredAt: null }, items: [{ unit: { status: "shipped" } }] });
    const note = await call("GET", `/api/ops/orders/${order.uuid}/delivery-note.pdf`, desk);
    expect(await pdfText(note.rawPayload)).toContain(order.number);

    await jobs().drain();
    const shippedMail = smtp().to("parcel-buyer@example.com").find((m) => m.mail.subject?.includes("unterwegs"));
    expect(shippedMail?.mail.text).toContain("003404341234567890");
    expect(shippedMail?.mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);

    // The customer's order page shows the parcel and its tracking link.
    const mine = (await call("GET", `/api/orders/${order.uuid}`, order.cookies)).json();
    expect(mine.shipment).toMatchObject({ carrier: "dhl", trackingUrl: expect.stringContaining("003404341234567890") });

    view = (await call("POST", `/api/ops/orders/${order.uuid}/delivered`, desk)).json();
    expect(view.status).toBe("delivered");
    expect(view.timeline.map((e: { event: string }) => e.event)).toEqual(["placed", "payment_approved", "picked", "shipped", "delivered"]);
    expect(codeOf(await call("POST", `/api/ops/orders/${order.uuid}/delivered`, desk))).toBe("ORDER_TRANSITION_NOT_ALLOWED");
    await jobs().drain();
    expect(smtp().to("parcel-buyer@example.com").map((m) => m.mail.subject)).toEqual([
      `Deine Bestellung ${order.number} ist bestätigt`,
      `Deine Bestellung ${order.number} ist unterwegs`,
      `Deine Bestellung ${order.number} ist angekommen`,
    ]);
    const actions = await database().db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, "order"), eq(auditLog.entityId, order.uuid))).orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(["order.pick", "order.ship"]);
  });

  it("picks an order of two items only once both are scanned, and counts a parcel the carrier never reported as delivered after a week", async () => {
    const productId = await shop.freshProduct(3);
    const { cookies } = await shop.readyCart(productId, {}, "sandbox", "two-items@example.com");
    const { body } = await shop.readyCart(productId, cookies, "sandbox", "two-items@example.com");
    const placed = (await shop.place(cookies, body, "fulfil-2")).json();
    await shop.paySandbox(placed.redirectUrl);
    const desk = await member("fulfilment");
    const view = (await call("GET", `/api/ops/orders/${placed.orderUuid}`, desk)).json();
    expect(view.items).toHaveLength(2);
    const [first, second] = view.items;
    expect((await call("POST", `/api/ops/orders/${placed.orderUuid}/pick`, desk, { itemUuid: first.uuid, code: first.unit.label })).json().status).toBe("paid");
    // The unit already in the parcel cannot serve the second item as well.
    expect(codeOf(await call("POST", `/api/ops/orders/${placed.orderUuid}/pick`, desk, { itemUuid: second.uuid, code: first.unit.label }))).toBe("UNIT_DOES_NOT_MATCH");
    expect((await call("POST", `/api/ops/orders/${placed.orderUuid}/pick`, desk, { itemUuid: second.uuid, code: second.unit.label })).json().status).toBe("picked");
    await call("POST", `/api/ops/orders/${placed.orderUuid}/ship`, desk, { carrier: "ups", trackingNumber: "1Z999AA10123456784" });

    const fulfilment = createFulfilmentService(createOrderRepository(database().db), { clock: () => new Date(now().getTime() + 8 * DAY) });
    expect(await fulfilment.deliverAssumed()).toBeGreaterThanOrEqual(1);
    const after = (await call("GET", `/api/ops/orders/${placed.orderUuid}`, desk)).json();
    expect(after).toMatchObject({ status: "delivered", timeline: expect.arrayContaining([expect.objectContaining({ event: "delivered", actor: "system" })]) });
    setNow(new Date());
  });

  it("delivers a shipped order when the carrier's webhook says so, with the carrier's secret only", async () => {
    const order = await paidOrder(1, "carrier-said@example.com", "fulfil-carrier-1");
    const desk = await member("fulfilment");
    const [item] = (await call("GET", `/api/ops/orders/${order.uuid}`, desk)).json().items;
    await call("POST", `/api/ops/orders/${order.uuid}/pick`, desk, { itemUuid: item.uuid, code: item.unit.label });
    await call("POST", `/api/ops/orders/${order.uuid}/ship`, desk, { carrier: "dpd", trackingNumber: "01234567890123" });
    const event = (secret: string | null, body: object) =>
      app().inject({ method: "POST", url: "/api/carriers/events", headers: secret === null ? {} : { "x-carrier-events-secret": secret }, payload: body });
    const delivered = { carrier: "dpd", trackingNumber: "0123 4567 8901 23", event: "delivered" };
    expect((await event(null, delivered)).json().errors[0].code).toBe("CARRIER_SECRET_INVALID");
    expect((await event("not-the-secret-at-all", delivered)).statusCode).toBe(403);
    expect((await event(CARRIER_SECRET, { ...delivered, trackingNumber: "99999999999999" })).json()).toEqual({ matched: false });
    expect((await event(CARRIER_SECRET, { ...delivered, event: "lost" })).statusCode).toBe(400);
    expect((await event(CARRIER_SECRET, delivered)).json()).toEqual({ matched: true });
    expect((await event(CARRIER_SECRET, delivered)).json()).toEqual({ matched: false });
    const view = (await call("GET", `/api/ops/orders/${order.uuid}`, desk)).json();
    expect(view).toMatchObject({ status: "delivered", shipment: { deliveredAt: expect.any(String) } });
    expect(view.timeline.at(-1)).toMatchObject({ event: "delivered", actor: "carrier:dpd" });
  });

  it("lists a cancelled order whose money came in afterwards for finance to refund", async () => {
    const productId = await shop.freshProduct(1);
    const { cookies, body } = await shop.readyCart(productId, {}, "sandbox", "late-payer@example.com");
    const placed = (await shop.place(cookies, body, "fulfil-late-1")).json();
    expect((await call("POST", `/api/orders/${placed.orderUuid}/cancel`, cookies, {})).json().status).toBe("cancelled");
    // The provider tells of a payment approved after the cancellation (a slow bank, a second tab).
    const paymentUuid = /\/api\/payments\/([^/]+)\/start/.exec(placed.redirectUrl)![1]!;
    const signature = createSandboxProvider(loadConfig({ NODE_ENV: "test" }).COOKIE_SECRET).sign(paymentUuid, "approved");
    expect((await call("POST", "/api/payments/sandbox/notifications", {}, { paymentUuid, result: "approved", signature })).statusCode).toBe(204);
    const finance = await member("finance");
    const due = (await call("GET", `/api/ops/orders?attention=refund_due&q=${placed.number}`, finance)).json();
    expect(due.orders.map((o: { number: string; status: string }) => [o.number, o.status])).toEqual([[placed.number, "cancelled"]]);
    // Refunded, it leaves the list.
    const refunded = await call("POST", `/api/ops/orders/${placed.orderUuid}/refunds`, finance, { reason: "Paid after the cancellation" }, { "idempotency-key": "late-refund-1" });
    expect(refunded.statusCode).toBe(201);
    expect((await call("GET", `/api/ops/orders?attention=refund_due&q=${placed.number}`, finance)).json().orders).toEqual([]);
  });

  it("lets support and finance look orders up but not move them; customers do not reach the back-office", async () => {
    const order = await paidOrder(1, "lookup@example.com", "fulfil-3");
    const finance = await member("finance");
    expect((await call("GET", `/api/ops/orders/${order.uuid}`, finance)).json().number).toBe(order.number);
    expect(codeOf(await call("POST", `/api/ops/orders/${order.uuid}/ship`, finance, { carrier: "dhl", trackingNumber: "003404341234567890" }))).toBe("ROLE_REQUIRED");
    expect((await call("GET", "/api/ops/orders", order.cookies)).statusCode).toBe(404);
    expect(codeOf(await call("GET", "/api/ops/orders/00000000-0000-4000-8000-000000000000", finance))).toBe("ORDER_NOT_FOUND");
    expect((await call("GET", "/api/ops/orders?status=teleported", finance)).statusCode).toBe(400);
  });
});
