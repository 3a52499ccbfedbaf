import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { products, productVariants } from "./schema/catalogue.ts";

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
