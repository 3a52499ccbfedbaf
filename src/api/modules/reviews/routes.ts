import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { reviews } from "../../../db/schema/reviews.ts";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { AppError, errorResponses } from "../../errors.ts";
import { pageParam, productIdParam } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";

export const REVIEWS_PAGE_SIZE = 5;

const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  locale: z.string(),
  variant: z.enum(GRADES).nullable(),
  productId: z.number().int(),
  productName: z.string(),
  author: z.string(),
  verifiedPurchase: z.boolean(),
  date: z.string(),
});
const reviewListSchema = z.object({
  summary: z.object({
    average: z.number().nullable(),
    count: z.number().int(),
    distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })).describe("5 stars first"),
  }),
  items: z.array(reviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** Reviews of a product, newest first, five a page, with the rating summary. */
export function registerReviewRoutes(app: ApiInstance, db: Db): void {
  app.get(
    "/products/:id/reviews",
    {
      schema: {
        operationId: "api_review_list",
        tags: ["reviews"],
        summary: "A product's reviews with their rating summary",
        params: z.object({ id: productIdParam }),
        querystring: z.object({ page: pageParam() }),
        response: { 200: reviewListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, id)).limit(1);
      if (!product) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${id} does not exist`, "params.id");
      const ofProduct = eq(reviews.productId, id);
      const [items, distribution] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(ofProduct)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((request.query.page - 1) * REVIEWS_PAGE_SIZE),
        db.select({ rating: reviews.rating, count: count() }).from(reviews).where(ofProduct).groupBy(reviews.rating),
      ]);
      const total = distribution.reduce((n, d) => n + d.count, 0);
      const sum = distribution.reduce((n, d) => n + d.rating * d.count, 0);
      return {
        summary: {
          average: total ? Math.round((sum / total) * 10) / 10 : null,
          count: total,
          distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: distribution.find((d) => d.rating === rating)?.count ?? 0 })),
        },
        items: items.map((r) => ({
          id: r.id,
          rating: r.rating,
          text: r.text,
          locale: r.locale,
          variant: r.variant,
          productId: r.productId,
          productName: product.name,
          author: r.author,
          verifiedPurchase: r.verifiedPurchase,
          date: new Date(r.createdAt).toISOString(),
        })),
        page: request.query.page,
        pageSize: REVIEWS_PAGE_SIZE,
        totalPages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
      };
    },
  );
}
