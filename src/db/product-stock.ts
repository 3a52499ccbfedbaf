import { and, eq, sql } from "drizzle-orm";
import type { Grade } from "../domain/catalogue/grades.ts";
import type { Db } from "./client.ts";
import { products, productVariants } from "./schema/catalogue.ts";

/*
 * The products module's functions for the stock others change: an order takes and gives back
 * units, staff set a grade's stock and price. Each takes the caller's transaction.
 */

/** Units of one grade an order takes: the stock rows are changed per group, in a fixed order. */
export interface StockGroup {
  productId: number;
  label: Grade;
  units: number;
  fullBatteryUnits: number;
}

/**
 * Takes the units in one conditional update: the row changes only when enough are left, so
 * concurrent orders can never take more than there is (no read-then-write). False when short.
 */
export async function reserveUnits(db: Db, group: StockGroup): Promise<boolean> {
  const rows = await db
    .update(productVariants)
    .set({
      quantity: sql`${productVariants.quantity} - ${group.units}`,
      // Exactly what the order asked for, so a release gives back exactly that.
      fullBatteryQuantity: sql`${productVariants.fullBatteryQuantity} - ${group.fullBatteryUnits}`,
    })
    .where(
      and(
        eq(productVariants.productId, group.productId),
        eq(productVariants.label, group.label),
        sql`${productVariants.quantity} >= ${group.units}`,
        sql`${productVariants.fullBatteryQuantity} >= ${group.fullBatteryUnits}`,
      ),
    )
    .returning({ quantity: productVariants.quantity });
  return rows.length === 1;
}

/** Gives back what reserveUnits took. */
export async function releaseUnits(db: Db, group: StockGroup): Promise<void> {
  await db
    .update(productVariants)
    .set({
      quantity: sql`${productVariants.quantity} + ${group.units}`,
      fullBatteryQuantity: sql`${productVariants.fullBatteryQuantity} + ${group.fullBatteryUnits}`,
    })
    .where(and(eq(productVariants.productId, group.productId), eq(productVariants.label, group.label)));
}

/** Staff set a grade's stock and/or price; the product's list columns follow. False when the product has no such grade. */
export async function setVariantStock(db: Db, productId: number, label: Grade, change: { quantity?: number | undefined; price?: number | undefined }): Promise<boolean> {
  const rows = await db
    .update(productVariants)
    .set({ ...(change.quantity === undefined ? {} : { quantity: change.quantity }), ...(change.price === undefined ? {} : { price: change.price }) })
    .where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)))
    .returning({ label: productVariants.label });
  if (rows.length > 0) await refreshProductStock(db, [productId]);
  return rows.length > 0;
}

/** Recomputes the products' cheapest in-stock price and in-stock grades from their variants, after stock changed. */
export async function refreshProductStock(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    update ${products} p set
      price_min = (select min(v.price) from ${productVariants} v where v.product_id = p.id and v.quantity > 0),
      grades_in_stock = (select coalesce(bit_or((1 << (array_position(enum_range(null::grade), v.label) - 1))::smallint), 0)
                         from ${productVariants} v where v.product_id = p.id and v.quantity > 0)
    where p.id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`);
}
