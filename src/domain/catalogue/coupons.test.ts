import { describe, expect, it } from "vitest";
import { isCouponActive, todayIso } from "./coupons.ts";

const coupon = { validFrom: "2026-11-01", validTo: "2026-11-30" };

describe("coupon badge", () => {
  it("shows while today lies within the validity window, both ends included", () => {
    expect(isCouponActive(coupon, "2026-11-01")).toBe(true);
    expect(isCouponActive(coupon, "2026-11-15")).toBe(true);
    expect(isCouponActive(coupon, "2026-11-30")).toBe(true);
  });
  it("hides before and after the window, and without a coupon", () => {
    expect(isCouponActive(coupon, "2026-10-31")).toBe(false);
    expect(isCouponActive(coupon, "2026-12-01")).toBe(false);
    expect(isCouponActive(null, "2026-11-15")).toBe(false);
  });
  it("takes today in the shop's time zone", () => {
    // 23:30 UTC on the 30th is already the 1st in Berlin.
    expect(todayIso(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12-01");
  });
});
