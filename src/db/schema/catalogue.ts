import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  date,
  smallint,
  customType,
  uuid,
} from "drizzle-orm/pg-core";

/** Raw bytes: the pg driver gives a Buffer, PGlite a Uint8Array (a Buffer is one too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const gradeEnum = pgEnum("grade", ["NEW", "A0", "A1", "A2", "A3", "A4"]);
export const relationKindEnum = pgEnum("relation_kind", ["storage", "colour", "accessory", "wristband"]);
export const rootKindEnum = pgEnum("root_kind", ["electronics", "media"]);

export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    parentId: integer("parent_id"),
    position: integer("position").notNull().default(0),
    rootKind: rootKindEnum("root_kind").notNull(),
    isAccessory: boolean("is_accessory").notNull().default(false),
    /** Case categories offer a wristband; wristband categories hold the bands. */
    isWatchCase: boolean("is_watch_case").notNull().default(false),
    isWristband: boolean("is_wristband").notNull().default(false),
    /** Which generated picture products of this category get (smartphone, book, …). */
    imageKind: text("image_kind").notNull().default("box"),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.position)],
);

/** Per-locale name and full URL path ("smartphones/apple-iphone") of a category. */
export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    path: text("path").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    uniqueIndex("category_translations_path_idx").on(t.locale, t.path),
  ],
);

export const couponKindEnum = pgEnum("coupon_kind", ["percent", "fixed"]);

export const coupons = pgTable("coupons", {
  code: text("code").primaryKey(),
  kind: couponKindEnum("kind").notNull().default("percent"),
  /** Percentage off the item prices, 1–100 (percent coupons). */
  percentOff: integer("percent_off").notNull().default(0),
  /** Cents off the order (fixed coupons). */
  amountOff: integer("amount_off").notNull().default(0),
  /** Items total in cents the cart must reach. */
  minOrderValue: integer("min_order_value").notNull().default(0),
  validFrom: date("valid_from", { mode: "string" }).notNull(),
  validTo: date("valid_to", { mode: "string" }).notNull(),
  oncePerCustomer: boolean("once_per_customer").notNull().default(false),
  /** Instalment financing: orders of one item only. */
  singleItemOnly: boolean("single_item_only").notNull().default(false),
});

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    brand: text("brand").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    /** The category and all its ancestors, for "category and subcategories" filters. */
    groupIds: integer("group_ids").array().notNull(),
    propRom: text("prop_rom"),
    propColor: text("prop_color"),
    ean: text("ean"),
    isbn: text("isbn"),
    asin: text("asin"),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    /** Per-locale description paragraphs. */
    description: jsonb("description").$type<Record<string, string>>().notNull().default({}),
    chargerCompatible: boolean("charger_compatible").notNull().default(false),
    assemblySplit: boolean("assembly_split").notNull().default(false),
    allowedPurchase: boolean("allowed_purchase").notNull().default(true),
    purchaseStop: boolean("purchase_stop").notNull().default(false),
    offeredByLibriOnly: boolean("offered_by_libri_only").notNull().default(false),
    onSale: boolean("on_sale").notNull().default(false),
    couponCode: text("coupon_code").references(() => coupons.code),
    /** Cheapest in-stock variant price in cents; null when nothing is in stock. Kept by the variant writer. */
    priceMin: integer("price_min"),
    /** Bit i set when grade GRADES[i] is in stock; lets lists filter and count grades without joining variants. */
    gradesInStock: smallint("grades_in_stock").notNull().default(0),
    /** Price of a new unit (the "blue" list price) in cents. */
    bluePrice: integer("blue_price").notNull(),
    /** What the shop pays a seller for a unit in the best grade, in cents (trade-in side). */
    pricePurchase: integer("price_purchase").notNull(),
    insurancePrice: integer("insurance_price"),
    popularity: integer("popularity").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    // The four list orders also INCLUDE group_ids (migration 0009, which drizzle cannot express), for index-only scans.
    index("products_popularity_idx").on(t.popularity.desc(), t.id),
    index("products_price_idx").on(t.priceMin, t.id),
    index("products_price_desc_idx").on(t.priceMin.desc(), t.id),
    index("products_created_idx").on(t.createdAt.desc(), t.id),
    index("products_group_ids_idx").using("gin", t.groupIds),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_ean_idx").on(t.ean),
    index("products_isbn_idx").on(t.isbn),
    index("products_asin_idx").on(t.asin),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    label: gradeEnum("label").notNull(),
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull(),
    /** Units of this grade shipped with a new battery; always 0 for NEW and A0. */
    fullBatteryQuantity: integer("full_battery_quantity").notNull().default(0),
    /** Surcharge in cents for the full-battery option. */
    fullBatteryPrice: integer("full_battery_price").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.label] }),
    // The last guard against overselling: whatever a bug in the code did, stock cannot go below zero.
    check("product_variants_stock_not_negative", sql`${t.quantity} >= 0 and ${t.fullBatteryQuantity} >= 0`),
  ],
);

export const productMedia = pgTable(
  "product_media",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    contentType: text("content_type").notNull(),
    isVideo: boolean("is_video").notNull().default(false),
    url: text("url").notNull(),
    thumbnailUrl: text("thumbnail_url").notNull(),
    /** The uploaded picture this entry shows; null for generated pictures and videos. */
    pictureId: uuid("picture_id").references(() => productPictures.id, { onDelete: "cascade" }),
  },
  (t) => [index("product_media_product_idx").on(t.productId, t.position)],
);

/**
 * A picture staff uploaded for a product, re-encoded in the sizes the storefront shows. Kept in
 * the database so every instance serves the same bytes; its address never changes (a new upload
 * is a new row), so it is cached by browsers and CDNs for good.
 */
export const productPictures = pgTable(
  "product_pictures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    large: bytea("large").notNull(),
    thumb: bytea("thumb").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploadedBy: uuid("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    index("product_pictures_product_idx").on(t.productId),
    check("product_pictures_size", sql`octet_length(${t.large}) between 1 and 5242880 and octet_length(${t.thumb}) between 1 and 1048576`),
  ],
);

export const productRelations = pgTable(
  "product_relations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    relatedProductId: integer("related_product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: relationKindEnum("kind").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.kind, t.relatedProductId] })],
);

/**
 * Products grouped by everything a list can filter on except text and price: facet counts and
 * totals for a category page sum a few thousand of these rows instead of scanning its products.
 * Rebuilt by refreshFacetGroups after catalogue changes (see docs/decisions/0008).
 */
export const productFacetGroups = pgTable(
  "product_facet_groups",
  {
    categoryId: integer("category_id").notNull(),
    groupIds: integer("group_ids").array().notNull(),
    brand: text("brand").notNull(),
    propColor: text("prop_color"),
    propRom: text("prop_rom"),
    gradesInStock: smallint("grades_in_stock").notNull(),
    inStock: boolean("in_stock").notNull(),
    onSale: boolean("on_sale").notNull(),
    n: integer("n").notNull(),
    priceMin: integer("price_min"),
    priceMax: integer("price_max"),
    /** The price band (domain/catalogue/price-bands) of the group's products; null when out of stock. */
    priceBand: smallint("price_band"),
  },
  (t) => [index("product_facet_groups_group_ids_idx").using("gin", t.groupIds)],
);
