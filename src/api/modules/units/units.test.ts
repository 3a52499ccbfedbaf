import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants } from "../../../db/schema/catalogue.ts";
import { orderItems } from "../../../db/schema/orders.ts";
import { auditLog } from "../../../db/schema/staff.ts";
import { FULL_BATTERY_CATEGORY_ID } from "../../../domain/catalogue/grades.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { GOOD_BOOK_CHECKLIST, PERFECT_PHONE_CHECKLIST, sellFixtures } from "../../../test/sell-fixtures.ts";
import { shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const shop = shopFixtures(app, database);
const fixtures = sellFixtures(app, database);
const { call, codeOf } = fixtures;

const sessions = new Map<string, Promise<Cookies>>();
/** One staff member per set of roles for the whole file. */
function member(...roles: ("receiving" | "grading" | "fulfilment" | "finance" | "support" | "admin")[]): Promise<Cookies> {
  const key = roles.join("-");
  if (!sessions.has(key)) sessions.set(key, newStaffMember(fixtures, database(), `units-${key}@example.com`, roles));
  return sessions.get(key)!.then((c) => ({ ...c }));
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database().db.execute(query)) as unknown as { rows: T[] }).rows;
}
/** The storefront's counters of a grade and the units in stock counted afresh: they must always agree. */
async function stockOf(productId: number, grade: string) {
  const [counter] = await database().db.select().from(productVariants).where(and(eq(productVariants.productId, productId), eq(productVariants.label, grade as "A1")));
  const [units] = await rows<{ n: number; battery: number }>(
    sql`select count(*)::int as n, count(*) filter (where full_battery)::int as battery from units where product_id = ${productId} and grade = ${grade} and status = 'in_stock'`,
  );
  return { quantity: counter?.quantity ?? 0, fullBatteryQuantity: counter?.fullBatteryQuantity ?? 0, counted: units!.n, countedBattery: units!.battery };
}
async function expectCountersExact(productId: number, grade: string) {
  const s = await stockOf(productId, grade);
  expect({ quantity: s.quantity, fullBatteryQuantity: s.fullBatteryQuantity }).toEqual({ quantity: s.counted, fullBatteryQuantity: s.countedBattery });
  return s.quantity;
}

describe("units from a trade-in", () => {
  it("takes a confirmed trade-in's devices into stock at once, each a unit with its IMEI, battery and price, found by IMEI", async () => {
    const grading = await member("grading", "receiving");
    const { uuid, number } = await fixtures.soldPhoneAndBook("unit-seller@example.com");
    let view = (await call("POST", `/api/ops/sales/${uuid}/receive`, grading, {})).json();
    const phoneItem = view.items.find((i: { questionSet: string }) => i.questionSet !== "media");
    const bookItem = view.items.find((i: { questionSet: string }) => i.questionSet === "media");
    const before = await stockOf(phoneItem.product.id, "A0");
    await call("POST", `/api/ops/sales/${uuid}/items/${phoneItem.uuid}/inspection`, grading, { version: 0, checklist: PERFECT_PHONE_CHECKLIST });
    // Not stock before the sale is settled: the seller could still get the parcel back.
    expect((await stockOf(phoneItem.product.id, "A0")).counted).toBe(before.counted);
    view = (await call("POST", `/api/ops/sales/${uuid}/items/${bookItem.uuid}/inspection`, grading, { version: 0, checklist: GOOD_BOOK_CHECKLIST })).json();
    expect(view.status).toBe("offer_confirmed");
    const paid = view.items.find((i: { uuid: string }) => i.uuid === phoneItem.uuid).seller.price.amount;

    const support = await member("support");
    const unit = (await call("GET", `/api/ops/units/${PERFECT_PHONE_CHECKLIST.imei}`, support)).json();
    expect(unit).toMatchObject({
      label: expect.stringMatching(/^U\d{6,}$/),
      product: { id: phoneItem.product.id },
      status: "in_stock",
      identifier: PERFECT_PHONE_CHECKLIST.imei,
      batteryHealth: 91,
      purchasePrice: { amount: paid },
      source: "trade_in",
      sale: { uuid, number },
      order: null,
    });
    expect(unit.history).toEqual([expect.objectContaining({ event: "trade_in", fromStatus: null, toStatus: "in_stock", detail: { sale: number } })]);
    const after = await expectCountersExact(phoneItem.product.id, unit.grade);
    expect(after).toBe((await stockOf(phoneItem.product.id, unit.grade)).counted);
    // The same unit by its label, and in the list by IMEI.
    expect((await call("GET", `/api/ops/units/${unit.label.toLowerCase()}`, support)).json().id).toBe(unit.id);
    const listed = (await call("GET", `/api/ops/units?q=${PERFECT_PHONE_CHECKLIST.imei}&status=in_stock`, support)).json();
    expect(listed.units.map((u: { id: number }) => u.id)).toEqual([unit.id]);
    expect(codeOf(await call("GET", "/api/ops/units/U999999999", support))).toBe("UNIT_NOT_FOUND");
  });
});

describe("units and orders", () => {
  it("reserves a concrete unit per ordered item, fixes its margin and VAT, and puts it back when the order is cancelled", async () => {
    const productId = await shop.freshProduct(2);
    const { cookies, body } = await shop.readyCart(productId, {}, "prepayment", "unit-buyer@example.com");
    const placed = await shop.place(cookies, body, "unit-order-1");
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(await expectCountersExact(productId, "A1")).toBe(1);

    const [item] = await database().db.select().from(orderItems).where(eq(orderItems.orderUuid, order.orderUuid));
    // The fixture's units cost 100 €; sold at 200 €, the margin is 100 € with 19/119 of it VAT.
    expect(item).toMatchObject({ unitId: expect.any(Number), purchasePrice: 10_000, margin: 10_000, vatAmount: 1_597 });
    const fulfilment = await member("fulfilment");
    const held = (await call("GET", `/api/ops/units/${item!.unitId}`, fulfilment)).json();
    expect(held).toMatchObject({ status: "reserved", order: { uuid: order.orderUuid, number: order.number } });
    // An order's unit keeps what the customer bought.
    const grading = await member("grading");
    expect(codeOf(await call("PATCH", `/api/ops/units/${held.id}`, grading, { version: held.version, grade: "A3" }))).toBe("UNIT_HELD_BY_ORDER");

    expect((await call("POST", `/api/ops/orders/${order.orderUuid}/cancel`, fulfilment, { reason: "Customer called" })).statusCode).toBe(200);
    const back = (await call("GET", `/api/ops/units/${held.id}`, fulfilment)).json();
    expect(back.status).toBe("in_stock");
    expect(back.history.map((e: { event: string; toStatus: string }) => [e.event, e.toStatus])).toEqual([
      ["stock_count", "in_stock"],
      ["reserved", "reserved"],
      ["cancelled_by_staff", "in_stock"],
    ]);
    expect(await expectCountersExact(productId, "A1")).toBe(2);
  });
});

describe("staff's changes", () => {
  it("regrades a unit between the storefront's grades, audited, and refuses a stale version and a forbidden move", async () => {
    const productId = await shop.freshProduct(3);
    const grading = await member("grading");
    const list = (await call("GET", `/api/ops/units?productId=${productId}&grade=A1&status=in_stock`, grading)).json();
    expect(list.total).toBe(3);
    const unit = list.units[0];
    const a3Before = (await stockOf(productId, "A3")).counted;

    const regraded = await call("PATCH", `/api/ops/units/${unit.id}`, grading, { version: 0, grade: "A3", batteryHealth: 84, note: "Scratches on the back" });
    expect(regraded.statusCode).toBe(200);
    expect(regraded.json()).toMatchObject({ grade: "A3", batteryHealth: 84, version: 1 });
    expect(regraded.json().history.at(-1)).toMatchObject({ event: "regraded", fromStatus: "in_stock", toStatus: "in_stock", detail: { note: "Scratches on the back" } });
    expect(await expectCountersExact(productId, "A1")).toBe(2);
    expect(await expectCountersExact(productId, "A3")).toBe(a3Before + 1);
    const [audit] = await database().db.select().from(auditLog).where(and(eq(auditLog.entityType, "unit"), eq(auditLog.entityId, String(unit.id))));
    expect(audit).toMatchObject({ action: "unit.regraded", before: { grade: "A1", batteryHealth: null }, after: { grade: "A3", batteryHealth: 84, note: "Scratches on the back" } });

    expect(codeOf(await call("PATCH", `/api/ops/units/${unit.id}`, grading, { version: 0, location: "B-12" }))).toBe("UNIT_CHANGED");
    const scrapped = (await call("PATCH", `/api/ops/units/${unit.id}`, grading, { version: 1, status: "scrapped" })).json();
    expect(scrapped.status).toBe("scrapped");
    expect(await expectCountersExact(productId, "A3")).toBe(a3Before);
    expect(codeOf(await call("PATCH", `/api/ops/units/${unit.id}`, grading, { version: 2, status: "in_stock" }))).toBe("UNIT_MOVE_NOT_ALLOWED");
  });

  it("lets each role change only its fields: support reads, finance the cost, the floor the location", async () => {
    const productId = await shop.freshProduct(1);
    const support = await member("support");
    const [unit] = (await call("GET", `/api/ops/units?productId=${productId}&grade=A1`, support)).json().units;
    expect(codeOf(await call("PATCH", `/api/ops/units/${unit.id}`, support, { version: 0, location: "A-1" }))).toBe("ROLE_REQUIRED");
    const fulfilment = await member("fulfilment");
    expect(codeOf(await call("PATCH", `/api/ops/units/${unit.id}`, fulfilment, { version: 0, purchasePrice: 1 }))).toBe("ROLE_REQUIRED");
    expect((await call("PATCH", `/api/ops/units/${unit.id}`, fulfilment, { version: 0, location: "A-1" })).json()).toMatchObject({ location: "A-1", version: 1 });
    const finance = await member("finance");
    expect((await call("PATCH", `/api/ops/units/${unit.id}`, finance, { version: 1, purchasePrice: 9_000 })).json()).toMatchObject({ purchasePrice: { amount: 9_000 } });
    // Customers do not reach the back-office at all.
    expect((await call("GET", "/api/ops/units", await fixtures.newCustomer("not-staff-units@example.com"))).statusCode).toBe(404);
  });

  it("takes in a unit bought from a supplier, in stock at once; a new battery only where the product offers one", async () => {
    const productId = await shop.freshProduct(0);
    const receiving = await member("receiving");
    const created = await call("POST", "/api/ops/units", receiving, { productId, grade: "A2", purchasePrice: 15_000, supplier: "Refurb Wholesale GmbH", identifier: "35 209900 176148 1", location: "C-3" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: "in_stock", source: "supplier", supplier: "Refurb Wholesale GmbH", identifier: "352099001761481", history: [{ event: "purchased" }] });
    expect(await expectCountersExact(productId, "A2")).toBeGreaterThanOrEqual(1);
    expect(codeOf(await call("POST", "/api/ops/units", receiving, { productId, grade: "A2", purchasePrice: 1, supplier: "X GmbH", fullBattery: true }))).toBe("FULL_BATTERY_NOT_OFFERED");
    const [iphone] = await rows<{ id: number }>(sql`select id from products where category_id = ${FULL_BATTERY_CATEGORY_ID} order by id limit 1`);
    expect((await call("POST", "/api/ops/units", receiving, { productId: iphone!.id, grade: "A2", purchasePrice: 1, supplier: "X GmbH", fullBattery: true })).statusCode).toBe(201);
    expect(await expectCountersExact(iphone!.id, "A2")).toBeGreaterThanOrEqual(1);
    expect(codeOf(await call("POST", "/api/ops/units", receiving, { productId: 999_999_999, grade: "A2", purchasePrice: 1, supplier: "X GmbH" }))).toBe("PRODUCT_DOESNT_EXIST");
    const invalid = await call("POST", "/api/ops/units", receiving, { productId, grade: "B7", purchasePrice: -1, supplier: "" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.grade", "body.purchasePrice", "body.supplier"]);
  });

  it("counts stock by units: a staff stock count adds or writes off units and the counters equal the units in stock", async () => {
    const productId = await shop.freshProduct(4);
    const fulfilment = await member("fulfilment");
    expect((await call("PUT", `/api/ops/products/${productId}/variants/A1`, fulfilment, { quantity: 2 })).statusCode).toBe(200);
    expect(await expectCountersExact(productId, "A1")).toBe(2);
    const [lost] = await rows<{ n: number }>(sql`select count(*)::int as n from units where product_id = ${productId} and grade = 'A1' and status = 'scrapped'`);
    expect(lost!.n).toBe(2);
    expect((await call("PUT", `/api/ops/products/${productId}/variants/A1`, fulfilment, { quantity: 5 })).statusCode).toBe(200);
    expect(await expectCountersExact(productId, "A1")).toBe(5);
  });
});
