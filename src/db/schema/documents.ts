import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";
import { sales } from "./selling.ts";

/**
 * Editorial documents staff edit without a deploy: blog articles, legal texts, static pages and
 * SEO blocks. One row per document; its texts per language live in content_translations.
 */
export const contentDocuments = pgTable(
  "content_documents",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: ["article", "legal", "page", "seo"] }).notNull(),
    /** Stable name: a legal document's type, a page's or an SEO block's identifier. */
    key: text("key").notNull(),
    /** A blog article's category key. */
    category: text("category"),
    author: text("author"),
    relatedProductIds: jsonb("related_product_ids").$type<number[]>().notNull().default([]),
    published: boolean("published").notNull().default(false),
    publishFrom: timestamp("publish_from", { withTimezone: true, mode: "string" }),
    publishTo: timestamp("publish_to", { withTimezone: true, mode: "string" }),
    /** Counts text changes: a legal text's version, as accepted at checkout. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_documents_type_key_idx").on(t.type, t.key), index("content_documents_listing_idx").on(t.type, t.category, t.publishFrom)],
);

export const contentTranslations = pgTable(
  "content_translations",
  {
    documentId: integer("document_id")
      .notNull()
      .references(() => contentDocuments.id, { onDelete: "cascade" }),
    /** The document's type again, so a slug is unique per type and language. */
    type: text("type").notNull(),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Markdown; rendered to HTML without raw HTML. */
    body: text("body").notNull(),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.locale] }), uniqueIndex("content_translations_slug_idx").on(t.type, t.locale, t.slug), index("content_translations_any_slug_idx").on(t.type, t.slug)],
);

/** Every change of a document: who, what (fields per language), and the document as it was after. */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => contentDocuments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    action: text("action", { enum: ["created", "edited", "published", "unpublished"] }).notNull(),
    editor: text("editor").notNull(),
    changes: jsonb("changes").$type<string[]>().notNull().default([]),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("content_versions_document_idx").on(t.documentId, t.id)],
);

/** The legal texts' versions a customer accepted with an order or a sale. */
export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    id: serial("id").primaryKey(),
    orderUuid: uuid("order_uuid").references(() => orders.uuid, { onDelete: "cascade" }),
    saleUuid: uuid("sale_uuid").references(() => sales.uuid, { onDelete: "cascade" }),
    documentType: text("document_type").notNull(),
    version: integer("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("legal_acceptances_order_idx").on(t.orderUuid), index("legal_acceptances_sale_idx").on(t.saleUuid)],
);
