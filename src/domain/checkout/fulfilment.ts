import { addDays, shopDayEnd, shopDayIso } from "../dates.ts";

/*
 * Fulfilment's rules, pure: by when a paid order must leave the warehouse, how urgent it is, which
 * scanned unit may serve an ordered item, and when a parcel counts as delivered without word from
 * the carrier.
 */

const DAY_MS = 86_400_000;


const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());

/**
 * The dispatch promise's deadline: the end of the shop day that lies the promised number of working
 * days (Monday to Friday) after the day the order was paid. A promise of 0 days means the same day
 * (or the next working day, when it was paid on a weekend).
 */
export function dispatchDeadline(paidAt: Date, workingDays: number): Date {
  let day = shopDayIso(paidAt);
  while (isWeekend(day)) day = addDays(day, 1);
  for (let left = workingDays; left > 0; ) {
    day = addDays(day, 1);
    if (!isWeekend(day)) left -= 1;
  }
  return shopDayEnd(day);
}

/** Hours before the deadline from which an order is flagged: whatever is not picked by then is at risk. */
export const AT_RISK_HOURS = 24;
export type DispatchUrgency = "late" | "at_risk" | "on_time";
export function dispatchUrgency(deadline: Date, now: Date): DispatchUrgency {
  const left = deadline.getTime() - now.getTime();
  return left < 0 ? "late" : left <= AT_RISK_HOURS * 3_600_000 ? "at_risk" : "on_time";
}

/** Days after shipping when a parcel counts as delivered if the carrier has not said so. */
export const ASSUMED_DELIVERY_DAYS = 7;
export function assumedDelivered(shippedAt: Date, now: Date, days = ASSUMED_DELIVERY_DAYS): boolean {
  return now.getTime() - shippedAt.getTime() >= days * DAY_MS;
}

/**
 * Whether a scanned unit may go into the parcel for an ordered item: the item's own reserved unit,
 * or another unit in stock of the same product and grade (with a new battery where one was bought).
 * Null when it may; otherwise why not.
 */
export function pickRefusal(
  item: { uuid: string; productId: number; grade: string; withFullBattery: boolean },
  unit: { productId: number; grade: string; fullBattery: boolean; status: string; orderItemUuid: string | null },
): "WRONG_PRODUCT" | "WRONG_GRADE" | "NO_FULL_BATTERY" | "UNIT_NOT_AVAILABLE" | null {
  if (unit.orderItemUuid === item.uuid && (unit.status === "reserved" || unit.status === "picked")) return null;
  if (unit.productId !== item.productId) return "WRONG_PRODUCT";
  if (unit.grade !== item.grade) return "WRONG_GRADE";
  if (item.withFullBattery && !unit.fullBattery) return "NO_FULL_BATTERY";
  if (unit.status !== "in_stock") return "UNIT_NOT_AVAILABLE";
  return null;
}
