import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { customers, sessions } from "./schema/accounts.ts";

/*
 * The accounts module's functions for social logins, each in the caller's transaction (or on its
 * own): an account a provider vouches for, and taking over an address nobody confirmed.
 */

/** An account without a password; undefined when the address was taken meanwhile. */
export async function insertPasswordlessCustomer(db: Db, row: { email: string; locale: string; firstName: string | null; lastName: string | null; emailVerifiedAt: string | null }) {
  const [created] = await db.insert(customers).values(row).onConflictDoNothing({ target: customers.email }).returning({ uuid: customers.uuid });
  return created;
}

/**
 * The provider proved the address of an account that never confirmed it: whoever registered it
 * may not own it, so their password and sessions end, and the address counts as confirmed.
 */
export async function claimUnconfirmedAccount(db: Db, customerUuid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ emailVerifiedAt: now.toISOString(), passwordHash: null }).where(eq(customers.uuid, customerUuid));
    await tx.delete(sessions).where(eq(sessions.customerUuid, customerUuid));
  });
}
