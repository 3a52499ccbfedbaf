import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A customer account. The password hash is null for accounts that only sign in through a
 * social provider.
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

/**
 * Login attempts counted per throttle key, in the database so every instance sees the same
 * counts. Keys are hashes, so the tables hold no e-mail or client address in clear, and an
 * e-mail without an account is counted exactly like one with.
 */
function loginFailureColumns() {
  return {
    key: text("key").primaryKey(),
    /** Attempts counted (each one before its password is checked) and not yet succeeded. */
    failures: integer("failures").notNull(),
    /** No attempt is checked before this time. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" }).notNull(),
    /** After this the counter starts anew, and the row may be deleted. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  };
}

/** Keyed by a hash of (lower-cased e-mail, client address). */
export const loginFailuresByClient = pgTable("login_failures_by_client", loginFailureColumns(), (t) => [
  index("login_failures_by_client_expires_idx").on(t.expiresAt),
]);

/** Keyed by a hash of the lower-cased e-mail alone: all addresses together. */
export const loginFailuresByEmail = pgTable("login_failures_by_email", loginFailureColumns(), (t) => [
  index("login_failures_by_email_expires_idx").on(t.expiresAt),
]);
