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

/** Curated product lists: landing pages (sale, apple), theme pages and promo pages (/omg/…). */
export const landingPages = pgTable(
  "landing_pages",
  {
    kind: text("kind").$type<"landing" | "theme" | "promo">().notNull(),
    slug: text("slug").notNull(),
    title: jsonb("title").$type<Record<string, string>>().notNull(),
    intro: jsonb("intro").$type<Record<string, string>>().notNull(),
    /** The list's filters, as api_product_list_view takes them. */
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] })],
);
