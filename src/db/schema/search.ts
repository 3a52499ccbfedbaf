import { customType, index, integer, pgTable, text, timestamp, uuid, bigserial } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { products } from "./catalogue.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A product's search document in each language: its name (weight A) and its description in that
 * language (weight B), stemmed by that language's text search configuration. Kept by triggers on
 * products (migration 0021), so every writer of products keeps search current.
 */
export const productSearch = pgTable(
  "product_search",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    docDe: tsvector("doc_de").notNull(),
    docEn: tsvector("doc_en").notNull(),
    docEs: tsvector("doc_es").notNull(),
    docFr: tsvector("doc_fr").notNull(),
    docIt: tsvector("doc_it").notNull(),
    docNl: tsvector("doc_nl").notNull(),
  },
  (t) => [
    index("product_search_de_idx").using("gin", t.docDe),
    index("product_search_en_idx").using("gin", t.docEn),
    index("product_search_es_idx").using("gin", t.docEs),
    index("product_search_fr_idx").using("gin", t.docFr),
    index("product_search_it_idx").using("gin", t.docIt),
    index("product_search_nl_idx").using("gin", t.docNl),
  ],
);

/**
 * Every word of the catalogue's names and descriptions (lower case): what typos are corrected to and
 * compounds split into. A GiST trigram index: it walks words nearest to a typo first (ORDER BY <->),
 * and serves prefix completions (LIKE) too.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_gist_idx").using("gist", sql`${t.word} gist_trgm_ops`),
]);

/** A click on a search result: which search led to which product. */
export const searchConversionClicks = pgTable(
  "search_conversion_clicks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    searchUuid: uuid("search_uuid").notNull(),
    clickedAt: timestamp("clicked_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("search_conversion_clicks_search_idx").on(t.searchUuid)],
);
