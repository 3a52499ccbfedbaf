import { describe, expect, it } from "vitest";
import { centsOf, couponBodyOf, couponFieldOf, couponValuesFrom, couponValuesOf, eurosOf } from "./coupon-form.ts";

describe("the coupon form", () => {
  it("reads euros as staff type them, in cents", () => {
    expect(["7", "12,50", "12.5", "1.234,56", "1,234.56", " 3 € ", "0"].map(centsOf)).toEqual([700, 1250, 1250, 123_456, 123_456, 300, 0]);
    expect(centsOf("")).toBeUndefined();
    expect(["abc", "-5", "1,234", "12,345"].map(centsOf).map((c) => (c === undefined ? "none" : Number.isNaN(c) ? "NaN" : c))).toEqual(["NaN", "NaN", 123_400, 1_234_500]);
    expect([700, 1250, 5].map(eurosOf)).toEqual(["7", "12.50", "0.05"]);
  });

  it("sends what was typed, and null where a number cannot be read so that the API names the field", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ code: "spring", kind: "fixed", amountOff: "5,00", minOrderValue: "lots", validFrom: "2026-12-01", validTo: "2026-12-31", oncePerCustomer: "on" })) form.set(k, v);
    const values = couponValuesOf(form, "buy");
    expect(values).toMatchObject({ code: "spring", amountOff: "5,00", oncePerCustomer: "on", singleItemOnly: "" });
    expect(couponBodyOf("buy", values)).toEqual({ side: "buy", code: "spring", kind: "fixed", amountOff: 500, minOrderValue: null, validFrom: "2026-12-01", validTo: "2026-12-31", oncePerCustomer: true, singleItemOnly: false });
    expect(couponBodyOf("sell", { code: "X", bonusPercent: "5", maxBonusCents: "20", validFrom: "", validTo: "" })).toEqual({ side: "sell", code: "X", bonusPercent: 5, maxBonusCents: 2_000, validFrom: "", validTo: "" });
  });

  it("fills the edit form from a coupon and names the fields of the API's errors", () => {
    const coupon = { side: "buy", code: "A-1", kind: "percent", percentOff: 10, amountOff: 0, minOrderValue: 5_000, validFrom: "2026-01-01", validTo: "2026-01-31", oncePerCustomer: false, singleItemOnly: true, state: "expired", redemptions: 3 } as const;
    expect(couponValuesFrom(coupon)).toEqual({ code: "A-1", kind: "percent", percentOff: "10", amountOff: "", minOrderValue: "50", validFrom: "2026-01-01", validTo: "2026-01-31", oncePerCustomer: "", singleItemOnly: "on" });
    expect([couponFieldOf("body.percentOff", "buy"), couponFieldOf("body.bonusPercent", "buy"), couponFieldOf("params.code", "sell"), couponFieldOf("body", "sell")]).toEqual(["percentOff", null, "code", null]);
  });
});
