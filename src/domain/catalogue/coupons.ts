import { shopDayIso } from "../dates.ts";
/** Dates are ISO calendar days ("2026-11-22"); comparing them as strings is exact. */
interface CouponWindow {
  validFrom: string;
  validTo: string;
}

/** A coupon badge shows only while today lies within the coupon's validity, both days included. */
export function isCouponActive(coupon: CouponWindow | null | undefined, today: string): boolean {
  return coupon ? couponState(coupon.validFrom, coupon.validTo, today) === "active" : false;
}

/** Today's calendar day in the shop's time zone. */
export function todayIso(now: Date = new Date()): string {
  return shopDayIso(now);
}

/** A coupon code as staff give it: 3–32 of A–Z, 0–9 and "-", stored upper-case (the cart compares upper-case). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

export const COUPON_STATES = ["active", "upcoming", "expired"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** Where "now" lies in a coupon's window, both ends included: calendar days (buy side) or instants (sell side). */
export function couponState<T extends string | number>(validFrom: T, validTo: T, now: T): CouponState {
  if (now < validFrom) return "upcoming";
  return now > validTo ? "expired" : "active";
}
