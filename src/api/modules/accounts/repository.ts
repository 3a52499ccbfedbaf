import { and, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { accountMailCounters, accountTokens, customers, loginFailuresByClient, loginFailuresByEmail, sessions } from "../../../db/schema/accounts.ts";
import { buyAlerts, wishlistItems } from "../../../db/schema/alerts.ts";
import { cartItems, carts } from "../../../db/schema/orders.ts";
import { staffMembers } from "../../../db/schema/staff.ts";

const customerColumns = {
  uuid: customers.uuid,
  email: customers.email,
  locale: customers.locale,
  firstName: customers.firstName,
  lastName: customers.lastName,
  emailVerifiedAt: customers.emailVerifiedAt,
  emailUndeliverableAt: customers.emailUndeliverableAt,
  /** An active member of the back-office (staff_members, the staff module's table). */
  staff: sql<boolean>`exists (select 1 from ${staffMembers} where ${staffMembers.customerUuid} = ${customers.uuid} and ${staffMembers.active})`,
  createdAt: customers.createdAt,
};
export type CustomerRow = {
  uuid: string;
  email: string;
  locale: string;
  firstName: string | null;
  lastName: string | null;
  emailVerifiedAt: string | null;
  emailUndeliverableAt: string | null;
  staff: boolean;
  createdAt: string;
};
/**
 * The header's badges of a signed-in customer, read with the session in the same statement, since
 * every page of a customer shows them: waiting buy alerts and wishlist items (the alerts module's
 * tables) and the lines of the customer's cart (the cart module's). Reads only; those modules own the writes.
 */
const badgeColumns = {
  buyAlerts: sql<number>`(select count(*)::int from ${buyAlerts} where ${buyAlerts.customerUuid} = ${customers.uuid} and ${buyAlerts.notifiedAt} is null)`,
  wishlistItems: sql<number>`(select count(*)::int from ${wishlistItems} where ${wishlistItems.customerUuid} = ${customers.uuid})`,
  cartItems: sql<number>`(select count(*)::int from ${cartItems} inner join ${carts} on ${carts.uuid} = ${cartItems.cartUuid} where ${carts.customerUuid} = ${customers.uuid})`,
};
export type CustomerBadges = { buyAlerts: number; wishlistItems: number; cartItems: number };

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
export interface TokenRow {
  purpose: TokenPurpose;
  customerUuid: string;
  email: string;
  expiresAt: string;
}
const tokenColumns = { purpose: accountTokens.purpose, customerUuid: accountTokens.customerUuid, email: accountTokens.email, expiresAt: accountTokens.expiresAt };

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

function createAccountQueries(db: Db) {
  // Asked by every API call of a signed-in customer: built and prepared once.
  const customerOfSessionStatement = db
    .select({ ...customerColumns, ...badgeColumns })
    .from(sessions)
    .innerJoin(customers, eq(customers.uuid, sessions.customerUuid))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare("customer_of_session");
  return {
    /** Creates the account; undefined when the address already has one. */
    async insertCustomer(row: { email: string; passwordHash: string; locale: string }): Promise<CustomerRow | undefined> {
      const [created] = await db.insert(customers).values(row).onConflictDoNothing({ target: customers.email }).returning(customerColumns);
      return created;
    },

    async findForLogin(email: string): Promise<(CustomerRow & { passwordHash: string | null }) | undefined> {
      const [row] = await db
        .select({ ...customerColumns, passwordHash: customers.passwordHash })
        .from(customers)
        .where(eq(customers.email, email));
      return row;
    },

    async findByUuid(uuid: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select(customerColumns).from(customers).where(eq(customers.uuid, uuid));
      return row;
    },

    /** The row, locked until the transaction ends: changes of one account's address or defaults queue behind each other. */
    async lockCustomer(uuid: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select(customerColumns).from(customers).where(eq(customers.uuid, uuid)).for("update");
      return row;
    },

    async emailTaken(email: string, exceptUuid: string): Promise<boolean> {
      const [row] = await db
        .select({ uuid: customers.uuid })
        .from(customers)
        .where(and(eq(customers.email, email), ne(customers.uuid, exceptUuid)));
      return row !== undefined;
    },

    ...createLoginCounterRepository(db),

    /** Runs `work` in one transaction, with the login counters bound to it. */
    loginCountersInTransaction<T>(work: (counters: LoginCounterRepository) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createLoginCounterRepository(tx as unknown as Db)));
    },

    async updateLocale(uuid: string, locale: string): Promise<void> {
      await db.update(customers).set({ locale }).where(eq(customers.uuid, uuid));
    },

    async updateProfile(uuid: string, profile: { firstName: string | null; lastName: string | null }): Promise<void> {
      await db.update(customers).set(profile).where(eq(customers.uuid, uuid));
    },

    async updatePassword(uuid: string, passwordHash: string): Promise<void> {
      await db.update(customers).set({ passwordHash }).where(eq(customers.uuid, uuid));
    },

    /**
     * A new password through a link mailed to `email`: only while the account still has that
     * address, which the link has then proven.
     */
    async resetPassword(uuid: string, email: string, passwordHash: string, at: Date): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ passwordHash, emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${at.toISOString()})` })
        .where(and(eq(customers.uuid, uuid), eq(customers.email, email)))
        .returning(customerColumns);
      return row;
    },

    /** The address is proven, if the account still has it. */
    async markVerified(uuid: string, email: string, at: Date): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${at.toISOString()})` })
        .where(and(eq(customers.uuid, uuid), eq(customers.email, email)))
        .returning(customerColumns);
      return row;
    },

    /** A proven new address: verified, and deliverable until a mail to it bounces. */
    async changeEmail(uuid: string, email: string, at: Date): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ email, emailVerifiedAt: at.toISOString(), emailUndeliverableAt: null })
        .where(eq(customers.uuid, uuid))
        .returning(customerColumns);
      return row;
    },

    async markUndeliverable(email: string, at: Date): Promise<void> {
      await db
        .update(customers)
        .set({ emailUndeliverableAt: at.toISOString() })
        .where(and(eq(customers.email, email), isNull(customers.emailUndeliverableAt)));
    },

    async insertSession(row: { tokenHash: string; customerUuid: string; expiresAt: string }): Promise<void> {
      await db.insert(sessions).values(row);
    },

    async customerOfSession(tokenHash: string, now: Date): Promise<(CustomerRow & CustomerBadges) | undefined> {
      const [row] = await customerOfSessionStatement.execute({ tokenHash, now: now.toISOString() });
      return row;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Every session of the customer, or every one but `keepTokenHash`. */
    async deleteSessions(customerUuid: string, keepTokenHash?: string): Promise<void> {
      const others = keepTokenHash === undefined ? undefined : ne(sessions.tokenHash, keepTokenHash);
      await db.delete(sessions).where(and(eq(sessions.customerUuid, customerUuid), others));
    },

    /** Expired sessions of this customer go when a new one starts, so the table does not grow forever. */
    async deleteExpiredSessions(customerUuid: string, now: Date): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.customerUuid, customerUuid), lte(sessions.expiresAt, now.toISOString())));
    },

    async insertToken(row: { tokenHash: string; purpose: TokenPurpose; customerUuid: string; email: string; expiresAt: Date }): Promise<void> {
      await db.insert(accountTokens).values({ ...row, expiresAt: row.expiresAt.toISOString() });
    },

    async findToken(tokenHash: string, purposes: TokenPurpose[]): Promise<TokenRow | undefined> {
      const [row] = await db
        .select(tokenColumns)
        .from(accountTokens)
        .where(and(eq(accountTokens.tokenHash, tokenHash), inArray(accountTokens.purpose, purposes)));
      return row;
    },

    /** Deletes the token and answers what it was: of two requests with one link, only one gets it. */
    async takeToken(tokenHash: string, purposes: TokenPurpose[]): Promise<TokenRow | undefined> {
      const [row] = await db
        .delete(accountTokens)
        .where(and(eq(accountTokens.tokenHash, tokenHash), inArray(accountTokens.purpose, purposes)))
        .returning(tokenColumns);
      return row;
    },

    async deleteTokens(customerUuid: string, purposes: TokenPurpose[]): Promise<void> {
      await db.delete(accountTokens).where(and(eq(accountTokens.customerUuid, customerUuid), inArray(accountTokens.purpose, purposes)));
    },

    /** A few expired tokens, whenever one is issued: more than one, so deletions outpace new rows. */
    async deleteExpiredTokens(now: Date): Promise<void> {
      const expired = db
        .select({ tokenHash: accountTokens.tokenHash })
        .from(accountTokens)
        .where(lte(accountTokens.expiresAt, now.toISOString()))
        .orderBy(accountTokens.expiresAt)
        .limit(EXPIRED_COUNTERS_PER_START)
        .for("update", { skipLocked: true });
      await db.delete(accountTokens).where(inArray(accountTokens.tokenHash, expired));
    },

    /**
     * Counts one mail asked for under `key` in one statement: the count in the current window and
     * when the window ends. An ended window starts again at 1.
     */
    async countMailRequest(key: string, now: Date, windowEndsAt: Date): Promise<{ count: number; expiresAt: string }> {
      const t = accountMailCounters;
      const at = now.toISOString();
      const ended = sql`${t.expiresAt} <= ${at}`;
      const [row] = await db
        .insert(t)
        .values({ key, count: 1, expiresAt: windowEndsAt.toISOString() })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`case when ${ended} then 1 else ${t.count} + 1 end`,
            expiresAt: sql`case when ${ended} then ${windowEndsAt.toISOString()}::timestamptz else ${t.expiresAt} end`,
          },
        })
        .returning({ count: t.count, expiresAt: t.expiresAt });
      return row!;
    },

    async deleteExpiredMailCounters(now: Date): Promise<void> {
      const t = accountMailCounters;
      const expired = db.select({ key: t.key }).from(t).where(lte(t.expiresAt, now.toISOString())).orderBy(t.expiresAt).limit(EXPIRED_COUNTERS_PER_START).for("update", { skipLocked: true });
      await db.delete(t).where(inArray(t.key, expired));
    },
  };
}
type AccountQueries = ReturnType<typeof createAccountQueries>;

export function createAccountRepository(db: Db) {
  return {
    ...createAccountQueries(db),
    /** Runs `work` in one transaction, with the repository's queries bound to it. */
    transaction<T>(work: (tx: AccountQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createAccountQueries(tx as unknown as Db)));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
