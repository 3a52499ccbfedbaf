import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { sellCartItems } from "./schema/selling.ts";

/** The selling module's function for the cart's merge at login, in the caller's transaction: the visitor's offers join the account's sell cart. */
export async function moveSellCartItems(db: Db, fromCartUuid: string, toCartUuid: string): Promise<void> {
  await db.update(sellCartItems).set({ cartUuid: toCartUuid }).where(eq(sellCartItems.cartUuid, fromCartUuid));
}
