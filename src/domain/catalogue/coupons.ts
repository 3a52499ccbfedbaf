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
export function todayIso(now: Date = new Date(), timeZone = "Europe/Berlin"): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}
/** Made once per time zone: the list service asks for today on every request. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
