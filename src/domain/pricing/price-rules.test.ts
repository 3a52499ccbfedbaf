import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { belowPurchasePrice, marginOf, nearestNinetyNine, ninetyNineAtLeast, planPriceChanges, rulePrice, type PricedVariant } from "./price-rules.ts";

describe("prices ending in .99", () => {
  it("rounds to the nearest .99, a tie upwards, never below 0.99", () => {
    expect(nearestNinetyNine(85_914)).toBe(85_899);
    expect(nearestNinetyNine(85_950)).toBe(85_999);
    expect(nearestNinetyNine(85_948)).toBe(85_899);
    expect(nearestNinetyNine(85_949)).toBe(85_999);
    expect(nearestNinetyNine(85_999)).toBe(85_999);
    expect(nearestNinetyNine(86_000)).toBe(85_999);
    expect(nearestNinetyNine(86_048)).toBe(85_999);
    expect(nearestNinetyNine(86_049)).toBe(86_099);
    expect(nearestNinetyNine(12)).toBe(99);
    expect(nearestNinetyNine(0)).toBe(99);
  });

  it("rounds a floor up to the next .99", () => {
    expect(ninetyNineAtLeast(30_000)).toBe(30_099);
    expect(ninetyNineAtLeast(30_099)).toBe(30_099);
    expect(ninetyNineAtLeast(30_100)).toBe(30_199);
    expect(ninetyNineAtLeast(29_999)).toBe(29_999);
    expect(ninetyNineAtLeast(1)).toBe(99);
  });

  it("property: both end in .99, the nearest within half a euro, the floor at or above and less than a euro over", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), (cents) => {
        const nearest = nearestNinetyNine(cents);
        const atLeast = ninetyNineAtLeast(cents);
        expect(nearest % 100).toBe(99);
        expect(atLeast % 100).toBe(99);
        expect(Math.abs(nearest - cents)).toBeLessThanOrEqual(50);
        expect(atLeast).toBeGreaterThanOrEqual(cents);
        expect(atLeast - cents).toBeLessThan(100);
      }),
    );
  });
});

describe("rulePrice", () => {
  it("sets the grade's share of the new price, rounded to .99", () => {
    // 86 % of 999.00 is 859.14.
    expect(rulePrice({ bluePrice: 99_900, sharePerMille: 860, highestPurchasePrice: null, minMargin: 5_000 })).toEqual({ target: 85_899, floor: null, price: 85_899, floorApplied: false });
    expect(rulePrice({ bluePrice: 1_999, sharePerMille: 1000, highestPurchasePrice: null, minMargin: null }).price).toBe(1_999);
    // 62.5 % of 39.99 is 24.99375.
    expect(rulePrice({ bluePrice: 3_999, sharePerMille: 625, highestPurchasePrice: null, minMargin: null }).price).toBe(2_499);
  });

  it("keeps the price above the dearest unit in stock plus the margin, rounded up to .99", () => {
    // 60 % of 500.00 is 300.00 → 299.99, below 280.00 + 30.00.
    expect(rulePrice({ bluePrice: 50_000, sharePerMille: 600, highestPurchasePrice: 28_000, minMargin: 3_000 })).toEqual({ target: 29_999, floor: 31_099, price: 31_099, floorApplied: true });
    // Above the floor: the share stands.
    expect(rulePrice({ bluePrice: 50_000, sharePerMille: 700, highestPurchasePrice: 28_000, minMargin: 3_000 })).toEqual({ target: 34_999, floor: 31_099, price: 34_999, floorApplied: false });
    // A margin of 0 still keeps the price at or above what the unit cost.
    expect(rulePrice({ bluePrice: 50_000, sharePerMille: 500, highestPurchasePrice: 26_050, minMargin: 0 }).price).toBe(26_099);
  });

  it("has no floor without units in stock or without a margin in the rule", () => {
    expect(rulePrice({ bluePrice: 50_000, sharePerMille: 400, highestPurchasePrice: null, minMargin: 3_000 })).toMatchObject({ floor: null, price: 19_999, floorApplied: false });
    expect(rulePrice({ bluePrice: 50_000, sharePerMille: 400, highestPurchasePrice: 28_000, minMargin: null })).toMatchObject({ floor: null, price: 19_999, floorApplied: false });
  });

  it("property: with a floor, the price never lies below the dearest unit plus the margin, and always ends in .99", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (bluePrice, sharePerMille, purchase, minMargin) => {
          const priced = rulePrice({ bluePrice, sharePerMille, highestPurchasePrice: purchase, minMargin });
          expect(priced.price % 100).toBe(99);
          expect(priced.price).toBeGreaterThanOrEqual(purchase + minMargin);
          expect(belowPurchasePrice(priced.price, purchase)).toBe(false);
          expect(priced.price).toBe(Math.max(priced.target, priced.floor!));
        },
      ),
    );
  });
});

describe("planPriceChanges", () => {
  const variant = (over: Partial<PricedVariant>): PricedVariant => ({
    productId: 1,
    productName: "Phone",
    grade: "A1",
    bluePrice: 50_000,
    price: 40_000,
    inStock: 2,
    highestPurchasePrice: 20_000,
    overridden: false,
    ...over,
  });

  it("lists the prices that change, sorted by product and grade, and counts what it left and why", () => {
    const plan = planPriceChanges({ shares: { A1: 800, A4: 500 }, minMargin: 2_000 }, [
      variant({ productId: 2, grade: "A4", price: 30_000, highestPurchasePrice: 26_000 }),
      variant({ productId: 2, grade: "A1", price: 39_999 }),
      variant({ productId: 1, grade: "A4", price: 10_000, inStock: 0, highestPurchasePrice: null }),
      variant({ productId: 1, grade: "A1", overridden: true }),
      variant({ productId: 1, grade: "A2" }),
    ]);
    expect(plan.changes.map((c) => [c.productId, c.grade, c.oldPrice, c.newPrice, c.floorApplied])).toEqual([
      [1, "A4", 10_000, 24_999, false],
      [2, "A4", 30_000, 28_099, true],
    ]);
    expect(plan.counts).toEqual({ considered: 4, changed: 2, raised: 1, lowered: 1, unchanged: 1, overridden: 1, floorApplied: 1, belowPurchasePrice: 0 });
  });

  it("marks a price below what the dearest unit cost when the rule has no floor", () => {
    const plan = planPriceChanges({ shares: { A3: 300 }, minMargin: null }, [variant({ grade: "A3", price: 25_000, highestPurchasePrice: 20_000 })]);
    expect(plan.changes).toEqual([
      { productId: 1, productName: "Phone", grade: "A3", oldPrice: 25_000, newPrice: 14_999, target: 14_999, floorApplied: false, highestPurchasePrice: 20_000, belowPurchasePrice: true, inStock: 2 },
    ]);
    expect(plan.counts.belowPurchasePrice).toBe(1);
  });

  it("changes nothing when applied to its own result: applying twice is applying once", () => {
    const variants = [variant({ grade: "A0" }), variant({ grade: "A1", highestPurchasePrice: 39_000 }), variant({ grade: "NEW", price: 1 })];
    const rule = { shares: { NEW: 1000, A0: 900, A1: 700 }, minMargin: 1_000 };
    const first = planPriceChanges(rule, variants);
    const after = variants.map((v) => ({ ...v, price: first.changes.find((c) => c.grade === v.grade)?.newPrice ?? v.price }));
    expect(first.counts.changed).toBe(3);
    expect(planPriceChanges(rule, after)).toMatchObject({ changes: [], counts: { changed: 0, unchanged: 3 } });
  });

  it("tells the margin on the dearest unit", () => {
    expect(marginOf(30_099, 28_000)).toBe(2_099);
    expect(marginOf(30_099, null)).toBeNull();
  });
});
