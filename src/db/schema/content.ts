import { index, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A bar of news above the header, in every language, until validTo. */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    text: jsonb("text").$type<Record<string, string>>().notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    validTo: timestamp("valid_to", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("announcements_valid_idx").on(t.validTo)],
);

/** Editorial text shown on a page (a category's SEO block), per identifier and language. */
export const seoBlocks = pgTable(
  "seo_blocks",
  {
    identifier: text("identifier").notNull(),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    /** Paragraphs separated by blank lines; plain text, never HTML. */
    body: text("body").notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.locale] })],
);
