import type { Grade } from "../catalogue/grades.ts";
import { GRADES } from "../catalogue/grades.ts";
import { addDays, addMonths, shopDayEnd, shopDayIso } from "../dates.ts";

/*
 * Returns and warranty claims. Every period counts from the day the parcel was delivered and ends
 * with the last shop day of the period: 14 days of statutory withdrawal (§ 355 BGB), the shop's
 * longer voluntary return period, and the warranty for used goods (12 months by default).
 */
export const WITHDRAWAL_DAYS = 14;
export const DEFAULT_RETURN_DAYS = 30;
export const DEFAULT_WARRANTY_MONTHS = 12;

export const RETURN_REASONS = ["changed_mind", "not_as_described", "defective", "wrong_item", "damaged_in_transit", "better_price", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** withdrawal: within the statutory 14 days; voluntary: later, within the shop's own period. */
export type ReturnKind = "withdrawal" | "voluntary";

export interface Periods {
  returnDays: number;
  warrantyMonths: number;
}

/** The last instant of each period for a parcel delivered at `deliveredAt`. */
export function periodEnds(deliveredAt: Date, periods: Periods): { withdrawal: Date; return: Date; warranty: Date } {
  const day = shopDayIso(deliveredAt);
  return {
    withdrawal: shopDayEnd(addDays(day, WITHDRAWAL_DAYS)),
    return: shopDayEnd(addDays(day, Math.max(WITHDRAWAL_DAYS, periods.returnDays))),
    warranty: shopDayEnd(addMonths(day, periods.warrantyMonths)),
  };
}

/** What kind of return is open now, or null when the return period has ended (or nothing was delivered yet). */
export function returnKindAt(deliveredAt: Date | null, now: Date, periods: Periods): ReturnKind | null {
  if (!deliveredAt) return null;
  const ends = periodEnds(deliveredAt, periods);
  if (now <= ends.withdrawal) return "withdrawal";
  return now <= ends.return ? "voluntary" : null;
}

/** Whether a warranty claim may still be made. */
export function warrantyOpenAt(deliveredAt: Date | null, now: Date, periods: Periods): boolean {
  return deliveredAt !== null && now <= periodEnds(deliveredAt, periods).warranty;
}

/** How long the customer has to hand the return parcel to the carrier once the label is issued. */
export const RETURN_SEND_DAYS = 14;
export function sendBy(createdAt: Date): Date {
  return shopDayEnd(addDays(shopDayIso(createdAt), RETURN_SEND_DAYS));
}

/*
 * A return: requested (label issued) → received (parcel scanned, unit inspected) → refunded,
 * partly refunded, or refused. A customer may withdraw the request until the parcel arrives.
 */
export const RETURN_STATUSES = ["requested", "received", "refunded", "partially_refunded", "refused", "withdrawn"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_DECISIONS = ["full_refund", "partial_refund", "refused"] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

export function returnStatusAfter(decision: ReturnDecision): ReturnStatus {
  return decision === "full_refund" ? "refunded" : decision === "partial_refund" ? "partially_refunded" : "refused";
}
/** Returns that still hold their items: a second return for the same item is refused while one of these exists. */
export function returnHoldsItems(status: ReturnStatus): boolean {
  return status !== "withdrawn";
}

/**
 * What may be asked for an item now: a return while a return period runs and the item is in no
 * live return or open claim; a claim while the warranty runs, no claim of it is open and it is not
 * being returned (a refused return leaves the device with the customer, so a claim may follow).
 */
export function itemRequests(kind: ReturnKind | null, warrantyOpen: boolean, item: { returnStatus: ReturnStatus | null; openClaim: boolean }): { returnable: boolean; claimable: boolean } {
  const inReturn = item.returnStatus !== null;
  return {
    returnable: kind !== null && !inReturn && !item.openClaim,
    claimable: warrantyOpen && !item.openClaim && (!inReturn || item.returnStatus === "refused"),
  };
}

/** Where a returned unit goes once inspected: back on sale (regraded), to repair, or to scrap. */
export const UNIT_DESTINATIONS = ["in_stock", "in_repair", "scrapped"] as const;
export type UnitDestination = (typeof UNIT_DESTINATIONS)[number];

/*
 * A warranty claim: open → decided. Repair: the device comes in, is repaired (in_repair) and goes
 * back to the same customer (repaired). Replacement: another unit of the same product, as good or
 * better, is shipped through fulfilment. Refund: the price paid goes back. Or refused with a reason.
 */
export const CLAIM_REMEDIES = ["repair", "replacement", "refund"] as const;
export type ClaimRemedy = (typeof CLAIM_REMEDIES)[number];
export const CLAIM_STATUSES = ["open", "in_repair", "repaired", "replaced", "refunded", "refused"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_DECISIONS = ["repair", "replacement", "refund", "refused", "repaired"] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** The status a decision leads to from the claim's status, or null when it does not apply there. */
export function claimStatusAfter(status: ClaimStatus, decision: ClaimDecision): ClaimStatus | null {
  if (status === "open") {
    return ({ repair: "in_repair", replacement: "replaced", refund: "refunded", refused: "refused", repaired: null } as const)[decision];
  }
  return status === "in_repair" && decision === "repaired" ? "repaired" : null;
}
export function claimIsOpen(status: ClaimStatus): boolean {
  return status === "open" || status === "in_repair";
}

/** Grades as good as or better than this one, best first: what may replace a faulty unit. */
export function gradesAtLeast(grade: Grade): Grade[] {
  return GRADES.slice(0, GRADES.indexOf(grade) + 1).filter((g) => g !== "NEW" || grade === "NEW");
}

/** "RT-001234" for returns and "GA-001234" for warranty claims: printed on the label, scanned at receiving. */
export function returnNumber(sequence: number): string {
  return `RT-${String(sequence).padStart(6, "0")}`;
}
export function claimNumber(sequence: number): string {
  return `GA-${String(sequence).padStart(6, "0")}`;
}
/** The return or claim number in a scanned or typed label, normalised; null when it is neither. */
export function parseReturnLabel(text: string): { kind: "return" | "claim"; number: string } | null {
  const match = /^\s*(RT|GA)[\s-]?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const sequence = Number(match[2]);
  return match[1]!.toUpperCase() === "RT" ? { kind: "return", number: returnNumber(sequence) } : { kind: "claim", number: claimNumber(sequence) };
}

/** A partial refund's bound: more than nothing and less than what is left of the items' price (the full refund is the other decision). */
export function partialRefundAllowed(amount: number, itemsLeft: number): boolean {
  return Number.isInteger(amount) && amount >= 1 && amount < itemsLeft;
}

/** Photos of a defect: images only, as a phone takes them, a few per claim (re-encoded within maxEdge when kept). */
export const CLAIM_PHOTO_LIMITS = { perUpload: 5, perClaim: 5, fileBytes: 10 * 1024 * 1024, maxEdge: 1600 } as const;
