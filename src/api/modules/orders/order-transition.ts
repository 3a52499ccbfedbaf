import { holdsStock, nextOrderStatus, type OrderEvent, type OrderStatus } from "../../../domain/checkout/orders.ts";
import type { StockKey } from "../../../domain/stock/units.ts";
import type { OrderItemRow, OrderRow, OrderWriter } from "./repository.ts";

/**
 * An order's items per grade, sorted by product and grade, so concurrent orders lock the grades'
 * counters in the same order and never deadlock.
 */
export function stockGroups<T extends Pick<OrderItemRow, "productId" | "label">>(items: readonly T[]): { key: StockKey; items: T[] }[] {
  const groups = new Map<string, { key: StockKey; items: T[] }>();
  for (const item of items) {
    const id = `${String(item.productId).padStart(10, "0")}:${item.label}`;
    const group = groups.get(id) ?? { key: { productId: item.productId, grade: item.label }, items: [] };
    group.items.push(item);
    groups.set(id, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, g]) => g);
}

/** Applies one event to a locked order; stock and coupon follow. Null when the event does not apply (already settled). */
export async function transition(tx: OrderWriter, order: OrderRow, event: OrderEvent, actor: string): Promise<OrderStatus | null> {
  const next = nextOrderStatus(order.status, event);
  if (!next) return null;
  await tx.setOrderStatus(order.uuid, next);
  await tx.insertEvent({ orderUuid: order.uuid, fromStatus: order.status, toStatus: next, event: event.type, actor });
  if (holdsStock(order.status) && !holdsStock(next)) {
    const items = await tx.itemsOf(order.uuid);
    await tx.releaseUnits(items.map((i) => i.uuid), { event: event.type, actor, detail: { order: order.number } });
    await tx.freeCoupon(order.uuid);
  }
  // Bank-transfer orders left the cart when they were placed; lines added since then stay.
  if (next === "paid" && order.cartUuid && order.paymentMethod !== "prepayment") await tx.removeOrderedFromCart(order.cartUuid, await tx.itemsOf(order.uuid));
  return next;
}

