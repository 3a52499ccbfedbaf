import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { productFacetGroups, products } from "./schema/catalogue.ts";
import { priceBandSql } from "./catalogue-queries.ts";

/** Rebuilds the facet groups (by everything a list filters on, price by band) from the products; run after seeding and after stock or price changes. */
export async function refreshFacetGroups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${productFacetGroups}`);
    const band = priceBandSql(products.priceMin);
    await tx.execute(sql`insert into ${productFacetGroups}
      (category_id, group_ids, brand, prop_color, prop_rom, grades_in_stock, in_stock, on_sale, n, price_min, price_max, price_band)
      select category_id, min(group_ids), brand, prop_color, prop_rom, grades_in_stock, price_min is not null, on_sale,
             count(*), min(price_min), max(price_min), ${band}
      from ${products}
      group by category_id, brand, prop_color, prop_rom, grades_in_stock, price_min is not null, on_sale, ${band}`);
  });
  await db.execute(sql`analyze ${productFacetGroups}`);
}
