import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";
import { gradeEnum, products } from "./catalogue.ts";

export const reviewStatusEnum = pgEnum("review_status", ["pending", "approved", "rejected"]);

/**
 * A customer's review of a product: 1–5 stars, in the language it was written in. Written reviews
 * wait for moderation; only approved ones are shown and counted.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The writer's account; null for reviews imported from elsewhere (the demo's). */
    customerUuid: uuid("customer_uuid").references(() => customers.uuid, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    title: text("title"),
    text: text("text").notNull(),
    locale: text("locale").notNull(),
    variant: gradeEnum("variant"),
    author: text("author").notNull(),
    verifiedPurchase: boolean("verified_purchase").notNull().default(false),
    status: reviewStatusEnum("status").notNull().default("approved"),
    /** Why staff rejected it: kept for the writer and for later checks. */
    rejectionReason: text("rejection_reason"),
    moderatedBy: text("moderated_by"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true, mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt.desc(), t.id).where(sql`${t.status} = 'approved'`),
    uniqueIndex("reviews_customer_product_idx").on(t.customerUuid, t.productId),
    index("reviews_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
