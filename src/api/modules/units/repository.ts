import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { orderItems, orders } from "../../../db/schema/orders.ts";
import { saleItems, sales } from "../../../db/schema/selling.ts";
import { unitEvents, units } from "../../../db/schema/units.ts";
import { changeUnits, intakeUnit, lockUnit, type NewUnit, type UnitChange, type UnitMove, type UnitRow } from "../../../db/units.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { UnitStatus } from "../../../domain/stock/units.ts";

export type { UnitRow };

export interface UnitFilter {
  status?: UnitStatus | undefined;
  productId?: number | undefined;
  grade?: Grade | undefined;
  /** A unit id (from its label), an identifier, or part of a product name. */
  search?: { unitId: number | null; identifier: string; name: string } | undefined;
}

const listColumns = {
  unit: units,
  productName: products.name,
};

function whereOf(filter: UnitFilter): SQL | undefined {
  const search = filter.search;
  return and(
    filter.status ? eq(units.status, filter.status) : undefined,
    filter.productId ? eq(units.productId, filter.productId) : undefined,
    filter.grade ? eq(units.grade, filter.grade) : undefined,
    search
      ? or(search.unitId !== null ? eq(units.id, search.unitId) : undefined, eq(units.identifier, search.identifier), ilike(products.name, `%${search.name.replace(/[\\%_]/g, "\\$&")}%`))
      : undefined,
  );
}

async function productOf(db: Db, productId: number) {
  const [row] = await db.select({ id: products.id, name: products.name, categoryId: products.categoryId }).from(products).where(eq(products.id, productId));
  return row;
}

/** Statements in a unit change's transaction: the moves are the units module's own functions (db/units.ts). */
function createUnitWriter(db: Db) {
  return {
    lockUnit: (unitId: number) => lockUnit(db, unitId),
    changeUnits: (changes: { unit: UnitRow; change: UnitChange }[], move: UnitMove) => changeUnits(db, changes, move),
    intakeUnit: (unit: NewUnit, move: UnitMove) => intakeUnit(db, unit, move),
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
    product: (productId: number) => productOf(db, productId),
  };
}
export type UnitWriter = ReturnType<typeof createUnitWriter>;

export function createUnitRepository(db: Db) {
  return {
    async list(filter: UnitFilter, offset: number, limit: number) {
      const where = whereOf(filter);
      const [rows, [total]] = await Promise.all([
        db.select(listColumns).from(units).innerJoin(products, eq(products.id, units.productId)).where(where).orderBy(asc(units.receivedAt), asc(units.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(units).innerJoin(products, eq(products.id, units.productId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** By id, or by IMEI / serial (the latest unit with it: a device may come back later as a new unit). */
    async find(ref: { unitId: number | null; identifier: string }) {
      const [row] = await db
        .select(listColumns)
        .from(units)
        .innerJoin(products, eq(products.id, units.productId))
        .where(or(ref.unitId !== null ? eq(units.id, ref.unitId) : undefined, eq(units.identifier, ref.identifier)))
        .orderBy(desc(units.id))
        .limit(1);
      return row;
    },
    history: (unitId: number) => db.select().from(unitEvents).where(eq(unitEvents.unitId, unitId)).orderBy(asc(unitEvents.id)),
    async saleOf(saleItemUuid: string | null) {
      if (!saleItemUuid) return null;
      const [row] = await db.select({ uuid: sales.uuid, number: sales.number }).from(saleItems).innerJoin(sales, eq(sales.uuid, saleItems.saleUuid)).where(eq(saleItems.uuid, saleItemUuid));
      return row ?? null;
    },
    /** The order the unit is held for, or the last one it was sold in. */
    async orderOf(unit: UnitRow) {
      const [row] = await db
        .select({ uuid: orders.uuid, number: orders.number, status: orders.status })
        .from(orderItems)
        .innerJoin(orders, eq(orders.uuid, orderItems.orderUuid))
        .where(unit.orderItemUuid ? eq(orderItems.uuid, unit.orderItemUuid) : eq(orderItems.unitId, unit.id))
        .orderBy(desc(orders.placedAt))
        .limit(1);
      return row ?? null;
    },
    product: (productId: number) => productOf(db, productId),
    inTransaction<T>(work: (writer: UnitWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createUnitWriter(tx as unknown as Db)));
    },
  };
}
export type UnitRepository = ReturnType<typeof createUnitRepository>;
