import { totalPages } from "../../../domain/catalogue/listing.ts";
import { AppError } from "../../errors.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { ReviewRepository, ReviewRow } from "./repository.ts";
import type { OwnReview, OwnReviewAnswer, ReviewList } from "./schemas.ts";

type Customer = { uuid: string; email: string; firstName: string | null; lastName: string | null };

function ownView(r: ReviewRow): OwnReview {
  return {
    id: r.id,
    productId: r.productId,
    rating: r.rating,
    title: r.title,
    text: r.text,
    variant: r.variant,
    verifiedPurchase: r.verifiedPurchase,
    status: r.status,
    rejectionReason: r.rejectionReason,
    date: new Date(r.createdAt).toISOString(),
  };
}

/** How a writer is shown: first name and the initial of the last, or the part of the address before the @. */
export function authorName(customer: Pick<Customer, "email" | "firstName" | "lastName">): string {
  if (customer.firstName) return customer.lastName ? `${customer.firstName} ${customer.lastName.slice(0, 1)}.` : customer.firstName;
  return customer.email.split("@")[0]!.slice(0, 30);
}

const REVIEWS_PAGE_SIZE = 5;
const RATINGS = [5, 4, 3, 2, 1];

export function createReviewService(repo: ReviewRepository) {
  async function existingProductName(productId: number): Promise<string> {
    const name = await repo.productName(productId);
    if (name === undefined) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${productId} does not exist`, "params.id");
    return name;
  }

  return {
    /** The customer's own review of a product (any status), and whether they bought it: the write-review page starts from this. */
    async own(customer: Customer, productId: number): Promise<OwnReviewAnswer> {
      const productName = await existingProductName(productId);
      const [review, bought] = await Promise.all([repo.ownReview(customer.uuid, productId), repo.bought(customer.uuid, productId)]);
      return { review: review ? ownView(review) : null, productName, bought };
    },

    /** One review per customer and product; it waits for moderation. "Verified purchase" when a paid order of theirs holds it. */
    async write(customer: Customer, productId: number, input: { rating: number; title: string; text: string; variant?: Grade | null | undefined }, locale: string): Promise<OwnReview> {
      await existingProductName(productId);
      const review = await repo.insert({
        productId,
        customerUuid: customer.uuid,
        rating: input.rating,
        title: input.title,
        text: input.text,
        locale,
        variant: input.variant ?? null,
        author: authorName(customer),
        verifiedPurchase: await repo.bought(customer.uuid, productId),
      });
      if (!review) throw new AppError(409, "REVIEW_EXISTS", "You have reviewed this product already.", "productId");
      return ownView(review);
    },

    /** Moderation is support's (and admins'). */
    async pending(actor: StaffActor) {
      requireRole(actor, "support");
      return { reviews: (await repo.pending(100)).map((r) => ({ ...ownView(r), productName: r.productName, author: r.author })) };
    },

    /** Approves or rejects a pending review, audited as review.approve or review.reject with the status before and after. */
    async moderate(actor: StaffActor, reviewId: number, decision: { approve: true } | { approve: false; reason: string }): Promise<OwnReview> {
      requireRole(actor, "support");
      const after = decision.approve ? { status: "approved" as const, reason: null } : { status: "rejected" as const, reason: decision.reason };
      const row = await repo.inTransaction(async (writer) => {
        const moderated = await writer.moderate(reviewId, { ...after, by: actor.email });
        if (moderated) await writer.audit(actor, { action: decision.approve ? "review.approve" : "review.reject", entityType: "review", entityId: String(reviewId), before: { status: "pending" }, after });
        return moderated;
      });
      if (!row) throw AppError.notFound("REVIEW_NOT_PENDING", "There is no review with this id waiting for moderation.", "reviewId");
      return ownView(row);
    },

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
          title: r.title,
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
