import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitTax } from "../stock/units.ts";
import { centsAsDecimal, dayPeriod, daysCovered, isReportDay, isReportMonth, monthPeriod, refundCorrection, shopDateTime, shopMonthOf } from "./reports.ts";

describe("report periods", () => {
  it("covers a month from its first to its last instant in the shop's time zone, summer and winter", () => {
    expect(monthPeriod("2026-07")).toEqual({ from: new Date("2026-06-30T22:00:00Z"), until: new Date("2026-07-31T22:00:00Z") });
    expect(monthPeriod("2026-12")).toEqual({ from: new Date("2026-11-30T23:00:00Z"), until: new Date("2026-12-31T23:00:00Z") });
    // The month the clocks go forward: starts in winter time, ends in summer time.
    expect(monthPeriod("2026-03")).toEqual({ from: new Date("2026-02-28T23:00:00Z"), until: new Date("2026-03-31T22:00:00Z") });
    expect(shopMonthOf(new Date("2026-06-30T22:00:00Z"))).toBe("2026-07");
    expect(shopMonthOf(new Date("2026-06-30T21:59:59.999Z"))).toBe("2026-06");
  });

  it("covers a range of days with both ends included", () => {
    expect(dayPeriod("2026-07-01", "2026-07-01")).toEqual({ from: new Date("2026-06-30T22:00:00Z"), until: new Date("2026-07-01T22:00:00Z") });
    expect(daysCovered("2026-07-01", "2026-07-01")).toBe(1);
    expect(daysCovered("2028-01-01", "2028-12-31")).toBe(366);
    expect(daysCovered("2026-07-02", "2026-07-01")).toBe(0);
  });

  it("takes months and days that exist, from 2000 on", () => {
    expect(["2026-07", "2000-01", "9999-12"].every(isReportMonth)).toBe(true);
    expect(["2026-13", "2026-00", "1999-12", "2026-7", "202607", "2026-07-01", " 2026-07"].some(isReportMonth)).toBe(false);
    expect(["2026-02-28", "2028-02-29"].every(isReportDay)).toBe(true);
    expect(["2026-02-29", "2026-04-31", "1999-12-31", "2026-7-1", "2026-07-01T00:00"].some(isReportDay)).toBe(false);
  });
});

describe("refundCorrection", () => {
  const item = { salePrice: 30_000, purchasePrice: 20_000 };

  it("takes a used unit's whole margin and its VAT back when it is refunded in full", () => {
    const sold = unitTax("margin", 30_000, 20_000);
    expect(refundCorrection("margin", item, 0, 30_000)).toEqual({ margin: -sold.margin, vatAmount: -sold.vatAmount });
  });

  it("lowers the margin by a partial refund, and only down to 0: a loss is not offset (§ 25a, one unit at a time)", () => {
    // 300 € sold, 200 € paid: 50 € back leaves a margin of 50 €.
    expect(refundCorrection("margin", item, 0, 5_000)).toEqual({ margin: -5_000, vatAmount: unitTax("margin", 25_000, 20_000).vatAmount - unitTax("margin", 30_000, 20_000).vatAmount });
    // 150 € back: the margin would be −50 €, it ends at 0.
    expect(refundCorrection("margin", item, 0, 15_000)).toEqual({ margin: -10_000, vatAmount: -1_597 });
    // A unit sold at a loss has no margin and no VAT to correct.
    expect(refundCorrection("margin", { salePrice: 15_000, purchasePrice: 20_000 }, 0, 5_000)).toEqual({ margin: 0, vatAmount: 0 });
  });

  it("takes back the VAT in a new unit's refunded price", () => {
    expect(refundCorrection("standard", { salePrice: 11_900, purchasePrice: 8_000 }, 0, 11_900)).toEqual({ margin: -11_900, vatAmount: -1_900 });
    expect(refundCorrection("standard", { salePrice: 11_900, purchasePrice: 8_000 }, 0, 1_190)).toEqual({ margin: -1_190, vatAmount: -190 });
  });

  it("has nothing to say without the unit's purchase price", () => {
    expect(refundCorrection("margin", { salePrice: 30_000, purchasePrice: null }, 0, 1_000)).toBeNull();
  });

  it("property: refunds in several parts correct exactly what one refund of their sum would", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 0, max: 200_000 }), fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 6 }), fc.constantFrom<"margin" | "standard">("margin", "standard"), (salePrice, purchasePrice, parts, scheme) => {
        let refunded = 0;
        const sums = { margin: 0, vatAmount: 0 };
        for (const part of parts) {
          const amount = Math.min(part, salePrice - refunded);
          if (amount < 1) break;
          const c = refundCorrection(scheme, { salePrice, purchasePrice }, refunded, amount)!;
          sums.margin += c.margin;
          sums.vatAmount += c.vatAmount;
          refunded += amount;
        }
        const sold = unitTax(scheme, salePrice, purchasePrice);
        const left = unitTax(scheme, salePrice - refunded, purchasePrice);
        expect(sums).toEqual({ margin: left.margin - sold.margin, vatAmount: left.vatAmount - sold.vatAmount });
      }),
    );
  });
});

describe("CSV cells", () => {
  it("writes cents as euros with a decimal point and no thousands separators", () => {
    expect(centsAsDecimal(0)).toBe("0.00");
    expect(centsAsDecimal(5)).toBe("0.05");
    expect(centsAsDecimal(123_456)).toBe("1234.56");
    expect(centsAsDecimal(-5)).toBe("-0.05");
    expect(centsAsDecimal(-100_000_000)).toBe("-1000000.00");
  });

  it("writes an instant as the shop's wall clock reads it", () => {
    expect(shopDateTime("2026-07-14T08:22:05.123Z")).toBe("2026-07-14 10:22:05");
    expect(shopDateTime(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01 00:30:00");
  });
});
