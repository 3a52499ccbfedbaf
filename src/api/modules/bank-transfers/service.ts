import { readCamt053 } from "../../../domain/payments/camt053.ts";
import {
  classifyTransfer,
  isIncomingEuroCredit,
  manualBookingRefusal,
  normalizeOrderNumber,
  orderNumbersIn,
  TRANSFER_STATES,
  type TransferState,
  type TransferVerdict,
} from "../../../domain/payments/bank-transfers.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { BankTransferRepository, TransferOrderRow, TransferWithOrder } from "./repository.ts";
import type { OpsBankStatementImport, OpsBankTransfer, OpsBankTransferList, TransferBookInput, TransferListQuery } from "./schemas.ts";

/** Who books incoming money: finance (and admins). */
const TRANSFER_ROLES = ["finance"] as const;
const PAGE_SIZE = 50;

const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const iso = (at: string | null) => (at ? new Date(at).toISOString() : null);

/** What follows a booked transfer once committed: the order's "paid" mail (the orders module's job). */
export interface BankTransferJobs {
  orderPaid(order: TransferOrderRow): Promise<void>;
}

/** A statement file as it arrived: its name and bytes. */
export interface SentStatement {
  fileName: string | null;
  bytes: Uint8Array;
}

function view({ transfer, order, importedAt }: TransferWithOrder): OpsBankTransfer {
  return {
    id: transfer.id,
    amount: EUR(transfer.amount),
    bookingDate: transfer.bookingDate,
    valueDate: transfer.valueDate,
    remittance: transfer.remittance,
    debtorName: transfer.debtorName,
    debtorIban: transfer.debtorIban,
    endToEndId: transfer.endToEndId,
    reference: transfer.reference,
    account: transfer.account,
    state: transfer.state,
    reason: transfer.reason,
    orderNumber: transfer.orderNumber,
    order: order ? { uuid: order.uuid, number: order.number, status: order.status, total: EUR(order.total) } : null,
    bookedAt: iso(transfer.bookedAt),
    bookedByEmail: transfer.bookedByEmail,
    note: transfer.note,
    importedAt: new Date(importedAt).toISOString(),
  };
}

/** The file's text: UTF-8 as ISO 20022 asks, its byte order mark dropped. */
function textOf(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw AppError.badRequest("STATEMENT_INVALID_XML", "The file is not UTF-8 text: a camt.053 statement is UTF-8 encoded XML.", "statement");
  }
}

/**
 * Incoming bank transfers for prepayment orders. Finance imports the bank's statement (camt.053):
 * each incoming euro credit is kept once per bank reference, matched by the order number in its
 * reference, and the exact amount on an order waiting for its transfer pays the order in the same
 * transaction (the "paid" mail after commit). What does not fit waits on the list in its state,
 * and finance books it by hand onto an order, with a note when the amount differs. Each action
 * checks the role and writes its audit rows in its own transaction.
 */
export function createBankTransferService(repo: BankTransferRepository, deps: { jobs?: BankTransferJobs | undefined; log?: (msg: string, err: unknown) => void }) {
  /** The orders' mails follow the commit; a queue that cannot be reached does not undo the booking. */
  async function afterCommit(paid: readonly TransferOrderRow[]): Promise<void> {
    for (const order of paid) {
      try {
        await deps.jobs?.orderPaid({ ...order, status: "paid" });
      } catch (err) {
        deps.log?.(`The paid mail of order ${order.number} could not be enqueued`, err);
      }
    }
  }

  return {
    async list(actor: StaffActor, query: TransferListQuery): Promise<OpsBankTransferList> {
      requireRole(actor, ...TRANSFER_ROLES);
      const page = query.page ?? 1;
      const [rows, counted] = await Promise.all([repo.transfers(query.state, (page - 1) * PAGE_SIZE, PAGE_SIZE), repo.countsByState()]);
      const counts = Object.fromEntries(TRANSFER_STATES.map((s) => [s, counted.find((c) => c.state === s)?.n ?? 0])) as Record<TransferState, number>;
      const total = query.state ? counts[query.state] : Object.values(counts).reduce((sum, n) => sum + n, 0);
      return { transfers: rows.map(view), page, pageSize: PAGE_SIZE, total, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)), counts };
    },

    /** Imports a statement file; the same file (or an entry of it in a later one) a second time adds nothing. */
    async importStatement(actor: StaffActor, read: () => Promise<SentStatement>): Promise<OpsBankStatementImport> {
      requireRole(actor, ...TRANSFER_ROLES);
      const sent = await read();
      const reading = readCamt053(textOf(sent.bytes));
      if (!reading.ok) {
        if (reading.problem === "not_xml") throw AppError.badRequest("STATEMENT_INVALID_XML", `The file is no well-formed XML: ${reading.detail}`, "statement");
        throw AppError.badRequest("STATEMENT_NOT_CAMT053", `The file is no camt.053 bank statement: ${reading.detail}`, "statement");
      }
      const { file } = reading;
      const credits = file.entries.filter(isIncomingEuroCredit);
      const staff = `staff:${actor.email}`;
      const done = await repo.inTransaction(async (tx) => {
        const importId = await tx.insertImport({
          messageId: file.messageId,
          statementIds: file.statementIds,
          fileName: sent.fileName,
          importedBy: actor.uuid,
          importedByEmail: actor.email,
          credits: credits.length,
          added: 0,
          known: 0,
          skipped: file.entries.length - credits.length,
          booked: 0,
        });
        const added: number[] = [];
        const paid: TransferOrderRow[] = [];
        for (const entry of credits) {
          const amount = entry.amountCents!;
          const numbers = orderNumbersIn(entry.remittance);
          const unmatched = classifyTransfer(amount, null, numbers.length > 0);
          const transfer = await tx.insertTransfer({
            account: entry.account,
            reference: entry.reference,
            importId,
            statementId: entry.statementId,
            amount,
            bookingDate: entry.bookingDate,
            valueDate: entry.valueDate,
            remittance: entry.remittance,
            debtorName: entry.debtorName,
            debtorIban: entry.debtorIban,
            endToEndId: entry.endToEndId,
            state: unmatched.state,
            reason: unmatched.reason,
            orderNumber: numbers[0] ?? null,
          });
          // Imported before: it stays as it is, whatever became of it since.
          if (!transfer) continue;
          added.push(transfer.id);
          // The first number that names an order decides; the others are words that only look like one.
          for (const number of numbers) {
            let verdict: TransferVerdict | undefined;
            const booking = await tx.bookOnOrder(number, staff, (order) => (verdict = classifyTransfer(amount, order, true)).state === "booked");
            if (booking.outcome === "not_found") continue;
            verdict ??= classifyTransfer(amount, booking.order, true);
            await tx.setOutcome(transfer.id, { state: verdict.state, reason: verdict.reason, orderNumber: number, orderUuid: booking.order.uuid });
            if (booking.outcome === "paid") {
              paid.push(booking.order);
              await tx.audit(actor, {
                action: "bank_transfer.book",
                entityType: "order",
                entityId: booking.order.uuid,
                before: { status: booking.order.status },
                after: { status: "paid", transferId: transfer.id, reference: transfer.reference, amount, orderNumber: number, automatic: true },
              });
            }
            break;
          }
        }
        const counts = { credits: credits.length, added: added.length, known: credits.length - added.length, skipped: file.entries.length - credits.length, booked: paid.length };
        await tx.setImportCounts(importId, counts);
        await tx.audit(actor, {
          action: "bank_statement.import",
          entityType: "bank_statement",
          entityId: String(importId),
          after: { messageId: file.messageId, statementIds: file.statementIds, fileName: sent.fileName, ...counts, bookedOrders: paid.map((o) => o.number) },
        });
        return { importId, counts, added, paid };
      });
      await afterCommit(done.paid);
      const transfers = await repo.transfersByIds(done.added);
      return { importId: done.importId, messageId: file.messageId, statementIds: file.statementIds, ...done.counts, transfers: transfers.map(view) };
    },

    /** Finance books a transfer onto an order by its number: once, onto an order waiting for its transfer, with a note when the amount differs. */
    async book(actor: StaffActor, transferId: number, input: TransferBookInput): Promise<OpsBankTransfer> {
      requireRole(actor, ...TRANSFER_ROLES);
      const number = normalizeOrderNumber(input.orderNumber);
      if (!number) throw AppError.badRequest("VALIDATION_FAILED", 'That is no order number: it looks like "R26-004217".', "body.orderNumber");
      const note = input.note?.trim() || null;
      const paid = await repo.inTransaction(async (tx) => {
        const transfer = await tx.lockTransfer(transferId);
        if (!transfer) throw AppError.notFound("TRANSFER_NOT_FOUND", "There is no such transfer.", "transferId");
        if (transfer.state === "booked") {
          throw new AppError(409, "TRANSFER_ALREADY_BOOKED", `This transfer is booked already${transfer.orderNumber ? ` (on order ${transfer.orderNumber})` : ""}: it is never booked twice.`, "transferId");
        }
        const booking = await tx.bookOnOrder(number, `staff:${actor.email}`, (order) => manualBookingRefusal({ state: transfer.state, amountCents: transfer.amount }, order.total, note) === null);
        if (booking.outcome === "not_found") throw AppError.notFound("ORDER_NOT_FOUND", `There is no order ${number}.`, "body.orderNumber");
        if (booking.outcome === "not_awaiting") {
          throw new AppError(409, "ORDER_NOT_AWAITING_TRANSFER", `Order ${number} does not wait for a bank transfer (it is ${booking.order.status.replace(/_/g, " ")}): nothing was booked.`, "body.orderNumber");
        }
        if (booking.outcome === "declined") {
          throw AppError.badRequest("TRANSFER_NOTE_REQUIRED", `The transfer's amount is not the order's total: say in a note why it is booked on order ${number}.`, "body.note");
        }
        await tx.setBookedByHand(transfer.id, { orderNumber: number, orderUuid: booking.order.uuid, staffUuid: actor.uuid, staffEmail: actor.email, note });
        await tx.audit(actor, {
          action: "bank_transfer.book",
          entityType: "bank_transfer",
          entityId: String(transfer.id),
          before: { state: transfer.state, reason: transfer.reason, orderNumber: transfer.orderNumber },
          after: { state: "booked", orderNumber: number, orderUuid: booking.order.uuid, amount: transfer.amount, orderTotal: booking.order.total, note },
        });
        return booking.order;
      });
      await afterCommit([paid]);
      const booked = await repo.transfer(transferId);
      return view(booked!);
    },
  };
}
export type BankTransferService = ReturnType<typeof createBankTransferService>;
