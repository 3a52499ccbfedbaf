import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { carts } from "./schema/orders.ts";

/**
 * Holds the cart's row until the caller's transaction ends. Every change of a cart (its buy and
 * sell items and choices) and every placement of an order or a sale from it takes this lock
 * first, so they happen one at a time: a placement sees the cart as it is when it is placed.
 * Returns the row as it is now, or undefined when the cart is gone.
 */
export async function lockCartRow(tx: Db, cartUuid: string): Promise<typeof carts.$inferSelect | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.uuid, cartUuid)).for("update");
  return row;
}

/** `work` in a transaction that holds the cart's row (see lockCartRow). */
export function withLockedCart<T>(db: Db, cartUuid: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const locked = tx as unknown as Db;
    await lockCartRow(locked, cartUuid);
    return work(locked);
  });
}
