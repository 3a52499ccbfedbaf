/**
 * A sale from checkout to payout: the seller ships, the shop receives and inspects, then either
 * confirms the offer or makes a counteroffer the seller accepts or declines within 14 days
 * (silence accepts). Pure transitions; the service applies them in a transaction and records each.
 */

export const SALE_STATUSES = ["created", "parcel_received", "in_inspection", "counteroffer", "offer_confirmed", "paid", "returned"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export type SaleEvent =
  | { type: "parcel_received" }
  | { type: "inspection_started" }
  | { type: "offer_confirmed" }
  | { type: "counteroffer_made" }
  | { type: "counteroffer_accepted" }
  | { type: "counteroffer_declined" }
  | { type: "counteroffer_expired" }
  | { type: "payout_sent" }
  | { type: "payout_returned" }
  | { type: "parcel_returned" };
export type SaleEventType = SaleEvent["type"];

const TRANSITIONS: Record<SaleEventType, Partial<Record<SaleStatus, SaleStatus>>> = {
  parcel_received: { created: "parcel_received" },
  inspection_started: { parcel_received: "in_inspection" },
  offer_confirmed: { in_inspection: "offer_confirmed" },
  counteroffer_made: { in_inspection: "counteroffer" },
  counteroffer_accepted: { counteroffer: "offer_confirmed" },
  // Declining ends the sale: the parcel goes back at the shop's cost.
  counteroffer_declined: { counteroffer: "returned" },
  counteroffer_expired: { counteroffer: "offer_confirmed" },
  payout_sent: { offer_confirmed: "paid" },
  // The bank sent the transfer back (a closed account, a wrong IBAN): settled again, unpaid, until the seller corrects the account.
  payout_returned: { paid: "offer_confirmed" },
  parcel_returned: { parcel_received: "returned", in_inspection: "returned" },
};

/** The status after the event, or null when the event does not apply to the status. */
export function nextSaleStatus(status: SaleStatus, event: SaleEvent): SaleStatus | null {
  return TRANSITIONS[event.type][status] ?? null;
}

/** Events staff may record through the operations API; the seller's answers and the deadline are not theirs to fake. */
export const STAFF_SALE_EVENTS = ["parcel_received", "inspection_started", "offer_confirmed", "counteroffer_made", "payout_sent", "parcel_returned"] as const satisfies readonly SaleEventType[];

export const COUNTEROFFER_DAYS = 14;
/** The reminder goes this long before silence counts as accepting. */
export const COUNTEROFFER_REMINDER_DAYS_BEFORE = 3;
const DAY_MS = 86_400_000;

export function counterofferDeadline(madeAt: Date): Date {
  return new Date(madeAt.getTime() + COUNTEROFFER_DAYS * DAY_MS);
}
export function counterofferReminderDue(deadline: Date): Date {
  return new Date(deadline.getTime() - COUNTEROFFER_REMINDER_DAYS_BEFORE * DAY_MS);
}

/** "S-1000042": a sale number is never mistaken for an order's. */
export function formatSaleNumber(sequence: number): string {
  return `S-${String(sequence).padStart(7, "0")}`;
}

/**
 * Whether a sale's counteroffer prices hold: once it was accepted (or left to expire), the sale is
 * settled at them. While it is open, and after it was declined, the original offer holds; the
 * items' prices shown must then be the ones the payout shown is made of.
 */
export function counterofferHolds(status: SaleStatus): boolean {
  return status === "offer_confirmed" || status === "paid";
}

/** What the seller is paid once a sale is settled: the counteroffer's prices where there is one. */
export function settledItemsValue(items: readonly { price: number; counterofferPrice: number | null }[]): number {
  return items.reduce((sum, item) => sum + (item.counterofferPrice ?? item.price), 0);
}

/**
 * The payout of a settled sale: the items at their final prices, the coupon's bonus on those, less
 * the fees fixed at checkout (a label issued free stays free, whatever the counteroffer).
 */
export function settledPayout(
  items: readonly { price: number; counterofferPrice: number | null }[],
  terms: { coupon: { bonusPercent: number; maxBonusCents: number } | null; labelFee: number; expressFee: number },
): number {
  const value = settledItemsValue(items);
  const bonus = terms.coupon ? Math.min(Math.floor((value * terms.coupon.bonusPercent) / 100), terms.coupon.maxBonusCents) : 0;
  return Math.max(0, value + bonus - terms.labelFee - terms.expressFee);
}
