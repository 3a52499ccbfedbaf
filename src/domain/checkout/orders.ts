import type { Grade } from "../catalogue/grades.ts";
import type { PaymentMethod } from "./cart-rules.ts";

/*
 * An order's life as a state machine. Stock is reserved when the order is placed and stays
 * reserved while the order waits for its money; a declined, abandoned or expired payment and a
 * cancellation release it. Fulfilment then picks the units (scanned), ships the parcel with its
 * tracking number, and the carrier (or the time it usually takes) says it was delivered. A
 * customer may cancel until the order is picked; staff until it is shipped.
 */
export const ORDER_STATUSES = ["pending_payment", "awaiting_transfer", "paid", "picked", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderEvent =
  | { type: "payment_approved" }
  | { type: "payment_declined" }
  | { type: "payment_abandoned" }
  | { type: "payment_expired" }
  | { type: "transfer_received" }
  | { type: "transfer_overdue" }
  | { type: "superseded" }
  | { type: "cancelled_by_customer" }
  | { type: "cancelled_by_staff" }
  | { type: "picked" }
  | { type: "shipped" }
  | { type: "delivered" };

const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent["type"], OrderStatus>>> = {
  pending_payment: {
    payment_approved: "paid",
    payment_declined: "cancelled",
    payment_abandoned: "cancelled",
    payment_expired: "cancelled",
    superseded: "cancelled",
    cancelled_by_customer: "cancelled",
    cancelled_by_staff: "cancelled",
  },
  awaiting_transfer: { transfer_received: "paid", transfer_overdue: "cancelled", cancelled_by_customer: "cancelled", cancelled_by_staff: "cancelled", superseded: "cancelled" },
  // Nothing is picked yet while an order is paid: it may still be cancelled, and is refunded in full.
  paid: { picked: "picked", cancelled_by_customer: "cancelled", cancelled_by_staff: "cancelled" },
  // Picked units are on the packing table: staff may still stop the parcel, the customer asks support.
  picked: { shipped: "shipped", cancelled_by_staff: "cancelled" },
  shipped: { delivered: "delivered" },
  delivered: {},
  cancelled: {},
};

/** The status after the event, or null when the event does not apply (a late webhook, a double click). */
export function nextOrderStatus(status: OrderStatus, event: OrderEvent): OrderStatus | null {
  return TRANSITIONS[status][event.type] ?? null;
}

/**
 * Where a refund stands: the provider sent the money or has it under way; for a bank-transfer
 * order, finance still has to transfer it. Each counts against what may still be refunded.
 */
export const REFUND_STATUSES = ["succeeded", "pending", "to_transfer"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Whether an order may still be cancelled: by its customer until it is picked, by staff until it is shipped. */
export function mayBeCancelled(status: OrderStatus, by: "customer" | "staff"): boolean {
  return nextOrderStatus(status, { type: by === "staff" ? "cancelled_by_staff" : "cancelled_by_customer" }) !== null;
}

/**
 * What a refund gives back: the amount asked for, else the per-item amounts' sum, else all that is
 * left. Null when nothing is left or more is asked than is left (the database refuses that too).
 */
export function refundAmount(request: { amount?: number | undefined; itemAmounts?: number[] | undefined }, paid: number, refunded: number): number | null {
  const left = paid - refunded;
  const amount = request.amount ?? (request.itemAmounts ? request.itemAmounts.reduce((sum, a) => sum + a, 0) : left);
  return amount > 0 && amount <= left ? amount : null;
}

/** Orders whose units are still held for them (reserved, picked, or on their way and delivered). */
export function holdsStock(status: OrderStatus): boolean {
  return status !== "cancelled";
}

/** Orders fulfilment works on: paid and waiting to be picked, or picked and waiting to be shipped. */
export const FULFILMENT_STATUSES = ["paid", "picked"] as const satisfies readonly OrderStatus[];

/** The status a new order starts in: bank transfers wait for the money, the rest for the provider. */
export function initialOrderStatus(method: PaymentMethod): OrderStatus {
  return method === "prepayment" ? "awaiting_transfer" : "pending_payment";
}

/** "R26-004217": the year keeps numbers short, the sequence makes them unique; no letters to misread on the phone. */
export function formatOrderNumber(sequence: number, placedAt: Date): string {
  return `R${String(placedAt.getUTCFullYear() % 100).padStart(2, "0")}-${String(sequence).padStart(6, "0")}`;
}

/**
 * Used goods are sold under the margin scheme (§25a UStG): the invoice shows no VAT for them.
 * New goods carry the standard 19 % VAT, included in the price.
 */
export function vatSchemeOf(grade: Grade): "margin" | "standard" {
  return grade === "NEW" ? "standard" : "margin";
}
export const STANDARD_VAT_PERCENT = 19;

/** How long a provider's payment may stay open before its units go back on sale. */
export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;
/** Bank transfers: a reminder after this many days, cancellation after the deadline. */
export const TRANSFER_REMINDER_DAYS = 3;
export const TRANSFER_DEADLINE_DAYS = 7;
