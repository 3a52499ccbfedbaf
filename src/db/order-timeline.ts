import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { orderEvents, orderItems, orderNumberSequence, orders } from "./schema/orders.ts";
import { selectRows } from "./client.ts";
import { reserveUnits } from "./units.ts";
import { units } from "./schema/units.ts";
import { formatOrderNumber, vatSchemeOf } from "../domain/checkout/orders.ts";
import type { Grade } from "../domain/catalogue/grades.ts";
import { unitTax } from "../domain/stock/units.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * The orders module's functions for returns and claims, in the caller's transaction: a step in an
 * order's timeline that does not change its status (a return requested, a claim decided), and the
 * replacement order that ships a new unit for a warranty claim through fulfilment.
 */
export async function addOrderTimelineEvent(db: Db, orderUuid: string, event: string, actor: string): Promise<void> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.uuid, orderUuid));
  if (!order) return;
  await db.insert(orderEvents).values({ orderUuid, fromStatus: order.status, toStatus: order.status, event, actor });
}

/**
 * A replacement order: the original's customer and addresses, one item at no charge holding a unit
 * of the product in one of the grades given (the first that has one in stock), paid at once so that
 * fulfilment picks and ships it. Null when none of those grades has a unit in stock.
 */
export async function placeReplacementOrder(
  db: Db,
  original: OrderRow,
  item: { productId: number; name: string; withFullBattery: boolean },
  grades: readonly Grade[],
  claim: { number: string; actor: string },
  now: Date,
): Promise<{ order: OrderRow; unitId: number; grade: Grade } | null> {
  const grade = await firstGradeInStock(db, item.productId, grades);
  if (!grade) return null;
  const [seq] = await selectRows<{ n: string }>(db, sql`select nextval(${orderNumberSequence.seqName ?? "order_number_seq"}) as n`);
  const [order] = await db
    .insert(orders)
    .values({
      number: formatOrderNumber(Number(seq!.n), now),
      customerUuid: original.customerUuid,
      cartUuid: original.cartUuid,
      email: original.email,
      locale: original.locale,
      status: "paid",
      paymentMethod: original.paymentMethod,
      deliveryMethod: "standard",
      billingAddress: original.billingAddress,
      deliveryAddress: original.deliveryAddress,
      itemsTotal: 0,
      discountTotal: 0,
      insurancePrice: 0,
      shippingPrice: 0,
      total: 0,
      dispatchDaysMin: 1,
      dispatchDaysMax: 2,
      paymentDeadline: now.toISOString(),
      placedAt: now.toISOString(),
      replacementFor: claim.number,
    })
    .returning();
  const scheme = vatSchemeOf(grade);
  const [line] = await db.insert(orderItems).values({ orderUuid: order!.uuid, productId: item.productId, name: item.name, label: grade, withFullBattery: false, price: 0, discount: 0, vatScheme: scheme }).returning();
  const reserved = await reserveUnits(db, { productId: item.productId, grade }, [{ orderItemUuid: line!.uuid, withFullBattery: false }], { event: "reserved", actor: claim.actor, detail: { order: order!.number, claim: claim.number } });
  // Sold meanwhile by another transaction: the caller rolls back.
  if (!reserved) return null;
  const [unit] = reserved;
  await db.update(orderItems).set({ unitId: unit!.unitId, purchasePrice: unit!.purchasePrice, ...unitTax(scheme, 0, unit!.purchasePrice) }).where(eq(orderItems.uuid, line!.uuid));
  await db.insert(orderEvents).values({ orderUuid: order!.uuid, fromStatus: null, toStatus: "paid", event: "replacement", actor: claim.actor });
  return { order: order!, unitId: unit!.unitId, grade };
}

/** The first of these grades of which a unit is in stock. */
async function firstGradeInStock(db: Db, productId: number, grades: readonly Grade[]): Promise<Grade | null> {
  if (grades.length === 0) return null;
  const rows = await db.selectDistinct({ grade: units.grade }).from(units).where(and(eq(units.productId, productId), eq(units.status, "in_stock"), inArray(units.grade, [...grades])));
  const found = new Set(rows.map((r) => r.grade));
  return grades.find((g) => found.has(g)) ?? null;
}
