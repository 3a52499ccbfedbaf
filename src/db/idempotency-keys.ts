import { and, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { idempotencyKeys } from "./schema/orders.ts";

/** The statements behind Idempotency-Key: claimed in the transaction that does the work, answered once known. */
export function idempotencyKeyStatements(db: Db) {
  return {
    /** Claims the key for this request; the stored row when another request had it first. */
    async claimIdempotencyKey(scope: string, key: string, requestHash: string) {
      const claimed = await db.insert(idempotencyKeys).values({ scope, key, requestHash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) return null;
      // The conflicting insert waited for the other transaction to commit, so its row is there to read.
      const [existing] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return existing!;
    },
    async storeIdempotentResponse(scope: string, key: string, status: number, body: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },
    async idempotentResponse(scope: string, key: string) {
      const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return row;
    },
  };
}
