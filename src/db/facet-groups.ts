import { sql, type SQL } from "drizzle-orm";
import { arrayLiteral, type Db } from "./client.ts";
import { productFacetGroups, products } from "./schema/catalogue.ts";
import { priceBandSql } from "./catalogue-queries.ts";

/** Groups the products that `where` selects into facet groups (by everything a list filters on, price by band). */
function insertGroups(db: Db, where: SQL): Promise<unknown> {
  const band = priceBandSql(products.priceMin);
  return db.execute(sql`insert into ${productFacetGroups}
      (category_id, group_ids, brand, prop_color, prop_rom, grades_in_stock, in_stock, on_sale, n, price_min, price_max, price_band)
      select category_id, min(group_ids), brand, prop_color, prop_rom, grades_in_stock, price_min is not null, on_sale,
             count(*), min(price_min), max(price_min), ${band}
      from ${products}
      where ${where}
      group by category_id, brand, prop_color, prop_rom, grades_in_stock, price_min is not null, on_sale, ${band}`);
}

/** Rebuilds the facet groups from the products; run after seeding and after stock or price changes. */
export async function refreshFacetGroups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${productFacetGroups}`);
    await insertGroups(tx as unknown as Db, sql`true`);
  });
  await db.execute(sql`analyze ${productFacetGroups}`);
}

/**
 * Rebuilds the facet groups of these categories' products only, in the caller's transaction: after
 * staff created or changed products (a group is of one category) or moved categories (their
 * products' group_ids changed). Costs a scan of those categories, not of the catalogue.
 */
export async function refreshFacetGroupsOf(db: Db, categoryIds: readonly number[]): Promise<void> {
  if (categoryIds.length === 0) return;
  const ids = arrayLiteral([...new Set(categoryIds)]);
  // One refresh at a time until commit: two at once would each delete what the other had not yet committed, and insert their groups twice.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('product_facet_groups'))`);
  // A group's group_ids hold its category, so the GIN index finds the groups.
  await db.execute(sql`delete from ${productFacetGroups} where ${productFacetGroups.groupIds} && ${ids}::int[] and ${productFacetGroups.categoryId} = any(${ids}::int[])`);
  await insertGroups(db, sql`${products.categoryId} = any(${ids}::int[])`);
}
