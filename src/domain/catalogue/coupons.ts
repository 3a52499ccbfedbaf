import { shopDayIso } from "../dates.ts";
/** Dates are ISO calendar days ("2026-11-22"); comparing them as strings is exact. */
interface CouponWindow {
  validFrom: string;
  validTo: string;
}

/** A coupon badge shows only while today lies within the coupon's validity, both days included. */
export function isCouponActive(coupon: CouponWindow | null | undefined, today: string): boolean {
  if (!coupon) return false;
  return coupon.validFrom <= today && today <= coupon.validTo;
}

/** Today's calendar day in the shop's time zone. */
export function todayIso(now: Date = new Date()): string {
  return shopDayIso(now);
}
