import { count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { bookTransferOnOrder, type TransferOrderRow } from "../../../db/order-transfers.ts";
import { bankStatementImports, bankTransfers } from "../../../db/schema/bank-transfers.ts";
import { orders } from "../../../db/schema/orders.ts";
import type { TransferReason, TransferState } from "../../../domain/payments/bank-transfers.ts";

export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type NewBankTransfer = typeof bankTransfers.$inferInsert;
export type StatementImportRow = typeof bankStatementImports.$inferSelect;
export type { TransferOrderRow };

/** A transfer with its order as it is now (when the number named one), and the day it was imported. */
export interface TransferWithOrder {
  transfer: BankTransferRow;
  order: { uuid: string; number: string; status: string; total: number } | null;
  importedAt: string;
}

function selectTransfers(db: Db) {
  return db
    .select({
      transfer: bankTransfers,
      orderUuid: orders.uuid,
      orderNumber: orders.number,
      orderStatus: orders.status,
      orderTotal: orders.total,
      importedAt: bankStatementImports.importedAt,
    })
    .from(bankTransfers)
    .innerJoin(bankStatementImports, eq(bankStatementImports.id, bankTransfers.importId))
    .leftJoin(orders, eq(orders.uuid, bankTransfers.orderUuid));
}

function withOrder(row: Awaited<ReturnType<ReturnType<typeof selectTransfers>["execute"]>>[number]): TransferWithOrder {
  const order = row.orderUuid && row.orderNumber && row.orderStatus && row.orderTotal !== null ? { uuid: row.orderUuid, number: row.orderNumber, status: row.orderStatus, total: row.orderTotal } : null;
  return { transfer: row.transfer, order, importedAt: row.importedAt };
}

/** Statements in an import's or a booking's transaction; the order is paid through the orders module's function (db/order-transfers.ts). */
function createTransferWriter(db: Db) {
  return {
    async insertImport(row: typeof bankStatementImports.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(bankStatementImports).values(row).returning({ id: bankStatementImports.id });
      return inserted!.id;
    },
    async setImportCounts(id: number, counts: Pick<StatementImportRow, "credits" | "added" | "known" | "skipped" | "booked">): Promise<void> {
      await db.update(bankStatementImports).set(counts).where(eq(bankStatementImports.id, id));
    },
    /** A new transfer, or undefined when this account's bank reference was imported before (nothing is written then). */
    async insertTransfer(row: NewBankTransfer): Promise<BankTransferRow | undefined> {
      const [inserted] = await db.insert(bankTransfers).values(row).onConflictDoNothing({ target: [bankTransfers.account, bankTransfers.reference] }).returning();
      return inserted;
    },
    async setOutcome(id: number, outcome: { state: TransferState; reason: TransferReason; orderNumber: string; orderUuid: string }): Promise<void> {
      await db
        .update(bankTransfers)
        .set({ ...outcome, updatedAt: sql`now()` })
        .where(eq(bankTransfers.id, id));
    },
    /** The transfer's row, held until the transaction ends: two bookings of one transfer take turns. */
    async lockTransfer(id: number): Promise<BankTransferRow | undefined> {
      const [row] = await db.select().from(bankTransfers).where(eq(bankTransfers.id, id)).for("update");
      return row;
    },
    async setBookedByHand(id: number, booking: { orderNumber: string; orderUuid: string; staffUuid: string; staffEmail: string; note: string | null }): Promise<void> {
      await db
        .update(bankTransfers)
        .set({
          state: "booked",
          reason: "booked_by_hand",
          orderNumber: booking.orderNumber,
          orderUuid: booking.orderUuid,
          bookedAt: sql`now()`,
          bookedBy: booking.staffUuid,
          bookedByEmail: booking.staffEmail,
          note: booking.note,
          updatedAt: sql`now()`,
        })
        .where(eq(bankTransfers.id, id));
    },
    /** Locks the order of this number and pays it when it waits for a transfer and `accept` agrees (db/order-transfers.ts). */
    bookOnOrder: (orderNumber: string, actor: string, accept?: (order: TransferOrderRow) => boolean) => bookTransferOnOrder(db, orderNumber, actor, accept),
    /** Appends a staff action's audit row (db/audit-log.ts) in this transaction. */
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
  };
}
export type TransferWriter = ReturnType<typeof createTransferWriter>;

export function createBankTransferRepository(db: Db) {
  return {
    inTransaction<T>(work: (writer: TransferWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createTransferWriter(tx as unknown as Db)));
    },
    /** A page of transfers, newest booking day first (the latest imported first within a day). */
    async transfers(state: TransferState | undefined, offset: number, limit: number): Promise<TransferWithOrder[]> {
      const where: SQL | undefined = state ? eq(bankTransfers.state, state) : undefined;
      const rows = await selectTransfers(db)
        .where(where)
        .orderBy(sql`${bankTransfers.bookingDate} desc nulls last`, desc(bankTransfers.id))
        .limit(limit)
        .offset(offset);
      return rows.map(withOrder);
    },
    async transfersByIds(ids: readonly number[]): Promise<TransferWithOrder[]> {
      if (ids.length === 0) return [];
      const rows = await selectTransfers(db)
        .where(inArray(bankTransfers.id, [...ids]))
        .orderBy(desc(bankTransfers.id));
      return rows.map(withOrder);
    },
    async transfer(id: number): Promise<TransferWithOrder | undefined> {
      const [row] = await selectTransfers(db).where(eq(bankTransfers.id, id));
      return row ? withOrder(row) : undefined;
    },
    /** How many transfers each state holds. */
    async countsByState(): Promise<{ state: TransferState; n: number }[]> {
      const rows = await db.select({ state: bankTransfers.state, n: count() }).from(bankTransfers).groupBy(bankTransfers.state);
      return rows.map((r) => ({ state: r.state, n: Number(r.n) }));
    },
  };
}
export type BankTransferRepository = ReturnType<typeof createBankTransferRepository>;
