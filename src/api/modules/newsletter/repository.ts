import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { newsletterSubscriptions } from "../../../db/schema/newsletter.ts";

export interface PendingSubscription {
  email: string;
  source: string;
  subscriptionType: string;
  locale: string;
  tokenHash: string;
}

export function createNewsletterRepository(db: Db) {
  return {
    /**
     * Creates the pending row, or gives a pending one a new token; one statement, so a
     * concurrent confirmation can never be turned back into pending.
     * Returns false when the address is already active (nothing changed).
     */
    async upsertPending(row: PendingSubscription): Promise<boolean> {
      const changed = await db
        .insert(newsletterSubscriptions)
        .values({ ...row, status: "pending" })
        .onConflictDoUpdate({
          target: newsletterSubscriptions.email,
          set: { source: row.source, subscriptionType: row.subscriptionType, locale: row.locale, tokenHash: row.tokenHash },
          setWhere: eq(newsletterSubscriptions.status, "pending"),
        })
        .returning({ id: newsletterSubscriptions.id });
      return changed.length > 0;
    },

    /** Activates the pending row holding this token hash and forgets the hash, so the link works once. */
    async statusOf(email: string): Promise<"pending" | "active" | undefined> {
      const [row] = await db.select({ status: newsletterSubscriptions.status }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
      return row?.status;
    },

    async remove(email: string): Promise<void> {
      await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    },

    async confirm(tokenHash: string, at: Date): Promise<{ email: string } | undefined> {
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ status: "active", tokenHash: null, confirmedAt: at.toISOString() })
        .where(and(eq(newsletterSubscriptions.tokenHash, tokenHash), eq(newsletterSubscriptions.status, "pending")))
        .returning({ email: newsletterSubscriptions.email });
      return row;
    },
  };
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
