import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";
import { gradeEnum, products } from "./catalogue.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/** A product on a customer's wishlist, with its price when it was wished: a later drop below it is mailed once per price. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The cheapest in-stock price when wished (the new price when nothing was in stock). */
    priceWhenAdded: integer("price_when_added").notNull(),
    /** The price the last price-drop mail was about; a mail goes only for a price below it. */
    notifiedPrice: integer("notified_price"),
    addedAt: at("added_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerUuid, t.productId] }), index("wishlist_items_customer_idx").on(t.customerUuid, t.addedAt.desc()), index("wishlist_items_product_idx").on(t.productId)],
);

/** "Tell me when it is back": a product, optionally only some grades (null: any), until the mail has gone. */
export const buyAlerts = pgTable(
  "buy_alerts",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variants: gradeEnum("variants").array(),
    searchUuid: uuid("search_uuid"),
    createdAt: at("created_at").notNull().defaultNow(),
    /** When the back-in-stock mail went; the alert is done then. */
    notifiedAt: at("notified_at"),
  },
  (t) => [
    uniqueIndex("buy_alerts_customer_product_idx").on(t.customerUuid, t.productId),
    index("buy_alerts_customer_idx").on(t.customerUuid, t.createdAt.desc()),
    index("buy_alerts_waiting_idx").on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
);
