import { asc, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { BY_POPULARITY, purchasable } from "../../../db/catalogue-queries.ts";
import { products } from "../../../db/schema/catalogue.ts";

/** Rankings cover every product, or (onlyPurchasable) only those the shop buys. */
const scope = (onlyPurchasable: boolean) => (onlyPurchasable ? purchasable() : undefined);

export function createRankingRepository(db: Db) {
  return {
    /** A page of a category's brands (authors, for books) alphabetically, with their product counts, and how many there are. */
    async brandsIn(categoryId: number, offset: number, limit: number) {
      const inCategory = eq(products.categoryId, categoryId);
      const [items, [total]] = await Promise.all([
        db
          .select({ name: products.brand, count: sql<number>`count(*)::int` })
          .from(products)
          .where(inCategory)
          .groupBy(products.brand)
          .orderBy(asc(products.brand))
          .limit(limit)
          .offset(offset),
        db.select({ n: countDistinct(products.brand) }).from(products).where(inCategory),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async rankedCount(onlyPurchasable: boolean): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(scope(onlyPurchasable));
      return row?.n ?? 0;
    },

    /** The ids at popularity ranks offset+1…offset+limit, in rank order. */
    async rankedIds(onlyPurchasable: boolean, offset: number, limit: number): Promise<number[]> {
      // Ranks are read as ids first (narrow rows along the popularity index), then the page's rows by id.
      const rows = await db.select({ id: products.id }).from(products).where(scope(onlyPurchasable)).orderBy(...BY_POPULARITY).limit(limit).offset(offset);
      return rows.map((r) => r.id);
    },

    /** The ranked products' rows, in no particular order. */
    async rankedRows(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select({ id: products.id, name: products.name, slug: products.slug, payout: products.pricePurchase }).from(products).where(inArray(products.id, ids));
    },
  };
}
export type RankingRepository = ReturnType<typeof createRankingRepository>;
