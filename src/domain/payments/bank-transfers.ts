/**
 * Incoming bank transfers for prepayment orders: which of a statement's entries count, which order
 * a transfer names, and what becomes of it. Pure rules; the bank-transfers module applies them to
 * the imported entries and the orders as they are, inside its transaction.
 */

/**
 * Where a transfer stands: booked onto its order; unmatched (no order found, or one that does not
 * wait for a transfer); partial or over (less or more than the order's total, for finance to
 * decide); needs_refund (money for a cancelled order, or a second payment of a paid one).
 */
export const TRANSFER_STATES = ["booked", "unmatched", "partial", "over", "needs_refund"] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** Why a transfer is in its state. */
export const TRANSFER_REASONS = [
  "exact_amount",
  "booked_by_hand",
  "no_order_number",
  "unknown_order",
  "not_awaiting_transfer",
  "less_than_total",
  "more_than_total",
  "order_cancelled",
  "already_paid",
] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

/** The largest statement file the import takes: a day of a busy account is a few hundred kB. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Statuses of an order whose money is in already (it may have left the warehouse since). */
const PAID_STATUSES: readonly string[] = ["paid", "picked", "shipped", "delivered"];

/** Only money coming in, in euros, and actually booked by the bank is a customer's payment. */
export function isIncomingEuroCredit(entry: { direction: "CRDT" | "DBIT"; currency: string; reversal: boolean; amountCents: number | null }): boolean {
  return entry.direction === "CRDT" && entry.currency === "EUR" && !entry.reversal && entry.amountCents !== null && entry.amountCents > 0;
}

/** "R26-004217": R, the year's two digits, a hyphen and the sequence of at least six digits (see formatOrderNumber). */
export const ORDER_NUMBER_PATTERN = /^R\d{2}-\d{6,}$/;

/**
 * Order numbers as people write them in a transfer's reference: upper or lower case, with or
 * without the hyphen, with spaces (a bank may break the line inside it), glued to other words
 * ("Best.Nr.R26004217"). Each one found, in order, written as the shop writes it; none twice.
 */
export function orderNumbersIn(remittance: string): string[] {
  const found: string[] = [];
  const keep = (year: string, sequence: string) => {
    const number = `R${year}-${sequence.replace(/\s/g, "")}`;
    if (!found.includes(number)) found.push(number);
  };
  // R on its own or after a non-letter, then the year, then six or seven digits (a space may split them after three).
  for (const match of remittance.matchAll(/(?<![\dA-Z])R[\s\-–_./:]{0,3}(\d{2})[\s\-–_./:]{0,3}(\d{3}\s?\d{3,4})(?!\d)/gi)) keep(match[1]!, match[2]!);
  // "BESTELLNR26004217": glued to the word before it, then written without spaces.
  for (const match of remittance.matchAll(/R(\d{2})-?(\d{6,7})(?!\d)/gi)) keep(match[1]!, match[2]!);
  return found;
}

/** What finance typed as an order number, written as the shop writes it; null when it is none. */
export function normalizeOrderNumber(typed: string): string | null {
  const compact = typed.trim().toUpperCase().replace(/[\s\-–_./:]/g, "");
  const match = /^R?(\d{2})(\d{6,})$/.exec(compact);
  return match ? `R${match[1]}-${match[2]}` : null;
}

/** The order a transfer names, as far as its state depends on it. */
export interface NamedOrder {
  status: string;
  total: number;
}

export interface TransferVerdict {
  state: TransferState;
  reason: TransferReason;
}

/**
 * What becomes of a transfer: booked at once only for the exact amount on an order that waits for
 * a transfer; otherwise the state says what finance has to do. `named` tells whether the
 * reference named an order number at all (unknown_order versus no_order_number).
 */
export function classifyTransfer(amountCents: number, order: NamedOrder | null, named: boolean): TransferVerdict {
  if (!order) return { state: "unmatched", reason: named ? "unknown_order" : "no_order_number" };
  if (order.status === "cancelled") return { state: "needs_refund", reason: "order_cancelled" };
  if (PAID_STATUSES.includes(order.status)) return { state: "needs_refund", reason: "already_paid" };
  if (order.status !== "awaiting_transfer") return { state: "unmatched", reason: "not_awaiting_transfer" };
  if (amountCents === order.total) return { state: "booked", reason: "exact_amount" };
  return amountCents < order.total ? { state: "partial", reason: "less_than_total" } : { state: "over", reason: "more_than_total" };
}

/** Booking by hand: a transfer may be booked once; an amount other than the order's total needs a note saying why. */
export type ManualBookingRefusal = "already_booked" | "note_required";

export function manualBookingRefusal(transfer: { state: TransferState; amountCents: number }, orderTotal: number, note: string | null): ManualBookingRefusal | null {
  if (transfer.state === "booked") return "already_booked";
  if (transfer.amountCents !== orderTotal && !note?.trim()) return "note_required";
  return null;
}
