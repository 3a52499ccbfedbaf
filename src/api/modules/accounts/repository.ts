import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers, loginFailuresByClient, loginFailuresByEmail, sessions } from "../../../db/schema/accounts.ts";

const customerColumns = { uuid: customers.uuid, email: customers.email, locale: customers.locale, createdAt: customers.createdAt };
export type CustomerRow = { uuid: string; email: string; locale: string; createdAt: string };

/** The two login counters: one (e-mail, client address) pair, and one e-mail from all addresses. */
export type LoginCounter = "client" | "email";
const loginCounters = { client: loginFailuresByClient, email: loginFailuresByEmail };
/** Expired counters deleted whenever a counter starts: more than one, so deletions outpace new rows. */
const EXPIRED_COUNTERS_PER_START = 20;

function createLoginCounterRepository(db: Db) {
  return {
    /**
     * Counts one attempt in one statement, unless the counter's wait is still running: the new
     * count, or undefined when refused. The row stays locked until the transaction ends, so
     * concurrent attempts queue behind it and see its count. An expired counter starts at 1.
     */
    async countLoginAttempt(counter: LoginCounter, key: string, now: Date, expiresAt: Date): Promise<number | undefined> {
      const t = loginCounters[counter];
      const at = now.toISOString();
      const [row] = await db
        .insert(t)
        .values({ key, failures: 1, nextAttemptAt: at, expiresAt: expiresAt.toISOString() })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            failures: sql`case when ${t.expiresAt} <= ${at} then 1 else ${t.failures} + 1 end`,
            nextAttemptAt: at,
            expiresAt: expiresAt.toISOString(),
          },
          setWhere: sql`${t.nextAttemptAt} <= ${at}`,
        })
        .returning({ failures: t.failures });
      return row?.failures;
    },

    /** The wait after the attempt just counted; in the same transaction, while the row is locked. */
    async setLoginWait(counter: LoginCounter, key: string, times: { nextAttemptAt: Date; expiresAt: Date }): Promise<void> {
      const t = loginCounters[counter];
      await db.update(t).set({ nextAttemptAt: times.nextAttemptAt.toISOString(), expiresAt: times.expiresAt.toISOString() }).where(eq(t.key, key));
    },

    async loginNextAttemptAt(counter: LoginCounter, key: string): Promise<Date | undefined> {
      const t = loginCounters[counter];
      const [row] = await db.select({ nextAttemptAt: t.nextAttemptAt }).from(t).where(eq(t.key, key));
      return row ? new Date(row.nextAttemptAt) : undefined;
    },

    /** A successful login: this pair starts afresh; its attempt no longer counts against the e-mail. */
    async forgetSuccessfulAttempt(keys: { client: string; email: string }): Promise<void> {
      await db.delete(loginFailuresByClient).where(eq(loginFailuresByClient.key, keys.client));
      await db
        .update(loginFailuresByEmail)
        .set({ failures: sql`greatest(${loginFailuresByEmail.failures} - 1, 0)` })
        .where(eq(loginFailuresByEmail.key, keys.email));
    },

    /** A few expired counters, oldest first; rows another request holds are skipped, not waited for. */
    async deleteExpiredLoginCounters(counter: LoginCounter, now: Date): Promise<void> {
      const t = loginCounters[counter];
      const expired = db
        .select({ key: t.key })
        .from(t)
        .where(lte(t.expiresAt, now.toISOString()))
        .orderBy(t.expiresAt)
        .limit(EXPIRED_COUNTERS_PER_START)
        .for("update", { skipLocked: true });
      await db.delete(t).where(inArray(t.key, expired));
    },
  };
}
type LoginCounterRepository = ReturnType<typeof createLoginCounterRepository>;

export function createAccountRepository(db: Db) {
  return {
    /** Creates the account; undefined when the address already has one. */
    async insertCustomer(row: { email: string; passwordHash: string; locale: string }): Promise<CustomerRow | undefined> {
      const [created] = await db.insert(customers).values(row).onConflictDoNothing({ target: customers.email }).returning(customerColumns);
      return created;
    },

    async findForLogin(email: string) {
      const [row] = await db
        .select({ ...customerColumns, passwordHash: customers.passwordHash })
        .from(customers)
        .where(eq(customers.email, email));
      return row;
    },

    ...createLoginCounterRepository(db),

    /** Runs `work` in one transaction, with the login counters bound to it. */
    loginCountersInTransaction<T>(work: (counters: LoginCounterRepository) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createLoginCounterRepository(tx as unknown as Db)));
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
