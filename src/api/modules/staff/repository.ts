import { and, count, desc, eq, gt, gte, isNull, like, lte, sql, type SQL } from "drizzle-orm";
import { containsText } from "../../../db/text-search.ts";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { auditLog, staffInvitations, staffMembers, staffPasskeys, staffSessions, staffWebauthnChallenges } from "../../../db/schema/staff.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import type { AuditQuery } from "./schemas.ts";

export interface StaffMemberRow {
  customerUuid: string;
  email: string;
  roles: StaffRole[];
  active: boolean;
  totpSecret: string | null;
  totpConfirmedAt: string | null;
  totpLastStep: number | null;
  passkeys: number;
  createdAt: string;
}

export type PasskeyRow = typeof staffPasskeys.$inferSelect;
export type PasskeyCeremony = (typeof staffWebauthnChallenges.$inferSelect)["purpose"];

const memberColumns = {
  customerUuid: staffMembers.customerUuid,
  email: customers.email,
  roles: sql<StaffRole[]>`${staffMembers.roles}`,
  active: staffMembers.active,
  totpSecret: staffMembers.totpSecret,
  totpConfirmedAt: staffMembers.totpConfirmedAt,
  totpLastStep: staffMembers.totpLastStep,
  passkeys: sql<number>`(select count(*)::int from ${staffPasskeys} where ${staffPasskeys.customerUuid} = ${staffMembers.customerUuid})`,
  createdAt: staffMembers.createdAt,
};

export const AUDIT_PAGE_SIZE = 50;

export function createStaffRepository(db: Db) {
  return {
    /** The work and its audit rows in one transaction: both happen, or neither. */
    inTransaction<T>(work: (writer: StaffRepository) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createStaffRepository(tx as unknown as Db)));
    },

    /** Appends a staff action's audit row in this repository's transaction. */
    audit(actor: AuditActor, entry: AuditEntry): Promise<void> {
      return appendAudit(db, actor, entry);
    },

    async member(customerUuid: string, options: { lock?: boolean } = {}): Promise<StaffMemberRow | undefined> {
      const query = db.select(memberColumns).from(staffMembers).innerJoin(customers, eq(customers.uuid, staffMembers.customerUuid)).where(eq(staffMembers.customerUuid, customerUuid));
      const [row] = options.lock ? await query.for("update", { of: staffMembers }) : await query;
      return row;
    },

    async members(): Promise<StaffMemberRow[]> {
      return db.select(memberColumns).from(staffMembers).innerJoin(customers, eq(customers.uuid, staffMembers.customerUuid)).orderBy(customers.email);
    },

    /** Active admins other than this member, locked: the last admin cannot be demoted or deactivated. */
    async otherActiveAdmins(customerUuid: string): Promise<number> {
      const rows = await db
        .select({ uuid: staffMembers.customerUuid })
        .from(staffMembers)
        .where(and(eq(staffMembers.active, true), sql`'admin' = any(${staffMembers.roles})`, sql`${staffMembers.customerUuid} <> ${customerUuid}`))
        .for("update");
      return rows.length;
    },

    async updateMember(customerUuid: string, change: { roles?: StaffRole[]; active?: boolean }, now: Date): Promise<void> {
      await db
        .update(staffMembers)
        .set({ ...change, updatedAt: now.toISOString() })
        .where(eq(staffMembers.customerUuid, customerUuid));
    },

    /** Makes the account staff with these roles (again active, if it was before). */
    async upsertMember(customerUuid: string, roles: StaffRole[], now: Date): Promise<void> {
      await db
        .insert(staffMembers)
        .values({ customerUuid, roles })
        .onConflictDoUpdate({ target: staffMembers.customerUuid, set: { roles, active: true, updatedAt: now.toISOString() } });
    },

    async setTotpSecret(customerUuid: string, secret: string): Promise<void> {
      await db.update(staffMembers).set({ totpSecret: secret, totpConfirmedAt: null, totpLastStep: null }).where(eq(staffMembers.customerUuid, customerUuid));
    },

    /**
     * Records the code's time step as used, and confirms the enrolment with the first code. Only
     * when no later or equal step was used before: two requests with the same code, one succeeds.
     */
    async useTotpStep(customerUuid: string, step: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(staffMembers)
        .set({ totpLastStep: step, totpConfirmedAt: sql`coalesce(${staffMembers.totpConfirmedAt}, ${now.toISOString()})` })
        .where(and(eq(staffMembers.customerUuid, customerUuid), sql`(${staffMembers.totpLastStep} is null or ${staffMembers.totpLastStep} < ${step})`))
        .returning({ uuid: staffMembers.customerUuid });
      return rows.length === 1;
    },

    async staffSession(tokenHash: string): Promise<{ secondFactorAt: string; lastActiveAt: string } | undefined> {
      const [row] = await db.select({ secondFactorAt: staffSessions.secondFactorAt, lastActiveAt: staffSessions.lastActiveAt }).from(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
      return row;
    },

    async recordSecondFactor(tokenHash: string, now: Date): Promise<void> {
      const at = now.toISOString();
      await db.insert(staffSessions).values({ tokenHash, secondFactorAt: at, lastActiveAt: at }).onConflictDoUpdate({ target: staffSessions.tokenHash, set: { secondFactorAt: at, lastActiveAt: at } });
    },

    async touchSession(tokenHash: string, now: Date): Promise<void> {
      await db.update(staffSessions).set({ lastActiveAt: now.toISOString() }).where(eq(staffSessions.tokenHash, tokenHash));
    },

    async passkeys(customerUuid: string): Promise<PasskeyRow[]> {
      return db.select().from(staffPasskeys).where(eq(staffPasskeys.customerUuid, customerUuid)).orderBy(staffPasskeys.createdAt);
    },

    async insertPasskey(row: typeof staffPasskeys.$inferInsert): Promise<void> {
      await db.insert(staffPasskeys).values(row);
    },

    /**
     * Records a passkey's use with the authenticator's new signature counter. A counter that did not
     * rise (where the authenticator counts at all) means a cloned key or a replay: refused.
     */
    async usePasskey(credentialId: string, customerUuid: string, counter: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(staffPasskeys)
        .set({ counter, lastUsedAt: now.toISOString() })
        .where(
          and(
            eq(staffPasskeys.credentialId, credentialId),
            eq(staffPasskeys.customerUuid, customerUuid),
            sql`(${staffPasskeys.counter} < ${counter} or (${staffPasskeys.counter} = 0 and ${counter} = 0))`,
          ),
        )
        .returning({ id: staffPasskeys.credentialId });
      return rows.length === 1;
    },

    async deletePasskey(credentialId: string, customerUuid: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .delete(staffPasskeys)
        .where(and(eq(staffPasskeys.credentialId, credentialId), eq(staffPasskeys.customerUuid, customerUuid)))
        .returning();
      return row;
    },

    /** The session's open passkey challenge, replacing any earlier one. */
    async putChallenge(tokenHash: string, purpose: PasskeyCeremony, challenge: string, expiresAt: Date): Promise<void> {
      const values = { tokenHash, purpose, challenge, expiresAt: expiresAt.toISOString() };
      await db.insert(staffWebauthnChallenges).values(values).onConflictDoUpdate({ target: staffWebauthnChallenges.tokenHash, set: values });
    },

    /** Takes the session's open challenge of this ceremony: it works once, and not after it expired. */
    async takeChallenge(tokenHash: string, purpose: PasskeyCeremony, now: Date): Promise<string | undefined> {
      const [row] = await db
        .delete(staffWebauthnChallenges)
        .where(and(eq(staffWebauthnChallenges.tokenHash, tokenHash), eq(staffWebauthnChallenges.purpose, purpose), gt(staffWebauthnChallenges.expiresAt, now.toISOString())))
        .returning({ challenge: staffWebauthnChallenges.challenge });
      return row?.challenge;
    },

    async insertInvitation(row: { tokenHash: string; email: string; roles: StaffRole[]; invitedBy: string; expiresAt: Date }): Promise<void> {
      await db.insert(staffInvitations).values({ ...row, expiresAt: row.expiresAt.toISOString() });
    },

    async openInvitations(now: Date): Promise<{ email: string; roles: StaffRole[]; expiresAt: string }[]> {
      return db
        .select({ email: staffInvitations.email, roles: sql<StaffRole[]>`${staffInvitations.roles}`, expiresAt: staffInvitations.expiresAt })
        .from(staffInvitations)
        .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, now.toISOString())))
        .orderBy(desc(staffInvitations.createdAt));
    },

    /** The open invitation of this link, locked and marked accepted; undefined when it is unknown, used or expired. */
    async takeInvitation(tokenHash: string, now: Date): Promise<{ email: string; roles: StaffRole[] } | undefined> {
      const [row] = await db
        .update(staffInvitations)
        .set({ acceptedAt: now.toISOString() })
        .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, now.toISOString())))
        .returning({ email: staffInvitations.email, roles: sql<StaffRole[]>`${staffInvitations.roles}` });
      return row;
    },

    async auditPage(query: AuditQuery): Promise<{ rows: (typeof auditLog.$inferSelect)[]; total: number }> {
      const where: SQL[] = [];
      if (query.actor) where.push(containsText(auditLog.actorEmail, query.actor));
      // "sale." matches every sale action: a prefix, its % and _ taken literally.
      if (query.action) where.push(query.action.endsWith(".") ? like(auditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditLog.action, query.action));
      if (query.entityType) where.push(eq(auditLog.entityType, query.entityType));
      if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
      if (query.from) where.push(gte(auditLog.at, new Date(query.from).toISOString()));
      if (query.to) where.push(lte(auditLog.at, new Date(query.to).toISOString()));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.id))
          .limit(AUDIT_PAGE_SIZE)
          .offset((query.page - 1) * AUDIT_PAGE_SIZE),
        db.select({ n: count() }).from(auditLog).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

// An interface, not a type alias: inTransaction's writer is this same repository, which an alias could not name.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StaffRepository extends ReturnType<typeof createStaffRepository> {}
