import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { PriceShares } from "../../domain/pricing/price-rules.ts";
import { categories, gradeEnum, products } from "./catalogue.ts";
import { sellGradeEnum } from "./selling.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/** What the last apply of a rule changed, kept on the rule so a repeated apply answers the same. */
export interface PriceRuleApplySummary {
  changed: number;
  raised: number;
  lowered: number;
  floorApplied: number;
  belowPurchasePrice: number;
  overridden: number;
}

/**
 * A sale price rule: each grade's price as a share of the product's new price, rounded to .99,
 * with a floor above the dearest unit in stock; for the whole catalogue or one category and its
 * subcategories. Applied by staff after a preview; the prices it sets live on product_variants.
 */
export const priceRules = pgTable(
  "price_rules",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** The category whose products (subcategories included) the rule prices; null for every product. */
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "cascade" }),
    /** Per mille of the new price per grade; a grade left out keeps its prices. */
    shares: jsonb("shares").$type<PriceShares>().notNull(),
    /** Cents a price stays above the dearest unit of its grade in stock; null for no floor. */
    minMarginCents: integer("min_margin_cents"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    lastAppliedAt: at("last_applied_at"),
    /** The preview's fingerprint the last apply carried out: the same apply again is answered, not repeated. */
    lastAppliedFingerprint: text("last_applied_fingerprint"),
    lastAppliedSummary: jsonb("last_applied_summary").$type<PriceRuleApplySummary>(),
  },
  (t) => [index("price_rules_category_idx").on(t.categoryId), check("price_rules_min_margin", sql`${t.minMarginCents} is null or ${t.minMarginCents} >= 0`)],
);

/** A grade's sale price staff set by hand for one product: rules leave it alone while this row exists. */
export const productPriceOverrides = pgTable(
  "product_price_overrides",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    grade: gradeEnum("grade").notNull(),
    price: integer("price").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.grade] }), check("product_price_overrides_price", sql`${t.price} > 0`)],
);

/**
 * What the shop pays a seller for a unit of this product in this grade, before deductions for a
 * weak battery or missing accessories. A grade without a row is paid its share of the product's
 * best-grade purchase price (domain/selling/offers.ts).
 */
export const productPurchasePrices = pgTable(
  "product_purchase_prices",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    grade: sellGradeEnum("grade").notNull(),
    price: integer("price").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.grade] }), check("product_purchase_prices_price", sql`${t.price} >= 0`)],
);
