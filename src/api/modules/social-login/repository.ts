import { and, asc, count, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customerIdentities, customers, socialLoginStates } from "../../../db/schema/accounts.ts";
import { claimUnconfirmedAccount, insertPasswordlessCustomer } from "../../../db/social-accounts.ts";

export interface LoginStateRow {
  provider: string;
  nonce: string;
  codeVerifier: string;
  nextTarget: string;
  pendingAction: string | null;
  expiresAt: string;
}

export interface IdentityRow {
  provider: string;
  subject: string;
  customerUuid: string;
  email: string | null;
  emailVerified: boolean;
}

export interface SocialCustomer {
  uuid: string;
  emailVerifiedAt: string | null;
}

/** Expired states deleted whenever a login starts: more than one, so deletions outpace new rows. */
const EXPIRED_STATES_PER_START = 20;

export function createSocialLoginRepository(db: Db) {
  return {
    async insertState(row: LoginStateRow & { stateHash: string }): Promise<void> {
      await db.insert(socialLoginStates).values(row);
    },

    /** Deletes the state and returns it, so a second callback with it finds nothing. */
    async takeState(stateHash: string): Promise<LoginStateRow | undefined> {
      const [row] = await db
        .delete(socialLoginStates)
        .where(eq(socialLoginStates.stateHash, stateHash))
        .returning({
          provider: socialLoginStates.provider,
          nonce: socialLoginStates.nonce,
          codeVerifier: socialLoginStates.codeVerifier,
          nextTarget: socialLoginStates.nextTarget,
          pendingAction: socialLoginStates.pendingAction,
          expiresAt: socialLoginStates.expiresAt,
        });
      return row;
    },

    async deleteExpiredStates(now: Date): Promise<void> {
      const expired = db
        .select({ stateHash: socialLoginStates.stateHash })
        .from(socialLoginStates)
        .where(lte(socialLoginStates.expiresAt, now.toISOString()))
        .orderBy(socialLoginStates.expiresAt)
        .limit(EXPIRED_STATES_PER_START)
        .for("update", { skipLocked: true });
      await db.delete(socialLoginStates).where(inArray(socialLoginStates.stateHash, expired));
    },

    async findIdentity(provider: string, subject: string): Promise<IdentityRow | undefined> {
      const [row] = await db
        .select({
          provider: customerIdentities.provider,
          subject: customerIdentities.subject,
          customerUuid: customerIdentities.customerUuid,
          email: customerIdentities.email,
          emailVerified: customerIdentities.emailVerified,
        })
        .from(customerIdentities)
        .where(and(eq(customerIdentities.provider, provider), eq(customerIdentities.subject, subject)));
      return row;
    },

    /** Links the identity unless it is linked already (a parallel callback); the link that holds is returned. */
    async linkIdentity(row: IdentityRow): Promise<IdentityRow | undefined> {
      await db.insert(customerIdentities).values(row).onConflictDoNothing();
      return this.findIdentity(row.provider, row.subject);
    },

    async findCustomerByEmail(email: string): Promise<SocialCustomer | undefined> {
      const [row] = await db.select({ uuid: customers.uuid, emailVerifiedAt: customers.emailVerifiedAt }).from(customers).where(eq(customers.email, email));
      return row;
    },

    /** An account without a password (the accounts module's function); undefined when the address was taken meanwhile. */
    insertCustomer: (row: Parameters<typeof insertPasswordlessCustomer>[1]) => insertPasswordlessCustomer(db, row),

    /** The customer's own identities only. */
    async identitiesOf(customerUuid: string) {
      return db
        .select({ provider: customerIdentities.provider, subject: customerIdentities.subject, email: customerIdentities.email, createdAt: customerIdentities.createdAt })
        .from(customerIdentities)
        .where(eq(customerIdentities.customerUuid, customerUuid))
        .orderBy(asc(customerIdentities.createdAt), asc(customerIdentities.provider));
    },

    /**
     * Removes one of the customer's identities unless it is their last way to log in (no password,
     * no other identity). The customer's row is locked, so two removals at once cannot both pass.
     */
    async unlinkIdentity(customerUuid: string, provider: string, subject: string): Promise<"removed" | "not-found" | "last-login"> {
      return db.transaction(async (tx) => {
        const [customer] = await tx.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.uuid, customerUuid)).for("update");
        const mine = and(eq(customerIdentities.customerUuid, customerUuid), eq(customerIdentities.provider, provider), eq(customerIdentities.subject, subject));
        const [found] = await tx.select({ provider: customerIdentities.provider }).from(customerIdentities).where(mine);
        if (!customer || !found) return "not-found";
        const [linked] = await tx.select({ n: count() }).from(customerIdentities).where(eq(customerIdentities.customerUuid, customerUuid));
        if (!customer.passwordHash && (linked?.n ?? 0) <= 1) return "last-login";
        await tx.delete(customerIdentities).where(mine);
        return "removed";
      });
    },

    /** The provider proved an unconfirmed account's address: it is taken over (the accounts module's function). */
    claimUnconfirmedAccount: (customerUuid: string, now: Date) => claimUnconfirmedAccount(db, customerUuid, now),
  };
}

export type SocialLoginRepository = ReturnType<typeof createSocialLoginRepository>;
