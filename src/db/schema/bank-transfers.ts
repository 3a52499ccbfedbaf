import { sql } from "drizzle-orm";
import { bigint, bigserial, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { TRANSFER_REASONS, TRANSFER_STATES } from "../../domain/payments/bank-transfers.ts";
import { orders } from "./orders.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/** One upload of a bank's statement file (camt.053) by finance: what it held and what became of it. */
export const bankStatementImports = pgTable("bank_statement_imports", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** The file's message id (GrpHdr/MsgId) and its statements' ids. */
  messageId: text("message_id").notNull(),
  statementIds: text("statement_ids").array().notNull(),
  fileName: text("file_name"),
  importedBy: uuid("imported_by").notNull(),
  importedByEmail: text("imported_by_email").notNull(),
  importedAt: at("imported_at").notNull().defaultNow(),
  /** Incoming euro credits in the file; of them new, and known from an earlier import. */
  credits: integer("credits").notNull(),
  added: integer("added").notNull(),
  known: integer("known").notNull(),
  /** Entries that are no customer's payment: debits, other currencies, reversals. */
  skipped: integer("skipped").notNull(),
  /** New transfers booked onto their orders at once. */
  booked: integer("booked").notNull(),
});

/**
 * An incoming transfer from a statement, once per bank reference and account: a second import of
 * the same statement (or of an entry in the next one) finds it and adds nothing. Its state says
 * whether it paid its order or what finance still has to do with it.
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The shop's account it arrived on (IBAN) and the bank's reference for it: together unique. */
    account: text("account").notNull(),
    reference: text("reference").notNull(),
    importId: bigint("import_id", { mode: "number" })
      .notNull()
      .references(() => bankStatementImports.id, { onDelete: "restrict" }),
    statementId: text("statement_id").notNull(),
    /** Cents, EUR. */
    amount: integer("amount").notNull(),
    bookingDate: date("booking_date", { mode: "string" }),
    valueDate: date("value_date", { mode: "string" }),
    remittance: text("remittance").notNull(),
    debtorName: text("debtor_name"),
    debtorIban: text("debtor_iban"),
    endToEndId: text("end_to_end_id"),
    state: text("state", { enum: TRANSFER_STATES }).notNull(),
    reason: text("reason", { enum: TRANSFER_REASONS }).notNull(),
    /** The order number the reference named (or finance booked it on), whether or not such an order exists. */
    orderNumber: text("order_number"),
    orderUuid: uuid("order_uuid").references(() => orders.uuid, { onDelete: "set null" }),
    /** Who booked it by hand, when, and why (an amount other than the order's total needs a note). */
    bookedAt: at("booked_at"),
    bookedBy: uuid("booked_by"),
    bookedByEmail: text("booked_by_email"),
    note: text("note"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bank_transfers_reference_idx").on(t.account, t.reference),
    index("bank_transfers_newest_idx").on(t.bookingDate.desc().nullsLast(), t.id.desc()),
    index("bank_transfers_state_idx").on(t.state, t.bookingDate.desc().nullsLast(), t.id.desc()),
    index("bank_transfers_order_idx").on(t.orderUuid),
    check("bank_transfers_amount_positive", sql`${t.amount} > 0`),
    check("bank_transfers_booked_has_order", sql`${t.state} <> 'booked' or ${t.orderUuid} is not null`),
  ],
);
