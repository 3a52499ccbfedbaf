import { holdsStock, nextOrderStatus, type OrderEvent, type OrderStatus } from "../../../domain/checkout/orders.ts";
import type { OrderItemRow, OrderRow, OrderWriter, StockGroup } from "./repository.ts";

/** Units per grade (and full battery), sorted, so concurrent orders lock stock rows in the same order and never deadlock. */
export function stockGroups(items: readonly Pick<OrderItemRow, "productId" | "label" | "withFullBattery">[]): StockGroup[] {
  const groups = new Map<string, StockGroup>();
  for (const item of items) {
    const key = `${String(item.productId).padStart(10, "0")}:${item.label}`;
    const group = groups.get(key) ?? { productId: item.productId, label: item.label, units: 0, fullBatteryUnits: 0 };
    group.units += 1;
    if (item.withFullBattery) group.fullBatteryUnits += 1;
    groups.set(key, group);
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
    for (const group of stockGroups(items)) await tx.release(group);
    await tx.refreshProductStock([...new Set(items.map((i) => i.productId))]);
    await tx.freeCoupon(order.uuid);
  }
  // Bank-transfer orders left the cart when they were placed; lines added since then stay.
  if (next === "paid" && order.cartUuid && order.paymentMethod !== "prepayment") await tx.removeOrderedFromCart(order.cartUuid, await tx.itemsOf(order.uuid));
  return next;
}

