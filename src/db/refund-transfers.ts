import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { bankTransfers } from "./schema/bank-transfers.ts";
import { orderRefunds, orders } from "./schema/orders.ts";

/*
 * The orders module's functions for refunds finance sends by bank transfer (orders paid by
 * transfer): the payout batches (selling) gather them into their SEPA file with the sellers'
 * payouts, and mark them sent when the bank ran the batch. Each takes the caller's transaction.
 */

/** The account the order's money came from: the latest transfer booked onto it that names one. */
const payee = sql`(select json_build_object('iban', t.debtor_iban, 'name', t.debtor_name) from ${bankTransfers} t
  where t.order_uuid = ${orderRefunds.orderUuid} and t.debtor_iban is not null order by t.id desc limit 1)`;

const columns = {
  uuid: orderRefunds.uuid,
  orderUuid: orderRefunds.orderUuid,
  orderNumber: orders.number,
  email: orders.email,
  amount: orderRefunds.amount,
  createdAt: orderRefunds.createdAt,
  payee: sql<{ iban: string; name: string | null } | null>`${payee}`,
};

function refundTransfers(db: Db) {
  return db.select(columns).from(orderRefunds).innerJoin(orders, eq(orders.uuid, orderRefunds.orderUuid));
}
export type RefundTransferRow = Awaited<ReturnType<ReturnType<typeof refundTransfers>["execute"]>>[number];

/** Refunds still to be transferred and in no batch yet, oldest first; each with the account the money came from, where known. */
export function dueRefundTransfers(db: Db): Promise<RefundTransferRow[]> {
  return refundTransfers(db)
    .where(and(eq(orderRefunds.status, "to_transfer"), isNull(orderRefunds.batchId)))
    .orderBy(asc(orderRefunds.createdAt), asc(orders.number));
}

/**
 * The due refunds whose payer's account is known join the batch, in one statement: two batches made
 * at once never both take one. The cents that joined.
 */
export async function joinRefundTransfers(db: Db, batchId: number): Promise<number> {
  const joined = await db
    .update(orderRefunds)
    .set({ batchId })
    .where(and(eq(orderRefunds.status, "to_transfer"), isNull(orderRefunds.batchId), sql`${payee} is not null`))
    .returning({ amount: orderRefunds.amount });
  return joined.reduce((sum, r) => sum + r.amount, 0);
}

export function batchRefundTransfers(db: Db, batchId: number): Promise<RefundTransferRow[]> {
  return refundTransfers(db).where(eq(orderRefunds.batchId, batchId)).orderBy(asc(orders.number));
}

/** The bank ran the batch: its refunds are sent. */
export async function markRefundTransfersSent(db: Db, batchId: number): Promise<void> {
  await db.update(orderRefunds).set({ status: "succeeded" }).where(and(eq(orderRefunds.batchId, batchId), eq(orderRefunds.status, "to_transfer")));
}
