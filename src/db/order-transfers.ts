import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { orderEvents, orders, payments } from "./schema/orders.ts";

/** The orders module's function for a bank transfer that pays an order; it takes the caller's transaction. */
export type TransferOrderRow = typeof orders.$inferSelect;

export type TransferBooking =
  /** No order has this number. */
  | { outcome: "not_found" }
  /** The order does not wait for a transfer (paid already, cancelled, or paid another way): nothing changed. */
  | { outcome: "not_awaiting"; order: TransferOrderRow }
  /** The order waits for its transfer, but the caller would not book this one on it (the amount): nothing changed. */
  | { outcome: "declined"; order: TransferOrderRow }
  /** The order is paid now, as the order it was before. */
  | { outcome: "paid"; order: TransferOrderRow };

/**
 * A bank transfer arrived for the order of this number: the order's row is locked until the
 * caller's transaction ends; if it waits for a transfer and `accept` agrees (the caller's rule on
 * the amount), it becomes paid, its event is recorded ("transfer_received", by `actor`) and its
 * open payments are approved, as the order module books a transfer. Otherwise the order's status
 * is reported and nothing changes. The order's "paid" mail is the caller's to send after commit.
 */
export async function bookTransferOnOrder(db: Db, orderNumber: string, actor: string, accept: (order: TransferOrderRow) => boolean = () => true): Promise<TransferBooking> {
  const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber)).for("update");
  if (!order) return { outcome: "not_found" };
  if (order.status !== "awaiting_transfer") return { outcome: "not_awaiting", order };
  if (!accept(order)) return { outcome: "declined", order };
  await db.update(orders).set({ status: "paid", updatedAt: sql`now()` }).where(eq(orders.uuid, order.uuid));
  await db.insert(orderEvents).values({ orderUuid: order.uuid, fromStatus: order.status, toStatus: "paid", event: "transfer_received", actor });
  await db
    .update(payments)
    .set({ status: "approved", updatedAt: sql`now()` })
    .where(and(eq(payments.orderUuid, order.uuid), eq(payments.status, "pending")));
  return { outcome: "paid", order };
}
