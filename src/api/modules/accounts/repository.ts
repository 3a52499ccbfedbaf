import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers, sessions } from "../../../db/schema/accounts.ts";

const customerColumns = { uuid: customers.uuid, email: customers.email, locale: customers.locale, createdAt: customers.createdAt };
export type CustomerRow = { uuid: string; email: string; locale: string; createdAt: string };

export function createAccountRepository(db: Db) {
  return {
    /** Creates the account; undefined when the address already has one. */
    async insertCustomer(row: { email: string; passwordHash: string; locale: string }): Promise<CustomerRow | undefined> {
      const [created] = await db.insert(customers).values(row).onConflictDoNothing({ target: customers.email }).returning(customerColumns);
      return created;
    },

    async findForLogin(email: string) {
      const [row] = await db
        .select({ ...customerColumns, passwordHash: customers.passwordHash, failedLogins: customers.failedLogins, lockedUntil: customers.lockedUntil })
        .from(customers)
        .where(eq(customers.email, email));
      return row;
    },

    async recordLoginOutcome(uuid: string, counters: { failedLogins: number; lockedUntil: string | null }): Promise<void> {
      await db.update(customers).set(counters).where(eq(customers.uuid, uuid));
    },

    async updateLocale(uuid: string, locale: string): Promise<void> {
      await db.update(customers).set({ locale }).where(eq(customers.uuid, uuid));
    },

    async insertSession(row: { tokenHash: string; customerUuid: string; expiresAt: string }): Promise<void> {
      await db.insert(sessions).values(row);
    },

    async customerOfSession(tokenHash: string, now: Date): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select(customerColumns)
        .from(sessions)
        .innerJoin(customers, eq(customers.uuid, sessions.customerUuid))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now.toISOString())));
      return row;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Expired sessions of this customer go when a new one starts, so the table does not grow forever. */
    async deleteExpiredSessions(customerUuid: string, now: Date): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.customerUuid, customerUuid), lte(sessions.expiresAt, now.toISOString())));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
