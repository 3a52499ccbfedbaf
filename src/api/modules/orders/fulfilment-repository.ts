import { and, asc, eq, getTableColumns, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orderEvents, orderItems, orders, payments } from "../../../db/schema/orders.ts";
import { units } from "../../../db/schema/units.ts";
import { changeUnits, lockUnit, pickUnit, unitIdOfCode, unitsOfOrderItems, type UnitMove, type UnitRow } from "../../../db/units.ts";
import type { OrderStatus } from "../../../domain/checkout/orders.ts";

/** When the order was paid: the first time it became paid. */
const paidAt = sql<string | null>`(select min(${orderEvents.at}) from ${orderEvents} where ${orderEvents.orderUuid} = "orders"."uuid" and ${orderEvents.toStatus} = 'paid')`;

/** Fulfilment's statements in an order's transaction; units move through the units module's functions. */
export function fulfilmentStatements(db: Db) {
  return {
    /** The unit a scanned code names, locked with its grade's counters. */
    async lockUnitByCode(code: { unitId: number | null; identifier: string }): Promise<UnitRow | undefined> {
      const id = await unitIdOfCode(db, code);
      return id === undefined ? undefined : lockUnit(db, id);
    },
    /** The units held for these items, locked. */
    unitsOfItems: (itemUuids: string[]) => unitsOfOrderItems(db, itemUuids),
    pickUnit: (itemUuid: string, scanned: UnitRow, reserved: UnitRow | undefined, move: UnitMove) => pickUnit(db, itemUuid, scanned, reserved, move),
    async shipUnits(itemUuids: string[], move: UnitMove): Promise<void> {
      const picked = (await unitsOfOrderItems(db, itemUuids)).filter((u) => u.status === "picked");
      await changeUnits(db, picked.map((unit) => ({ unit, change: { status: "shipped" } })), move);
    },
    async setShipment(orderUuid: string, shipment: { carrier: string; trackingNumber: string; shippedAt: Date }): Promise<void> {
      await db.update(orders).set({ carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, shippedAt: shipment.shippedAt.toISOString(), updatedAt: sql`now()` }).where(eq(orders.uuid, orderUuid));
    },
    async setDelivered(orderUuid: string, at: Date): Promise<void> {
      await db.update(orders).set({ deliveredAt: at.toISOString(), updatedAt: sql`now()` }).where(eq(orders.uuid, orderUuid));
    },
  };
}

export interface OpsOrderFilter {
  statuses: readonly OrderStatus[];
  /** Only cancelled orders holding money not given back: a payment approved after the cancellation. */
  refundDue?: boolean | undefined;
  /** An order number or part of the customer's e-mail. */
  search?: string | undefined;
}

/** Fulfilment's reads. */
export function fulfilmentReads(db: Db) {
  return {
    /** Orders of these statuses, the oldest promise first (paid the earliest for the shortest promise). */
    async opsOrders(filter: OpsOrderFilter, offset: number, limit: number) {
      const where: SQL | undefined = and(
        inArray(orders.status, [...filter.statuses]),
        filter.refundDue
          ? sql`${orders.refundedTotal} < (select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.orderUuid} = "orders"."uuid" and ${payments.status} = 'approved')`
          : undefined,
        filter.search ? or(ilike(orders.number, `%${escapeLike(filter.search)}%`), ilike(orders.email, `%${escapeLike(filter.search)}%`)) : undefined,
      );
      const rows = await db
        .select({
          order: orders,
          paidAt,
          itemCount: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderUuid} = "orders"."uuid")`,
        })
        .from(orders)
        .where(where)
        .orderBy(sql`coalesce(${paidAt}, ${orders.placedAt}) + make_interval(days => ${orders.dispatchDaysMax})`, asc(orders.number))
        .limit(limit)
        .offset(offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
      return { rows, total: count?.n ?? 0 };
    },
    async paidAtOf(orderUuid: string): Promise<string | null> {
      const [row] = await db.select({ paidAt }).from(orders).where(eq(orders.uuid, orderUuid));
      return row?.paidAt ?? null;
    },
    async orderByNumber(number: string) {
      const [row] = await db.select().from(orders).where(eq(sql`upper(${orders.number})`, number.toUpperCase()));
      return row;
    },
    /** The units of an order's items: the one held now, else the one it was sold with. */
    async unitsOfOrder(orderUuid: string): Promise<(UnitRow & { itemUuid: string })[]> {
      return db
        .select({ ...getTableColumns(units), itemUuid: orderItems.uuid })
        .from(orderItems)
        .innerJoin(units, or(eq(units.orderItemUuid, orderItems.uuid), and(sql`${units.orderItemUuid} is null`, eq(units.id, orderItems.unitId))))
        .where(eq(orderItems.orderUuid, orderUuid));
    },
    /** The shipped order with this parcel, if any. */
    async shippedByTracking(carrier: string, trackingNumber: string) {
      const [row] = await db.select({ uuid: orders.uuid }).from(orders).where(and(eq(orders.status, "shipped"), eq(orders.carrier, carrier), eq(orders.trackingNumber, trackingNumber)));
      return row;
    },
    /** Shipped orders whose parcel left before the cutoff: the carrier did not say, so they count as delivered. */
    async shippedBefore(cutoff: Date, limit: number) {
      return db.select({ uuid: orders.uuid }).from(orders).where(and(eq(orders.status, "shipped"), lt(orders.shippedAt, cutoff.toISOString()))).orderBy(asc(orders.shippedAt)).limit(limit);
    },
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");
