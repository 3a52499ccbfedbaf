import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { stockCountChanges, stockDeltas, type StockKey } from "../domain/stock/units.ts";
import type { Db } from "./client.ts";
import { adjustVariantStock, lockVariantStock, refreshProductStock, setVariantCounts } from "./product-stock.ts";
import { products, productVariants } from "./schema/catalogue.ts";
import { unitEvents, units } from "./schema/units.ts";

/*
 * The units module's functions for the units others move: an order reserves, releases, picks and
 * ships them, inspection takes them in. Every move keeps the grade's counters (product_variants)
 * equal to its units in stock and appends the unit's history, in the caller's transaction.
 *
 * Locking: a move first locks the counters of every grade it touches, in one order (product,
 * grade), and only then the units; two moves of one grade take turns, and none waits for a unit
 * while holding another grade's counters in the opposite order.
 */

export type UnitRow = typeof units.$inferSelect;
export type UnitStatus = UnitRow["status"];
export type NewUnit = Pick<typeof units.$inferInsert, "productId" | "grade" | "purchasePrice" | "source"> &
  Partial<Pick<typeof units.$inferInsert, "batteryHealth" | "fullBattery" | "identifier" | "saleItemUuid" | "supplier" | "location">>;
/** What a move writes into the unit's history. */
export interface UnitMove {
  event: string;
  actor: string;
  detail?: Record<string, unknown>;
}
/** The fields a move may change. */
export type UnitChange = Partial<Pick<UnitRow, "grade" | "batteryHealth" | "fullBattery" | "identifier" | "location" | "status" | "purchasePrice" | "orderItemUuid">>;

const keyOf = (k: StockKey) => `${String(k.productId).padStart(10, "0")}:${k.grade}`;

/** Locks the counters of these grades in one order (see above). */
async function lockGrades(db: Db, keys: StockKey[]): Promise<void> {
  const unique = new Map(keys.map((k) => [keyOf(k), k]));
  for (const [, key] of [...unique.entries()].sort(([a], [b]) => a.localeCompare(b))) await lockVariantStock(db, key.productId, key.grade);
}

/** Applies what moved to the counters and the products' list columns. */
async function applyStockDeltas(db: Db, moves: { before: StockMoveSide | null; after: StockMoveSide | null }[]): Promise<void> {
  const deltas = stockDeltas(moves);
  for (const d of deltas) await adjustVariantStock(db, d.productId, d.grade, { units: d.units, fullBatteryUnits: d.fullBatteryUnits });
  await refreshProductStock(db, [...new Set(deltas.map((d) => d.productId))]);
}
type StockMoveSide = Pick<UnitRow, "productId" | "grade" | "status" | "fullBattery">;

async function appendEvents(db: Db, rows: { unitId: number; fromStatus: UnitStatus | null; toStatus: UnitStatus }[], move: UnitMove): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(unitEvents).values(rows.map((r) => ({ ...r, event: move.event, actor: move.actor, detail: move.detail ?? {} })));
}

/** A unit enters the shop (inspection accepted it, a supplier delivered it) and is in stock at once. */
export async function intakeUnit(db: Db, unit: NewUnit, move: UnitMove): Promise<UnitRow> {
  await lockGrades(db, [{ productId: unit.productId, grade: unit.grade }]);
  const [row] = await db.insert(units).values({ ...unit, status: "in_stock" }).returning();
  await applyStockDeltas(db, [{ before: null, after: row! }]);
  await appendEvents(db, [{ unitId: row!.id, fromStatus: null, toStatus: "in_stock" }], move);
  return row!;
}

/**
 * Reserves units of one grade for an order's items: full-battery items get full-battery units, the
 * others units without one first (so full-battery stock stays for those who pay for it). Null when
 * fewer are in stock than asked for; the caller's transaction is then rolled back.
 */
export async function reserveUnits(
  db: Db,
  key: StockKey,
  items: readonly { orderItemUuid: string; withFullBattery: boolean }[],
  move: UnitMove,
): Promise<{ orderItemUuid: string; unitId: number; purchasePrice: number }[] | null> {
  const counters = await lockVariantStock(db, key.productId, key.grade);
  if (!counters || counters.quantity < items.length) return null;
  const inStock = and(eq(units.productId, key.productId), eq(units.grade, key.grade), eq(units.status, "in_stock"));
  const withBattery = items.filter((i) => i.withFullBattery);
  const without = items.filter((i) => !i.withFullBattery);
  const batteryUnits = withBattery.length
    ? await db.select().from(units).where(and(inStock, eq(units.fullBattery, true))).orderBy(asc(units.receivedAt), asc(units.id)).limit(withBattery.length).for("update")
    : [];
  if (batteryUnits.length < withBattery.length) return null;
  const taken = batteryUnits.map((u) => u.id);
  const otherUnits = without.length
    ? await db
        .select()
        .from(units)
        .where(taken.length ? and(inStock, notInArray(units.id, taken)) : inStock)
        .orderBy(asc(units.fullBattery), asc(units.receivedAt), asc(units.id))
        .limit(without.length)
        .for("update")
    : [];
  if (otherUnits.length < without.length) return null;
  const pairs = [...withBattery.map((item, i) => ({ item, unit: batteryUnits[i]! })), ...without.map((item, i) => ({ item, unit: otherUnits[i]! }))];
  for (const { item, unit } of pairs) {
    await db.update(units).set({ status: "reserved", orderItemUuid: item.orderItemUuid, updatedAt: sql`now()` }).where(eq(units.id, unit.id));
  }
  await applyStockDeltas(db, pairs.map(({ unit }) => ({ before: unit, after: { ...unit, status: "reserved" as const } })));
  await appendEvents(db, pairs.map(({ unit }) => ({ unitId: unit.id, fromStatus: "in_stock" as const, toStatus: "reserved" as const })), move);
  return pairs.map(({ item, unit }) => ({ orderItemUuid: item.orderItemUuid, unitId: unit.id, purchasePrice: unit.purchasePrice }));
}

/** The units held for these order items (reserved, picked or shipped), locked. */
export async function unitsOfOrderItems(db: Db, orderItemUuids: readonly string[]): Promise<UnitRow[]> {
  if (orderItemUuids.length === 0) return [];
  const held = (await db.select({ productId: units.productId, grade: units.grade }).from(units).where(inArray(units.orderItemUuid, [...orderItemUuids])));
  await lockGrades(db, held);
  return db.select().from(units).where(inArray(units.orderItemUuid, [...orderItemUuids])).orderBy(asc(units.id)).for("update");
}

/** A cancelled order's units go back on sale (those not shipped yet). */
export async function releaseUnits(db: Db, orderItemUuids: readonly string[], move: UnitMove): Promise<void> {
  const held = (await unitsOfOrderItems(db, orderItemUuids)).filter((u) => u.status === "reserved" || u.status === "picked");
  await changeUnits(db, held.map((u) => ({ unit: u, change: { status: "in_stock", orderItemUuid: null } })), move);
}

/** The unit by id, locked together with its grade's counters; undefined when there is none. */
export async function lockUnit(db: Db, unitId: number): Promise<UnitRow | undefined> {
  const [known] = await db.select({ productId: units.productId, grade: units.grade }).from(units).where(eq(units.id, unitId));
  if (!known) return undefined;
  await lockGrades(db, [known]);
  const [row] = await db.select().from(units).where(eq(units.id, unitId)).for("update");
  return row;
}

/**
 * Changes locked units (see lockUnit, unitsOfOrderItems): the counters follow where a unit enters
 * or leaves stock or changes grade, and each change is written into the unit's history.
 */
export async function changeUnits(db: Db, changes: readonly { unit: UnitRow; change: UnitChange }[], move: UnitMove): Promise<UnitRow[]> {
  if (changes.length === 0) return [];
  // A regrade moves the unit to a grade whose counters this transaction may not hold yet.
  await lockGrades(db, changes.filter((c) => c.change.grade && c.change.grade !== c.unit.grade).map((c) => ({ productId: c.unit.productId, grade: c.change.grade! })));
  const updated: UnitRow[] = [];
  for (const { unit, change } of changes) {
    const [row] = await db
      .update(units)
      .set({ ...change, version: sql`${units.version} + 1`, updatedAt: sql`now()` })
      .where(eq(units.id, unit.id))
      .returning();
    updated.push(row!);
  }
  await applyStockDeltas(db, changes.map((c, i) => ({ before: c.unit, after: updated[i]! })));
  await appendEvents(
    db,
    changes.map((c, i) => ({ unitId: c.unit.id, fromStatus: c.unit.status, toStatus: updated[i]!.status })),
    move,
  );
  return updated;
}

/**
 * A stock count of one grade: units are added (at the given purchase price) or the newest in stock
 * taken out as lost until the units in stock are what was counted; the counters are then set to the
 * count itself, which also mends any drift. Undefined when the product has no such grade.
 */
export async function countStock(
  db: Db,
  key: StockKey,
  counted: { quantity: number; fullBatteryQuantity?: number | undefined },
  purchasePrice: number,
  move: UnitMove,
): Promise<{ quantity: number; fullBatteryQuantity: number } | undefined> {
  const counters = await lockVariantStock(db, key.productId, key.grade);
  if (!counters) return undefined;
  const inStock = await db
    .select()
    .from(units)
    .where(and(eq(units.productId, key.productId), eq(units.grade, key.grade), eq(units.status, "in_stock")))
    .orderBy(asc(units.receivedAt), asc(units.id))
    .for("update");
  const plan = stockCountChanges(inStock, counted);
  if (plan.add.length) {
    const added = await db
      .insert(units)
      .values(plan.add.map((fullBattery) => ({ productId: key.productId, grade: key.grade, fullBattery, purchasePrice, source: "stock_count" as const })))
      .returning({ id: units.id });
    await appendEvents(db, added.map((u) => ({ unitId: u.id, fromStatus: null, toStatus: "in_stock" as const })), move);
  }
  if (plan.remove.length) {
    await db.update(units).set({ status: "scrapped", version: sql`${units.version} + 1`, updatedAt: sql`now()` }).where(inArray(units.id, plan.remove));
    await appendEvents(db, plan.remove.map((unitId) => ({ unitId, fromStatus: "in_stock" as const, toStatus: "scrapped" as const })), { ...move, detail: { ...move.detail, reason: "missing at stock count" } });
  }
  await setVariantCounts(db, key.productId, key.grade, plan.counts);
  await refreshProductStock(db, [key.productId]);
  return plan.counts;
}

/**
 * Units for stock that was counted per grade without them (the demo and bench catalogues): one
 * per counted unit, the first `full_battery_quantity` with a new battery, at the product's
 * trade-in price as what they cost. One statement, so a million products stay quick to seed.
 */
export async function seedUnitsForCountedStock(db: Db, productIds: { from: number; to: number }): Promise<void> {
  await db.execute(sql`
    insert into ${units} (product_id, grade, full_battery, purchase_price, source, received_at)
    select v.product_id, v.label, g.n <= v.full_battery_quantity, p.price_purchase, 'seed', p.created_at
    from ${productVariants} v join ${products} p on p.id = v.product_id, generate_series(1, v.quantity) as g(n)
    where v.product_id between ${productIds.from} and ${productIds.to}`);
}

/** The unit a scanned or typed code names: its label (U000123) or its IMEI / serial (the newest unit with it). */
export async function unitIdOfCode(db: Db, code: { unitId: number | null; identifier: string }): Promise<number | undefined> {
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .where(code.unitId !== null ? eq(units.id, code.unitId) : eq(units.identifier, code.identifier))
    .orderBy(sql`${units.id} desc`)
    .limit(1);
  return row?.id;
}

/**
 * The unit fulfilment scanned goes into the parcel for an item: its own reserved unit is picked,
 * or the scanned one takes its place and the reserved one goes back on sale (the picker took the
 * unit at hand of the same product and grade). Both are locked by the caller (lockUnit, unitsOfOrderItems).
 */
export async function pickUnit(db: Db, orderItemUuid: string, scanned: UnitRow, reserved: UnitRow | undefined, move: UnitMove): Promise<void> {
  if (reserved && reserved.id !== scanned.id) await changeUnits(db, [{ unit: reserved, change: { status: "in_stock", orderItemUuid: null } }], { ...move, event: "swapped_at_picking" });
  if (scanned.status !== "picked") await changeUnits(db, [{ unit: scanned, change: { status: "picked", orderItemUuid } }], move);
}
