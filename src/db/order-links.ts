import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { orders } from "./schema/orders.ts";

/**
 * The orders module's function for the cart's merge at login, in the caller's transaction: orders
 * placed as a guest from the visitor's cart stay reachable from the account's cart, and a later
 * payment still empties the right one.
 */
export async function moveGuestOrders(db: Db, fromCartUuid: string, toCartUuid: string): Promise<void> {
  await db.update(orders).set({ cartUuid: toCartUuid }).where(eq(orders.cartUuid, fromCartUuid));
}
