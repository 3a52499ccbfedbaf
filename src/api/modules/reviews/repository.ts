import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { reviews } from "../../../db/schema/reviews.ts";

/** Read on every product page: prepared once, with placeholders. */
export function createReviewRepository(db: Db) {
  const productId = sql.placeholder("productId");
  const nameOf = db.select({ name: products.name }).from(products).where(eq(products.id, productId)).limit(1).prepare("review_product_name");
  const pageOf = db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("review_page");
  const countsOf = db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .groupBy(reviews.rating)
    .prepare("review_rating_counts");

  return {
    async productName(id: number): Promise<string | undefined> {
      const [row] = await nameOf.execute({ productId: id });
      return row?.name;
    },

    /** A page of a product's reviews, newest first. */
    page(id: number, offset: number, limit: number) {
      return pageOf.execute({ productId: id, offset, limit });
    },

    /** How many reviews of a product gave each rating (ratings nobody gave are missing). */
    ratingCounts(id: number): Promise<{ rating: number; count: number }[]> {
      return countsOf.execute({ productId: id });
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
