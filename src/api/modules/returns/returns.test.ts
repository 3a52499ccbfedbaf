import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/staff.ts";
import { setupMailJobsApp } from "../../../test/mail-jobs-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import { loadConfig } from "../../../config.ts";
import { orderAccessKey } from "../orders/order-access.ts";

const { app, database, jobs, smtp, subjectsTo } = setupMailJobsApp();
const shop = shopFixtures(app, database);
const fixtures = sellFixtures(app, database);
const { call, codeOf } = fixtures;

const sessions = new Map<string, Promise<Cookies>>();
function member(...roles: ("fulfilment" | "receiving" | "support" | "finance" | "grading")[]): Promise<Cookies> {
  const key = roles.join("-");
  if (!sessions.has(key)) sessions.set(key, newStaffMember(fixtures, database(), `returns-${key}@example.com`, roles));
  return sessions.get(key)!.then((c) => ({ ...c }));
}
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database().db.execute(query)) as unknown as { rows: T[] }).rows;
}
const pdfText = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;

let orderKeys = 0;
/** A customer's delivered order of one A1 unit (with an IMEI) of a fresh product; `deliveredDaysAgo` moves its delivery back. */
async function deliveredOrder(email: string, options: { units?: number; deliveredDaysAgo?: number; guest?: boolean } = {}) {
  const productId = await shop.freshProduct(options.units ?? 2);
  const cookies = options.guest ? {} : await fixtures.newCustomer(email);
  const { body } = await shop.readyCart(productId, cookies, "sandbox", email);
  const placed = (await shop.place(cookies, body, `return-order-${++orderKeys}`)).json();
  await shop.paySandbox(placed.redirectUrl);
  const desk = await member("fulfilment");
  const [item] = (await call("GET", `/api/ops/orders/${placed.orderUuid}`, desk)).json().items;
  const imei = `35${String(100_000_000_000 + orderKeys).padStart(13, "0")}`;
  await database().db.execute(sql`update units set identifier = ${imei} where id = ${item.unit.id}`);
  await call("POST", `/api/ops/orders/${placed.orderUuid}/pick`, desk, { itemUuid: item.uuid, code: item.unit.label });
  await call("POST", `/api/ops/orders/${placed.orderUuid}/ship`, desk, { carrier: "dhl", trackingNumber: "003404341234567890" });
  await call("POST", `/api/ops/orders/${placed.orderUuid}/delivered`, desk);
  if (options.deliveredDaysAgo) await database().db.execute(sql`update orders set delivered_at = now() - make_interval(days => ${options.deliveredDaysAgo}) where uuid = ${placed.orderUuid}`);
  await jobs().drain();
  return { productId, uuid: placed.orderUuid as string, number: placed.number as string, cookies, itemUuid: item.uuid as string, unitId: item.unit.id as number, imei, paid: placed.totalPrice.amount as number };
}

async function requestReturn(order: Awaited<ReturnType<typeof deliveredOrder>>, reason = "changed_mind") {
  const res = await call("POST", `/api/orders/${order.uuid}/returns`, order.cookies, { items: [{ orderItemUuid: order.itemUuid, reason }], comment: "Doch zu groß" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const unitOf = async (id: number) => (await rows<{ status: string; grade: string; order_item_uuid: string | null }>(sql`select status, grade, order_item_uuid from units where id = ${id}`))[0]!;

describe("returns", () => {
  it("takes a withdrawal within 14 days to a full refund: label, receiving by scan with the right IMEI, the unit back in stock regraded, mails and timeline", async () => {
    const order = await deliveredOrder("withdraws@example.com", { deliveredDaysAgo: 3 });
    const overview = (await call("GET", `/api/orders/${order.uuid}/returns`, order.cookies)).json();
    expect(overview).toMatchObject({ returnKind: "withdrawal", items: [{ orderItemUuid: order.itemUuid, returnable: true, claimable: true }], returns: [], claims: [] });

    const created = await requestReturn(order);
    expect(created).toMatchObject({ number: expect.stringMatching(/^RT-\d{6}$/), kind: "withdrawal", status: "requested", items: [{ orderItemUuid: order.itemUuid, reason: "changed_mind" }] });
    const label = await call("GET", created.labelUrl, order.cookies);
    expect(label.headers["content-type"]).toBe("application/pdf");
    expect(await pdfText(label.rawPayload)).toContain(created.number);
    await jobs().drain();
    const requestMail = smtp().to("withdraws@example.com").at(-1)!;
    expect(requestMail.mail.subject).toContain(created.number);
    expect(requestMail.mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    // A second return of the same item is refused.
    expect(codeOf(await call("POST", `/api/orders/${order.uuid}/returns`, order.cookies, { items: [{ orderItemUuid: order.itemUuid, reason: "defective" }] }))).toBe("RETURN_EXISTS");

    const desk = await member("receiving");
    const finance = await member("finance");
    // The scanned label finds the return in the queue of parcels expected.
    const queue = (await call("GET", `/api/ops/returns?status=requested&q=${created.number.toLowerCase()}`, desk)).json();
    expect(queue.returns.map((r: { uuid: string }) => r.uuid)).toEqual([created.uuid]);
    expect((await call("GET", `/api/ops/returns?q=withdraws@example.com`, desk)).json().total).toBe(1);
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "full_refund", items: [] }))).toBe("RETURN_NOT_RECEIVED");
    expect(codeOf(await call("POST", "/api/ops/returns/receive", desk, { label: "RT-999999" }))).toBe("RETURN_NOT_FOUND");
    const received = (await call("POST", "/api/ops/returns/receive", desk, { label: created.number.toLowerCase(), identifiers: [{ orderItemUuid: order.itemUuid, identifier: order.imei }] })).json();
    expect(received).toMatchObject({ status: "received", identifierMismatch: false, items: [{ unit: { id: order.unitId, status: "returned" } }] });
    expect(codeOf(await call("POST", "/api/ops/returns/receive", desk, { label: created.number }))).toBe("RETURN_ALREADY_RECEIVED");
    // Receiving may not decide money.
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, desk, { decision: "full_refund", items: [] }))).toBe("ROLE_REQUIRED");

    const stockBefore = await shop.stockOf(order.productId, "A2");
    const decided = await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "full_refund", items: [{ orderItemUuid: order.itemUuid, destination: "in_stock", grade: "A2" }] });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: "refunded", refund: { amount: order.paid - 0 - (order.paid - received.items[0].paid.amount) } });
    expect(await unitOf(order.unitId)).toEqual({ status: "in_stock", grade: "A2", order_item_uuid: null });
    expect(await shop.stockOf(order.productId, "A2")).toBe(stockBefore + 1);
    const history = await rows<{ event: string }>(sql`select event from unit_events where unit_id = ${order.unitId} order by id`);
    expect(history.map((h) => h.event).slice(-2)).toEqual(["return_received", "return_inspected"]);
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "full_refund", items: [] }))).toBe("RETURN_ALREADY_DECIDED");

    const mine = (await call("GET", `/api/orders/${order.uuid}`, order.cookies)).json();
    expect(mine.refundedTotal.amount).toBe(received.items[0].paid.amount);
    expect(mine.timeline.map((e: { event: string }) => e.event).slice(-3)).toEqual([`return_requested:${created.number}`, `return_received:${created.number}`, `return_refunded:${created.number}`]);
    await jobs().drain();
    const subjects = subjectsTo("withdraws@example.com").slice(-3);
    expect(subjects.every((s) => s?.includes(created.number))).toBe(true);
    const audit = await database().db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, "return"), eq(auditLog.entityId, created.uuid))).orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(["return.receive", "return.decide"]);
  });

  it("flags a device with another IMEI and refuses refunds for it; the refusal keeps the unit with the customer", async () => {
    const order = await deliveredOrder("swapper@example.com");
    const created = await requestReturn(order, "defective");
    const desk = await member("receiving");
    const finance = await member("finance");
    const received = (await call("POST", "/api/ops/returns/receive", desk, { label: created.number, identifiers: [{ orderItemUuid: order.itemUuid, identifier: "350000000000001" }] })).json();
    expect(received).toMatchObject({ identifierMismatch: true, receivedIdentifiers: { [order.itemUuid]: "350000000000001" }, items: [{ unit: { status: "shipped" } }] });
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "full_refund", items: [] }))).toBe("RETURN_IDENTIFIER_MISMATCH");
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "refused", items: [] }))).toBe("VALIDATION_FAILED");
    const refused = (await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "refused", reason: "Das zurückgeschickte Gerät ist nicht das verkaufte (andere IMEI).", items: [] })).json();
    expect(refused).toMatchObject({ status: "refused", refund: null });
    expect((await unitOf(order.unitId)).status).toBe("shipped");
    expect((await call("GET", `/api/orders/${order.uuid}`, order.cookies)).json().refundedTotal.amount).toBe(0);
    await jobs().drain();
    const mail = smtp().to("swapper@example.com").at(-1)!;
    expect(mail.mail.text).toContain("andere IMEI");
  });

  it("refunds part of the price with a reason, never as much as is left, and sends a scrapped unit nowhere near stock", async () => {
    const order = await deliveredOrder("scratched@example.com");
    const created = await requestReturn(order, "not_as_described");
    await call("POST", "/api/ops/returns/receive", await member("receiving"), { label: created.number, identifiers: [{ orderItemUuid: order.itemUuid, identifier: order.imei }] });
    const finance = await member("finance");
    const view = (await call("GET", `/api/ops/returns/${created.uuid}`, finance)).json();
    const left = view.items[0].refundable.amount;
    const items = [{ orderItemUuid: order.itemUuid, destination: "scrapped" }];
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "partial_refund", amount: 5_000, items }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "partial_refund", amount: left, reason: "Display gebrochen", items }))).toBe("RETURN_AMOUNT_INVALID");
    expect(codeOf(await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "full_refund" }))).toBe("RETURN_ITEM_INVALID");
    const partial = (await call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "partial_refund", amount: 5_000, reason: "Display gebrochen (Wasserschaden)", items })).json();
    expect(partial).toMatchObject({ status: "partially_refunded", refund: { amount: 5_000 }, decisionReason: "Display gebrochen (Wasserschaden)" });
    expect((await unitOf(order.unitId)).status).toBe("scrapped");
    expect((await call("GET", `/api/orders/${order.uuid}`, order.cookies)).json().refundedTotal.amount).toBe(5_000);
  });

  it("refuses returns outside the return period and claims outside the warranty, offers neither before delivery, and hides orders from strangers", async () => {
    const late = await deliveredOrder("late-returner@example.com", { deliveredDaysAgo: 31 });
    expect((await call("GET", `/api/orders/${late.uuid}/returns`, late.cookies)).json()).toMatchObject({ returnKind: null, items: [{ returnable: false, claimable: true }] });
    expect(codeOf(await call("POST", `/api/orders/${late.uuid}/returns`, late.cookies, { items: [{ orderItemUuid: late.itemUuid, reason: "changed_mind" }] }))).toBe("RETURN_PERIOD_ENDED");
    // After the 14 days, within 30: the shop's voluntary return.
    const voluntary = await deliveredOrder("voluntary@example.com", { deliveredDaysAgo: 20 });
    expect((await requestReturn(voluntary)).kind).toBe("voluntary");

    const old = await deliveredOrder("old-phone@example.com", { deliveredDaysAgo: 400 });
    expect(codeOf(await call("POST", `/api/orders/${old.uuid}/warranty-claims`, old.cookies, { orderItemUuid: old.itemUuid, description: "Akku hält nicht mehr", remedy: "repair" }))).toBe("WARRANTY_ENDED");
    // A claim's bad input: each field said, nothing created.
    const badClaim = await call("POST", `/api/orders/${late.uuid}/warranty-claims`, late.cookies, { orderItemUuid: "not-a-uuid", description: "kaputt", remedy: "money" });
    expect(badClaim.statusCode).toBe(400);
    expect(badClaim.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.description", "body.orderItemUuid", "body.remedy"]);
    expect((await call("GET", `/api/orders/${late.uuid}/returns`, late.cookies)).json().claims).toEqual([]);

    const stranger = await fixtures.newCustomer("stranger@example.com");
    expect(codeOf(await call("GET", `/api/orders/${late.uuid}/returns`, stranger))).toBe("ORDER_NOT_FOUND");
    expect(codeOf(await call("POST", `/api/orders/${late.uuid}/returns`, stranger, { items: [{ orderItemUuid: late.itemUuid, reason: "other" }] }))).toBe("ORDER_NOT_FOUND");

    // Paid, not delivered yet.
    const productId = await shop.freshProduct(1);
    const cookies = await fixtures.newCustomer("impatient@example.com");
    const { body } = await shop.readyCart(productId, cookies, "sandbox", "impatient@example.com");
    const placed = (await shop.place(cookies, body, "return-undelivered")).json();
    await shop.paySandbox(placed.redirectUrl);
    const items = (await call("GET", `/api/orders/${placed.orderUuid}`, cookies)).json().items;
    expect(codeOf(await call("POST", `/api/orders/${placed.orderUuid}/returns`, cookies, { items: [{ orderItemUuid: items[0].uuid, reason: "changed_mind" }] }))).toBe("ORDER_NOT_DELIVERED");
    // Bad input: a clear error per field.
    const bad = await call("POST", `/api/orders/${late.uuid}/returns`, late.cookies, { items: [{ orderItemUuid: late.itemUuid, reason: "bored" }], comment: "x\u0000y" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.comment", "body.items.0.reason"]);
  });

  it("lets a guest return from the order mail's link alone, and withdraw the request before the parcel arrives", async () => {
    const order = await deliveredOrder("guest-returner@example.com", { guest: true });
    const key = orderAccessKey(loadConfig({ NODE_ENV: "test" }).COOKIE_SECRET, order.uuid);
    expect(codeOf(await call("GET", `/api/orders/${order.uuid}/returns`, {}))).toBe("ORDER_NOT_FOUND");
    expect(codeOf(await call("GET", `/api/orders/${order.uuid}/returns?key=${key.slice(1)}x`, {}))).toBe("ORDER_NOT_FOUND");
    expect((await call("GET", `/api/orders/${order.uuid}?key=${key}`, {})).json().number).toBe(order.number);
    const created = await call("POST", `/api/orders/${order.uuid}/returns?key=${key}`, {}, { items: [{ orderItemUuid: order.itemUuid, reason: "wrong_item" }] });
    expect(created.statusCode).toBe(201);
    const { uuid, number } = created.json();
    expect((await call("GET", `/api/returns/${uuid}/label?key=${key}`, {})).statusCode).toBe(200);
    const cancelled = (await call("POST", `/api/returns/${uuid}/cancel?key=${key}`, {})).json();
    expect(cancelled.status).toBe("withdrawn");
    expect((await call("GET", `/api/orders/${order.uuid}/returns?key=${key}`, {})).json().items[0]).toMatchObject({ returnable: true, returnNumber: null });
    expect(codeOf(await call("POST", "/api/ops/returns/receive", await member("receiving"), { label: number }))).toBe("RETURN_ALREADY_RECEIVED");
    // The key cancels nothing once the order is delivered, but is heard: the answer is the order's, not a 404.
    expect(codeOf(await call("POST", `/api/orders/${order.uuid}/cancel?key=${key}`, {}, {}))).toBe("ORDER_NOT_CANCELLABLE");
    expect(codeOf(await call("POST", `/api/orders/${order.uuid}/cancel`, {}, {}))).toBe("ORDER_NOT_FOUND");
    // The guest's mails link to the order with its key.
    await jobs().drain();
    expect(smtp().to("guest-returner@example.com").some((m) => m.mail.text?.includes(`key=${key}`))).toBe(true);
  });

  it("pays once when two decisions on one return arrive at the same moment", async () => {
    const order = await deliveredOrder("twice@example.com");
    const created = await requestReturn(order);
    await call("POST", "/api/ops/returns/receive", await member("receiving"), { label: created.number, identifiers: [{ orderItemUuid: order.itemUuid, identifier: order.imei }] });
    const finance = await member("finance");
    const decide = () => call("POST", `/api/ops/returns/${created.uuid}/decision`, finance, { decision: "full_refund", items: [{ orderItemUuid: order.itemUuid, destination: "in_stock" }] });
    const answers = await Promise.all([decide(), decide(), decide()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const refunds = await rows<{ n: number; sum: number }>(sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as sum from order_refunds where order_uuid = ${order.uuid}`);
    expect(refunds[0]!.n).toBe(1);
    const [orderRow] = await rows<{ refunded_total: number; total: number }>(sql`select refunded_total, total from orders where uuid = ${order.uuid}`);
    expect(orderRow!.refunded_total).toBe(refunds[0]!.sum);
    expect(orderRow!.refunded_total).toBeLessThanOrEqual(orderRow!.total);
  });
});

describe("warranty claims", () => {
  it("replaces a faulty unit with one of the same product and grade, shipped through fulfilment with tracking", async () => {
    const order = await deliveredOrder("faulty@example.com", { units: 2, deliveredDaysAgo: 60 });
    const claim = await call("POST", `/api/orders/${order.uuid}/warranty-claims`, order.cookies, { orderItemUuid: order.itemUuid, description: "Das Mikrofon fällt nach wenigen Minuten aus.", remedy: "replacement" });
    expect(claim.statusCode, claim.body).toBe(201);
    const { uuid, number } = claim.json();
    expect(number).toMatch(/^GA-\d{6}$/);
    // Photos of the defect: images only, re-encoded; staff see them.
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#345" } }).jpeg().toBuffer();
    const form = (...files: { name: string; bytes: Uint8Array }[]) => {
      const data = new FormData();
      for (const file of files) data.append("photos", new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }), file.name);
      return data;
    };
    const notImage = await call("POST", `/api/warranty-claims/${uuid}/photos`, order.cookies, form({ name: "notes.jpg", bytes: new TextEncoder().encode("not a photo") }));
    expect(notImage.json().errors[0]).toMatchObject({ code: "PHOTO_NOT_AN_IMAGE", reference: "photos.0" });
    expect(codeOf(await call("POST", `/api/warranty-claims/${uuid}/photos`, await fixtures.newCustomer("peeker@example.com"), form({ name: "a.jpg", bytes: photo })))).toBe("CLAIM_NOT_FOUND");
    const withPhotos = await call("POST", `/api/warranty-claims/${uuid}/photos`, order.cookies, form({ name: "mic.jpg", bytes: photo }, { name: "mic2.jpg", bytes: photo }));
    expect(withPhotos.json().photoCount).toBe(2);
    expect(codeOf(await call("POST", `/api/orders/${order.uuid}/warranty-claims`, order.cookies, { orderItemUuid: order.itemUuid, description: "Noch einmal dasselbe.", remedy: "refund" }))).toBe("CLAIM_EXISTS");
    // An item under claim is not returned meanwhile.
    expect((await call("GET", `/api/orders/${order.uuid}/returns`, order.cookies)).json().items[0]).toMatchObject({ returnable: false, openClaimNumber: number });

    const support = await member("support");
    const staffView = (await call("GET", `/api/ops/warranty-claims/${uuid}`, support)).json();
    expect(staffView.photoUrls).toHaveLength(2);
    const served = await call("GET", staffView.photoUrls[0], support);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);
    const list = (await call("GET", "/api/ops/warranty-claims?status=open", support)).json();
    expect(list.claims.map((c: { number: string }) => c.number)).toContain(number);
    const decided = (await call("POST", `/api/ops/warranty-claims/${uuid}/decision`, support, { decision: "replacement" })).json();
    expect(decided).toMatchObject({ status: "replaced", replacement: { orderUuid: expect.any(String), number: expect.any(String) } });
    expect(codeOf(await call("POST", `/api/ops/warranty-claims/${uuid}/decision`, support, { decision: "refund" }))).toBe("CLAIM_DECISION_NOT_ALLOWED");
    expect((await unitOf(order.unitId)).status).toBe("returned");

    // The replacement waits in the fulfilment queue and ships like any order.
    const desk = await member("fulfilment");
    const replacement = (await call("GET", `/api/ops/orders/${decided.replacement.orderUuid}`, desk)).json();
    expect(replacement).toMatchObject({ status: "paid", total: { amount: 0 }, items: [{ grade: "A1", unit: { status: "reserved" } }] });
    const [item] = replacement.items;
    await call("POST", `/api/ops/orders/${replacement.uuid}/pick`, desk, { itemUuid: item.uuid, code: item.unit.label });
    const shipped = (await call("POST", `/api/ops/orders/${replacement.uuid}/ship`, desk, { carrier: "dhl", trackingNumber: "003404341234567891" })).json();
    expect(shipped.status).toBe("shipped");
    await jobs().drain();
    const subjects = subjectsTo("faulty@example.com");
    expect(subjects.filter((s) => s?.includes(number))).toHaveLength(2);
    // The replacement's "on its way" mail carries its tracking number.
    expect(smtp().to("faulty@example.com").some((m) => m.mail.text?.includes("003404341234567891"))).toBe(true);
    expect((await call("GET", `/api/warranty-claims/${uuid}`, order.cookies)).json().replacement.number).toBe(replacement.number);
  });

  it("repairs a device and sends it back with tracking; refunds another; refuses without stock for a replacement", async () => {
    const order = await deliveredOrder("repair-me@example.com", { units: 1 });
    // Nothing of this product is left in its grade or a better one.
    await shop.setStock(order.productId, "A0", 0);
    const support = await member("support");
    const { uuid } = (await call("POST", `/api/orders/${order.uuid}/warranty-claims`, order.cookies, { orderItemUuid: order.itemUuid, description: "Lädt nicht mehr über USB-C.", remedy: "repair" })).json();
    expect(codeOf(await call("POST", `/api/ops/warranty-claims/${uuid}/decision`, support, { decision: "replacement" }))).toBe("REPLACEMENT_OUT_OF_STOCK");
    expect((await call("POST", `/api/ops/warranty-claims/${uuid}/decision`, support, { decision: "repair" })).json().status).toBe("in_repair");
    expect((await unitOf(order.unitId)).status).toBe("in_repair");
    expect(codeOf(await call("POST", `/api/ops/warranty-claims/${uuid}/decision`, support, { decision: "repaired", carrier: "dhl", trackingNumber: "12" }))).toBe("TRACKING_NUMBER_INVALID");
    const repaired = (await call("POST", `/api/ops/warranty-claims/${uuid}/decision`, support, { decision: "repaired", carrier: "dhl", trackingNumber: "003404341234567892" })).json();
    expect(repaired).toMatchObject({ status: "repaired", repairShipment: { carrier: "dhl", trackingNumber: "003404341234567892" } });
    expect((await unitOf(order.unitId)).status).toBe("shipped");

    const other = await deliveredOrder("refund-me@example.com");
    const claim = (await call("POST", `/api/orders/${other.uuid}/warranty-claims`, other.cookies, { orderItemUuid: other.itemUuid, description: "Kamera zeigt nur noch Streifen.", remedy: "refund" })).json();
    const finance = await member("finance");
    const refunded = (await call("POST", `/api/ops/warranty-claims/${claim.uuid}/decision`, finance, { decision: "refund" })).json();
    expect(refunded).toMatchObject({ status: "refunded", refund: { amount: refunded.item.paid.amount } });
    expect((await call("GET", `/api/orders/${other.uuid}`, other.cookies)).json().refundedTotal.amount).toBe(refunded.item.paid.amount);
  });
});

describe("support's view of a customer", () => {
  it("shows orders, returns, claims and mails sent on one page, and keeps support's notes", async () => {
    const order = await deliveredOrder("whole-story@example.com", { deliveredDaysAgo: 2 });
    const ret = await requestReturn(order);
    await jobs().drain();
    const support = await member("support");
    const found = (await call("GET", `/api/ops/customers?q=whole-story`, support)).json();
    expect(found.customers).toHaveLength(1);
    const customerUuid = found.customers[0].uuid;
    expect((await call("GET", `/api/ops/customers?q=${order.number}`, support)).json().customers[0].uuid).toBe(customerUuid);
    expect(codeOf(await call("POST", `/api/ops/customers/${customerUuid}/notes`, support, { text: "" }))).toBe("VALIDATION_FAILED");
    expect((await call("POST", `/api/ops/customers/${customerUuid}/notes`, support, { text: "Rief an:\nfragt nach dem Etikett." })).statusCode).toBe(201);
    const story = (await call("GET", `/api/ops/customers/${customerUuid}`, support)).json();
    expect(story.orders.map((o: { number: string }) => o.number)).toEqual([order.number]);
    expect(story.returns).toEqual([expect.objectContaining({ number: ret.number, status: "requested" })]);
    expect(story.mails.map((m: { subject: string }) => m.subject)).toEqual(subjectsTo("whole-story@example.com").reverse());
    expect(story.notes).toEqual([expect.objectContaining({ text: "Rief an:\nfragt nach dem Etikett.", authorEmail: "returns-support@example.com" })]);
    const audited = await database().db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, customerUuid)));
    expect(audited.map((a) => a.action)).toEqual(["customer.note"]);
    // Customers do not reach support's pages, the returns desk or the claims: they do not exist for them.
    for (const path of [`/api/ops/customers/${customerUuid}`, "/api/ops/returns", `/api/ops/returns/${ret.uuid}`, "/api/ops/warranty-claims"]) {
      expect((await call("GET", path, order.cookies)).statusCode).toBe(404);
    }
    expect((await call("POST", "/api/ops/returns/receive", order.cookies, { label: ret.number })).statusCode).toBe(404);
    expect((await call("POST", `/api/ops/returns/${ret.uuid}/decision`, order.cookies, { decision: "full_refund", items: [] })).statusCode).toBe(404);
    expect(codeOf(await call("GET", `/api/ops/customers/${customerUuid}`, await member("fulfilment")))).toBe("ROLE_REQUIRED");
    expect(codeOf(await call("GET", "/api/ops/customers/00000000-0000-4000-8000-000000000000", support))).toBe("CUSTOMER_NOT_FOUND");
  });
});
