import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { reviews } from "../../../db/schema/reviews.ts";

export function createReviewRepository(db: Db) {
  return {
    async productName(productId: number): Promise<string | undefined> {
      const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId)).limit(1);
      return row?.name;
    },

    /** A page of a product's reviews, newest first. */
    page(productId: number, offset: number, limit: number) {
      return db
        .select()
        .from(reviews)
        .where(eq(reviews.productId, productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
    },

    /** How many reviews of a product gave each rating (ratings nobody gave are missing). */
    ratingCounts(productId: number): Promise<{ rating: number; count: number }[]> {
      return db.select({ rating: reviews.rating, count: count() }).from(reviews).where(eq(reviews.productId, productId)).groupBy(reviews.rating);
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
