import { sql } from "drizzle-orm";
import { check, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const newsletterStatus = pgEnum("newsletter_status", ["pending", "active"]);

/**
 * One row per address (double opt-in): pending until the link in the confirmation mail is
 * followed. Only a hash of the token is stored, so a leaked table cannot confirm anyone.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased (checked), so the unique index makes addresses case-insensitive. */
    email: text("email").notNull(),
    source: text("source").notNull(),
    subscriptionType: text("subscription_type").notNull(),
    locale: text("locale").notNull(),
    status: newsletterStatus("status").notNull().default("pending"),
    /** sha256 (hex) of the pending confirmation token; null once confirmed. */
    tokenHash: text("token_hash").unique(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_idx").on(t.email),
    check("newsletter_subscriptions_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);
