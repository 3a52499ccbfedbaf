import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { productMedia, products } from "./schema/catalogue.ts";
import { PRICE_BAND_EDGES } from "../domain/catalogue/price-bands.ts";

/** Catalogue queries that several features share. */

/** Most asked-for first: exactly the order of products_popularity_idx (NULLS LAST included), so a page reads only its rows. */
export const BY_POPULARITY: SQL[] = [sql`${products.popularity} desc nulls last`, asc(products.id)];

/** The price band (domain/catalogue/price-bands) of a price column: width_bucket over the edges after 0. */
export function priceBandSql(priceColumn: SQL | AnyPgColumn): SQL<number | null> {
  return sql<number | null>`width_bucket(${priceColumn}, ${sql.raw(`array[${PRICE_BAND_EDGES.slice(1).join(",")}]::int[]`)})`;
}

/** Products the shop buys from customers: purchase allowed and not stopped for now. */
export function purchasable(): SQL {
  return and(eq(products.allowedPurchase, true), eq(products.purchaseStop, false))!;
}

/**
 * The URL of a product's first picture (no video), as a column expression: cards, relation lists
 * and recommendation slots all show this one. The subquery sits in a nested sql`` because a
 * select from one table writes its top-level columns without table names, and an unqualified
 * "product_id = id" inside the subquery would compare product_media with itself.
 */
export function firstImageUrl(productId: AnyPgColumn = products.id): SQL<string | null> {
  const subquery = sql`select ${productMedia.url} from ${productMedia}
    where ${productMedia.productId} = ${productId} and not ${productMedia.isVideo}
    order by ${productMedia.position} limit 1`;
  return sql<string | null>`(${subquery})`;
}

/** The first picture of each product, by product id: one query for a whole page of products. */
export async function firstImages(db: Db, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: products.id, url: firstImageUrl() })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.flatMap((r) => (r.url === null ? [] : [[r.productId, r.url] as const])));
}

/** What every product card shows of a product: name, link, brand and prices. */
export const productCardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  priceMin: products.priceMin,
  bluePrice: products.bluePrice,
};

/** The columns of a product summary (tiles, relation lists, recommendation slots). */
export const productSummaryColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  propRom: products.propRom,
  propColor: products.propColor,
  priceMin: products.priceMin,
  imageUrl: firstImageUrl(),
};
