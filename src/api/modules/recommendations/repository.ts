import { and, arrayContains, asc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { BY_POPULARITY, productSummaryColumns } from "../../../db/catalogue-queries.ts";
import { productRelations, products } from "../../../db/schema/catalogue.ts";
import { recommendationEvents } from "../../../db/schema/recommendations.ts";
import type { ProductSummary } from "../products/schemas.ts";

/** Products without a price have no unit in stock. */
const inStock = (inStockOnly: boolean): SQL | undefined => (inStockOnly ? isNotNull(products.priceMin) : undefined);

type RelationKind = (typeof productRelations.kind.enumValues)[number];
type NewRecommendationEvent = typeof recommendationEvents.$inferInsert;

export function createRecommendationRepository(db: Db) {
  // A product's neighbours in price, with its own category and price read in the same statement; prepared once.
  const self = (column: "category_id" | "price_min") => sql`(select ${sql.identifier("self")}.${sql.identifier(column)} from ${products} as "self" where "self"."id" = ${sql.placeholder("productId")})`;
  const closestInPriceOf = (inStockOnly: boolean) =>
    db
      .select(productSummaryColumns)
      .from(products)
      .where(and(inStock(inStockOnly), sql`${products.categoryId} = ${self("category_id")}`, ne(products.id, sql.placeholder("productId"))))
      .orderBy(sql`abs(coalesce(${products.priceMin}, 0) - coalesce(${self("price_min")}, 0))`, asc(products.id))
      .limit(sql.placeholder("limit"))
      .prepare(inStockOnly ? "closest_in_price_in_stock" : "closest_in_price");
  const closest = { inStock: closestInPriceOf(true), all: closestInPriceOf(false) };
  return {
    /** Most popular first, in a category (and its subcategories) when given. */
    bestsellers(options: { categoryId: number | undefined; inStockOnly: boolean; limit: number }): Promise<ProductSummary[]> {
      const inCategory = options.categoryId === undefined ? undefined : arrayContains(products.groupIds, [options.categoryId]);
      return db
        .select(productSummaryColumns)
        .from(products)
        .where(and(inStock(options.inStockOnly), inCategory))
        .orderBy(...BY_POPULARITY)
        .limit(options.limit);
    },

    /** Other products of a product's category, closest to its price first; none when there is no such product. */
    closestInPrice({ inStockOnly, ...options }: { productId: number; inStockOnly: boolean; limit: number }): Promise<ProductSummary[]> {
      return (inStockOnly ? closest.inStock : closest.all).execute(options);
    },

    /** Products related to one by the given kinds, in the relation's order. */
    related(options: { productId: number; kinds: RelationKind[]; inStockOnly: boolean; limit: number }): Promise<ProductSummary[]> {
      return db
        .select(productSummaryColumns)
        .from(productRelations)
        .innerJoin(products, eq(products.id, productRelations.relatedProductId))
        .where(and(eq(productRelations.productId, options.productId), inArray(productRelations.kind, options.kinds), inStock(options.inStockOnly)))
        .orderBy(productRelations.position)
        .limit(options.limit);
    },

    /** The products with these ids, in no particular order. */
    byIds(ids: number[], inStockOnly: boolean): Promise<ProductSummary[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select(productSummaryColumns).from(products).where(and(inArray(products.id, ids), inStock(inStockOnly)));
    },

    async insertEvent(event: NewRecommendationEvent): Promise<{ createdAt: string }> {
      const [row] = await db.insert(recommendationEvents).values(event).returning({ createdAt: recommendationEvents.createdAt });
      return row!;
    },
  };
}
export type RecommendationRepository = ReturnType<typeof createRecommendationRepository>;
