import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers, sessions } from "./accounts.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/**
 * A customer account that works in the back-office, with its roles and its second factor. An
 * inactive member keeps the row (the audit log names them) but is a customer like any other.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    customerUuid: uuid("customer_uuid")
      .primaryKey()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    /** receiving, grading, fulfilment, finance, support, admin: one or several (checked). */
    roles: text("roles").array().notNull(),
    active: boolean("active").notNull().default(true),
    /** The TOTP app's shared secret (Base32); set at enrolment, confirmed by the first code. */
    totpSecret: text("totp_secret"),
    totpConfirmedAt: at("totp_confirmed_at"),
    /** The time step of the last code accepted: a code works once, even within its 30 seconds. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("staff_members_roles", sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ array['receiving','grading','fulfilment','finance','support','admin']::text[]`),
  ],
);

/**
 * What the back-office knows of a staff member's session beyond the login: when the second factor
 * was given (finance actions want it recent) and when the session was last used (it ends after 30
 * idle minutes). Goes with the session.
 */
export const staffSessions = pgTable("staff_sessions", {
  tokenHash: text("token_hash")
    .primaryKey()
    .references(() => sessions.tokenHash, { onDelete: "cascade" }),
  secondFactorAt: at("second_factor_at").notNull(),
  lastActiveAt: at("last_active_at").notNull(),
});

/**
 * A staff member's passkey (WebAuthn): the credential's public key and signature counter, as
 * @simplewebauthn/server verified them at registration. Base64url text, as the library speaks it.
 */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    credentialId: text("credential_id").primaryKey(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => staffMembers.customerUuid, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter: an assertion must raise it (where the authenticator counts at all). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [index("staff_passkeys_member_idx").on(t.customerUuid)],
);

/**
 * The challenge a session's passkey ceremony signs, one per session at a time: in the database so
 * that any instance may check the answer, taken (deleted) when checked so that it works once.
 */
export const staffWebauthnChallenges = pgTable(
  "staff_webauthn_challenges",
  {
    tokenHash: text("token_hash")
      .primaryKey()
      .references(() => sessions.tokenHash, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["registration", "authentication"] }).notNull(),
    challenge: text("challenge").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [check("staff_webauthn_challenges_purpose", sql`${t.purpose} in ('registration', 'authentication')`)],
);

/** An admin's invitation by mailed link: only the link secret's hash is kept, and it works once. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    roles: text("roles").array().notNull(),
    invitedBy: uuid("invited_by")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
  },
  (t) => [index("staff_invitations_email_idx").on(t.email)],
);

/**
 * Every staff action: who, when, what, on which entity, the entity before and after, and the
 * request. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE for every role, the
 * application's included (migration 0029).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorUuid: uuid("actor_uuid").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id").notNull(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.at.desc()),
    index("audit_log_actor_idx").on(t.actorUuid, t.at.desc()),
  ],
);
