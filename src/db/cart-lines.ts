import { and, eq, inArray } from "drizzle-orm";
import type { Grade } from "../domain/catalogue/grades.ts";
import type { Carrier } from "../domain/selling/sell-cart-rules.ts";
import type { Db } from "./client.ts";
import { cartItems, carts } from "./schema/orders.ts";

/*
 * The cart module's functions for the changes others make to a cart, each in the caller's
 * transaction: an order takes its paid lines out, the sell side keeps its choices in the cart's
 * row and resets them after a sale.
 */

/** One cart line per unit, the customer's other lines stay. */
export async function removeCartLines(db: Db, cartUuid: string, units: readonly { productId: number; label: Grade; withFullBattery: boolean }[]): Promise<void> {
  for (const unit of units) {
    const line = db
      .select({ uuid: cartItems.uuid })
      .from(cartItems)
      .where(and(eq(cartItems.cartUuid, cartUuid), eq(cartItems.productId, unit.productId), eq(cartItems.label, unit.label), eq(cartItems.withFullBattery, unit.withFullBattery)))
      .limit(1);
    await db.delete(cartItems).where(inArray(cartItems.uuid, line));
  }
}

/** The sell side's choices, kept in the cart's row beside the buy side's. */
export interface SellChoices {
  sellCouponCode?: string | null;
  expressGrading?: boolean;
  carrier?: Carrier;
  parcels?: number;
}

export async function setSellChoices(db: Db, cartUuid: string, choices: SellChoices): Promise<void> {
  if (Object.keys(choices).length === 0) return;
  await db.update(carts).set(choices).where(eq(carts.uuid, cartUuid));
}

/** After a sale the sell side of the cart starts again: no coupon, no express inspection, one parcel. */
export function resetSellChoices(db: Db, cartUuid: string): Promise<void> {
  return setSellChoices(db, cartUuid, { sellCouponCode: null, expressGrading: false, parcels: 1 });
}
