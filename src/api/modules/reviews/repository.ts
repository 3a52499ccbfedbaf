import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { reviews } from "../../../db/schema/reviews.ts";
import { orderItems, orders } from "../../../db/schema/orders.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";

export type ReviewRow = typeof reviews.$inferSelect;

/** Read on every product page: prepared once, with placeholders. */
export function createReviewRepository(db: Db) {
  const productId = sql.placeholder("productId");
  const nameOf = db.select({ name: products.name }).from(products).where(eq(products.id, productId)).limit(1).prepare("review_product_name");
  const pageOf = db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("review_page");
  const countsOf = db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")))
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

    /** A new review; undefined when the customer reviewed the product before (one each). */
    async insert(review: { productId: number; customerUuid: string; rating: number; title: string; text: string; locale: string; variant: Grade | null; author: string; verifiedPurchase: boolean }) {
      const [row] = await db.insert(reviews).values({ ...review, status: "pending" }).onConflictDoNothing().returning();
      return row;
    },
    async ownReview(customerUuid: string, productId: number): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(and(eq(reviews.customerUuid, customerUuid), eq(reviews.productId, productId)));
      return row;
    },
    /** Whether the customer bought the product: a paid order of theirs holds it. */
    async bought(customerUuid: string, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(orderItems)
        .innerJoin(orders, eq(orders.uuid, orderItems.orderUuid))
        .where(and(eq(orders.customerUuid, customerUuid), eq(orders.status, "paid"), eq(orderItems.productId, productId)));
      return (row?.n ?? 0) > 0;
    },
    /** Reviews waiting for moderation, oldest first. */
    async pending(limit: number): Promise<(ReviewRow & { productName: string })[]> {
      return db
        .select({ ...getReviewColumns(), productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.status, "pending"))
        .orderBy(asc(reviews.createdAt), asc(reviews.id))
        .limit(limit);
    },
    /** A moderation and its audit row in one transaction: both happen, or neither. */
    inTransaction<T>(work: (writer: ReviewWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createReviewWriter(tx as unknown as Db)));
    },

    /** How many reviews of a product gave each rating (ratings nobody gave are missing). */
    ratingCounts(id: number): Promise<{ rating: number; count: number }[]> {
      return countsOf.execute({ productId: id });
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;

/** Moderation's writes, in the caller's transaction. */
function createReviewWriter(db: Db) {
  return {
    /** Approves or rejects a pending review; undefined when there is none with this id waiting. */
    async moderate(id: number, decision: { status: "approved" | "rejected"; reason: string | null; by: string }): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ status: decision.status, rejectionReason: decision.reason, moderatedBy: decision.by, moderatedAt: sql`now()` })
        .where(and(eq(reviews.id, id), eq(reviews.status, "pending")))
        .returning();
      return row;
    },

    /** Appends a staff action's audit row in this transaction. */
    audit(actor: AuditActor, entry: AuditEntry): Promise<void> {
      return appendAudit(db, actor, entry);
    },
  };
}
export type ReviewWriter = ReturnType<typeof createReviewWriter>;

function getReviewColumns() {
  const { id, productId, customerUuid, rating, title, text, locale, variant, author, verifiedPurchase, status, rejectionReason, moderatedBy, moderatedAt, createdAt } = reviews;
  return { id, productId, customerUuid, rating, title, text, locale, variant, author, verifiedPurchase, status, rejectionReason, moderatedBy, moderatedAt, createdAt };
}
