import { totalPages } from "../../../domain/catalogue/listing.ts";
import { AppError } from "../../errors.ts";
import type { ReviewRepository } from "./repository.ts";
import type { ReviewList } from "./schemas.ts";

const REVIEWS_PAGE_SIZE = 5;
const RATINGS = [5, 4, 3, 2, 1];

export function createReviewService(repo: ReviewRepository) {
  return {
    /** Reviews of a product, newest first, five a page, with the rating summary. */
    async list(productId: number, page: number): Promise<ReviewList> {
      const productName = await repo.productName(productId);
      if (productName === undefined) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${productId} does not exist`, "params.id");
      const [items, distribution] = await Promise.all([
        repo.page(productId, (page - 1) * REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE),
        repo.ratingCounts(productId),
      ]);
      const total = distribution.reduce((n, d) => n + d.count, 0);
      const sum = distribution.reduce((n, d) => n + d.rating * d.count, 0);
      return {
        summary: {
          average: total ? Math.round((sum / total) * 10) / 10 : null,
          count: total,
          distribution: RATINGS.map((rating) => ({ rating, count: distribution.find((d) => d.rating === rating)?.count ?? 0 })),
        },
        items: items.map((r) => ({
          id: r.id,
          rating: r.rating,
          text: r.text,
          locale: r.locale,
          variant: r.variant,
          productId: r.productId,
          productName,
          author: r.author,
          verifiedPurchase: r.verifiedPurchase,
          date: new Date(r.createdAt).toISOString(),
        })),
        page,
        pageSize: REVIEWS_PAGE_SIZE,
        totalPages: totalPages(total, REVIEWS_PAGE_SIZE),
      };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
