import { describe, expect, it } from "vitest";
import { COUPON_CODE_PATTERN, couponState, isCouponActive, todayIso } from "./coupons.ts";

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

describe("coupon state", () => {
  it("is upcoming before the window, active within it (both ends included), expired after", () => {
    expect(couponState("2026-11-01", "2026-11-30", "2026-10-31")).toBe("upcoming");
    expect(couponState("2026-11-01", "2026-11-30", "2026-11-01")).toBe("active");
    expect(couponState("2026-11-01", "2026-11-30", "2026-11-30")).toBe("active");
    expect(couponState("2026-11-01", "2026-11-30", "2026-12-01")).toBe("expired");
    expect(couponState(10, 20, 21)).toBe("expired");
  });
  it("takes codes of 3–32 letters, digits and hyphens", () => {
    expect(["ABC", "WINTER-2026", "A".repeat(32)].every((c) => COUPON_CODE_PATTERN.test(c))).toBe(true);
    expect(["AB", "A".repeat(33), "WIN TER", "wint", "ÄPFEL"].some((c) => COUPON_CODE_PATTERN.test(c))).toBe(false);
  });
});
