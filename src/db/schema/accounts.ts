import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A customer account. The password hash is null for accounts that only sign in through a
 * social provider. Failed logins are counted on the row, so every instance sees the same lock.
 */
export const customers = pgTable(
  "customers",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    /** Lower-cased (checked), so the unique index makes addresses case-insensitive. */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    /** Language of mails and of the storefront after login. */
    locale: text("locale").notNull().default("de"),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customers_email_idx").on(t.email), check("customers_email_lower", sql`${t.email} = lower(${t.email})`)],
);

/** A signed-in browser. Only a hash of the cookie's token is stored, so a leaked table signs no one in. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("sessions_customer_idx").on(t.customerUuid)],
);
