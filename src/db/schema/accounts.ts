import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

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
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** When the owner of the address proved it by a mailed link; null until then. */
    emailVerifiedAt: at("email_verified_at"),
    /** When a mail to the address bounced for good; cleared when the address changes. */
    emailUndeliverableAt: at("email_undeliverable_at"),
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

export const accountTokenPurpose = pgEnum("account_token_purpose", ["password_reset", "email_verification", "email_change"]);

/**
 * A mailed link's secret: only its hash is stored, and it is deleted when used, so it works
 * once. `email` is the address the link was sent to; a link for an address the account no
 * longer has (or, for a change, the address to switch to) is checked against it.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: accountTokenPurpose("purpose").notNull(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("account_tokens_customer_idx").on(t.customerUuid, t.purpose), index("account_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Mails asked for per address and purpose (password reset, registration), counted in a fixed
 * window so that no form can flood a mailbox. Keyed by a hash, like the login counters, and
 * counted alike for addresses with and without an account.
 */
export const accountMailCounters = pgTable(
  "account_mail_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** The window ends here: the next request starts a new one, and the row may be deleted. */
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("account_mail_counters_expires_idx").on(t.expiresAt)],
);

/** An account at a social login provider (its stable subject id), linked to a customer. */
export const customerIdentities = pgTable(
  "customer_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    /** The address the provider reported, and whether the provider vouches for it. */
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("customer_identities_customer_idx").on(t.customerUuid)],
);

/**
 * A social login under way: what the callback must check against. Only a hash of the state is
 * stored; the row is deleted when the callback takes it, so it works once.
 */
export const socialLoginStates = pgTable(
  "social_login_states",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** Where the browser goes after the login; already checked as a safe target. */
    nextTarget: text("next_target").notNull(),
    /** The action that needed the login (pending-action.ts's text form), run right after it. */
    pendingAction: text("pending_action"),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("social_login_states_expires_idx").on(t.expiresAt)],
);
