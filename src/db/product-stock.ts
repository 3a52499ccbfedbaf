import { and, eq, sql } from "drizzle-orm";
import { GRADE_PRICE_SHARE, type Grade } from "../domain/catalogue/grades.ts";
import { arrayLiteral, type Db } from "./client.ts";
import { refreshFacetGroupsOf } from "./facet-groups.ts";
import { products, productVariants } from "./schema/catalogue.ts";

/*
 * The products module's functions for the counters others change: the units module moves units
 * in and out of stock (db/units.ts) and keeps each grade's quantity equal to its units in stock;
 * staff set a grade's price. Each takes the caller's transaction.
 */

/** A grade's counters, locked until the transaction ends: whoever moves units of this grade next waits here. */
export async function lockVariantStock(db: Db, productId: number, label: Grade): Promise<{ quantity: number; fullBatteryQuantity: number } | undefined> {
  const [row] = await db
    .select({ quantity: productVariants.quantity, fullBatteryQuantity: productVariants.fullBatteryQuantity })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)))
    .for("update");
  return row;
}

/**
 * Moves a grade's counters by the units that entered or left stock. A grade the product did not
 * have yet starts at its share of the new price; the check constraint refuses a count below zero,
 * whatever a caller did wrong.
 */
export async function adjustVariantStock(db: Db, productId: number, label: Grade, delta: { units: number; fullBatteryUnits: number }): Promise<void> {
  if (delta.units === 0 && delta.fullBatteryUnits === 0) return;
  const moved = await db
    .update(productVariants)
    .set({ quantity: sql`${productVariants.quantity} + ${delta.units}`, fullBatteryQuantity: sql`${productVariants.fullBatteryQuantity} + ${delta.fullBatteryUnits}` })
    .where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)))
    .returning({ quantity: productVariants.quantity });
  if (moved.length > 0) return;
  await db.execute(sql`
    insert into ${productVariants} (product_id, label, price, quantity, full_battery_quantity)
    select p.id, ${label}::grade, round(p.blue_price * ${GRADE_PRICE_SHARE[label]})::int, ${delta.units}, ${delta.fullBatteryUnits}
    from ${products} p where p.id = ${productId}`);
}

/** Sets a grade's counters to a count just made under its lock (a stock count). */
export async function setVariantCounts(db: Db, productId: number, label: Grade, counts: { quantity: number; fullBatteryQuantity: number }): Promise<void> {
  await db.update(productVariants).set(counts).where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)));
}

/** Staff set a grade's price; the product's list columns follow. False when the product has no such grade. */
export async function setVariantPrice(db: Db, productId: number, label: Grade, price: number): Promise<boolean> {
  const rows = await db
    .update(productVariants)
    .set({ price })
    .where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)))
    .returning({ label: productVariants.label });
  if (rows.length > 0) await refreshProductStock(db, [productId]);
  return rows.length > 0;
}

/**
 * Staff set many grades' prices at once (a price rule): the variants of grades the products have,
 * then the products' cheapest in-stock price and in-stock grades, and the facet groups of their
 * categories (a cheapest price moves a product between price bands). The caller locked the variants.
 */
export async function setVariantPrices(db: Db, prices: readonly { productId: number; label: Grade; price: number }[]): Promise<void> {
  if (prices.length === 0) return;
  // Three arrays, one statement, however many prices.
  await db.execute(sql`
    update ${productVariants} v set price = c.price
    from unnest(${arrayLiteral(prices.map((p) => p.productId))}::int[], ${arrayLiteral(prices.map((p) => p.label))}::grade[], ${arrayLiteral(prices.map((p) => p.price))}::int[]) as c(product_id, label, price)
    where v.product_id = c.product_id and v.label = c.label`);
  const productIds = [...new Set(prices.map((p) => p.productId))];
  await refreshProductStock(db, productIds);
  const categoryRows = await db.selectDistinct({ categoryId: products.categoryId }).from(products).where(sql`${products.id} = any(${arrayLiteral(productIds)}::int[])`);
  await refreshFacetGroupsOf(db, categoryRows.map((r) => r.categoryId));
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
