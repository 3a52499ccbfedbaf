import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { gradeEnum, products } from "./catalogue.ts";

/** A customer's review of a product: 1–5 stars, in the language it was written in. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    locale: text("locale").notNull(),
    variant: gradeEnum("variant"),
    author: text("author").notNull(),
    verifiedPurchase: boolean("verified_purchase").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("reviews_product_idx").on(t.productId, t.createdAt.desc(), t.id)],
);
