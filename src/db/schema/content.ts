import { index, jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";

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
