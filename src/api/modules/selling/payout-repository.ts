import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { batchRefundTransfers, dueRefundTransfers, joinRefundTransfers, markRefundTransfersSent } from "../../../db/refund-transfers.ts";
import { orderRefunds } from "../../../db/schema/orders.ts";
import { payoutBatches, payouts, sales } from "../../../db/schema/selling.ts";

/** A payout with what sending it needs: the sale, the seller and the account. */
const payoutColumns = {
  saleUuid: payouts.saleUuid,
  saleNumber: sales.number,
  sellerEmail: customers.email,
  method: payouts.method,
  amount: payouts.amount,
  status: payouts.status,
  batchId: payouts.batchId,
  account: sales.payoutAccount,
  settledAt: payouts.createdAt,
};

function payoutsWith(db: Db) {
  return db.select(payoutColumns).from(payouts).innerJoin(sales, eq(sales.uuid, payouts.saleUuid)).innerJoin(customers, eq(customers.uuid, sales.customerUuid));
}

export type PayoutRow = Awaited<ReturnType<ReturnType<typeof payoutsWith>["execute"]>>[number];

/** The payout batches' statements, inside the caller's transaction (spread into the sale writer). */
export function payoutBatchStatements(db: Db) {
  return {
    /**
     * A new batch of the given due payouts (every due one without a list): each payout joins it
     * only if it is due and in no batch yet, in one statement, so two finance people batching at
     * once never put a sale in both. The batch's total is the sum of what joined; undefined when
     * nothing did.
     */
    async createPayoutBatch(createdBy: string, saleUuids: readonly string[] | undefined): Promise<{ id: number; total: number; saleUuids: string[]; refunds: number } | undefined> {
      const [batch] = await db.insert(payoutBatches).values({ createdBy, total: 0 }).returning({ id: payoutBatches.id });
      const joined = await db
        .update(payouts)
        .set({ batchId: batch!.id })
        .where(and(eq(payouts.status, "pending"), isNull(payouts.batchId), saleUuids ? inArray(payouts.saleUuid, [...saleUuids]) : undefined))
        .returning({ saleUuid: payouts.saleUuid });
      // A batch of everything due also takes the customers' refunds to be transferred (the orders module's function).
      const refunded = saleUuids ? 0 : await joinRefundTransfers(db, batch!.id);
      if (joined.length === 0 && refunded === 0) return undefined;
      // The total is the database's sum of the rows that joined, not a sum carried over from elsewhere.
      const [written] = await db
        .update(payoutBatches)
        .set({
          total: sql`(select coalesce(sum(${payouts.amount}), 0)::int from ${payouts} where ${payouts.batchId} = ${batch!.id})
            + (select coalesce(sum(${orderRefunds.amount}), 0)::int from ${orderRefunds} where ${orderRefunds.batchId} = ${batch!.id})`,
        })
        .where(eq(payoutBatches.id, batch!.id))
        .returning({ total: payoutBatches.total });
      return { id: batch!.id, total: written!.total, saleUuids: joined.map((p) => p.saleUuid), refunds: refunded };
    },
    batchRefundTransfers: (id: number) => batchRefundTransfers(db, id),
    markRefundTransfersSent: (id: number) => markRefundTransfersSent(db, id),
    async lockPayoutBatch(id: number) {
      const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for("update");
      return row;
    },
    async markPayoutBatchExecuted(id: number, by: string, at: Date): Promise<void> {
      await db.update(payoutBatches).set({ executedAt: at.toISOString(), executedBy: by }).where(eq(payoutBatches.id, id));
    },
    batchPayouts: (id: number) => payoutsWith(db).where(eq(payouts.batchId, id)).orderBy(asc(sales.number)),
    /** The bank sent a payout back: no longer sent, not due either until the seller corrects the account. False when it was not sent. */
    async markPayoutReturned(saleUuid: string): Promise<boolean> {
      const rows = await db.update(payouts).set({ status: "returned", sentAt: null }).where(and(eq(payouts.saleUuid, saleUuid), eq(payouts.status, "sent"))).returning({ saleUuid: payouts.saleUuid });
      return rows.length === 1;
    },
    /**
     * The seller's corrected account for a returned payout: due again, in a batch still to be made
     * (the returned batch keeps its record in the audit log). False when the payout was not returned.
     */
    async correctPayoutAccount(saleUuid: string, method: (typeof payouts.$inferSelect)["method"], account: (typeof sales.$inferSelect)["payoutAccount"]): Promise<boolean> {
      const rows = await db
        .update(payouts)
        .set({ status: "pending", method, batchId: null })
        .where(and(eq(payouts.saleUuid, saleUuid), eq(payouts.status, "returned")))
        .returning({ saleUuid: payouts.saleUuid });
      if (rows.length === 0) return false;
      await db.update(sales).set({ payoutMethod: method, payoutAccount: account, updatedAt: sql`now()` }).where(eq(sales.uuid, saleUuid));
      return true;
    },
  };
}

/** The back-office's reads of payouts and batches. */
export function payoutReads(db: Db) {
  return {
    dueRefundTransfers: () => dueRefundTransfers(db),
    batchRefundTransfers: (id: number) => batchRefundTransfers(db, id),
    duePayouts: () => payoutsWith(db).where(and(eq(payouts.status, "pending"), isNull(payouts.batchId))).orderBy(asc(payouts.createdAt), asc(sales.number)),
    async payoutBatch(id: number) {
      const [row] = await db
        .select({ id: payoutBatches.id, createdAt: payoutBatches.createdAt, createdByEmail: customers.email, executedAt: payoutBatches.executedAt, total: payoutBatches.total })
        .from(payoutBatches)
        .leftJoin(customers, eq(customers.uuid, payoutBatches.createdBy))
        .where(eq(payoutBatches.id, id));
      return row;
    },
    async payoutBatches() {
      return db
        .select({
          id: payoutBatches.id,
          createdAt: payoutBatches.createdAt,
          createdByEmail: customers.email,
          executedAt: payoutBatches.executedAt,
          total: payoutBatches.total,
          count: sql<number>`(select count(*)::int from ${payouts} where ${payouts.batchId} = ${payoutBatches.id})`,
          bankTransfers: sql<number>`(select count(*)::int from ${payouts} where ${payouts.batchId} = ${payoutBatches.id} and ${payouts.method} = 'bank_transfer')
            + (select count(*)::int from ${orderRefunds} where ${orderRefunds.batchId} = ${payoutBatches.id})`,
        })
        .from(payoutBatches)
        .leftJoin(customers, eq(customers.uuid, payoutBatches.createdBy))
        .orderBy(desc(payoutBatches.id))
        .limit(100);
    },
  };
}
