import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  netAfterTradeIn,
  CARRIER_INSURANCE_LIMIT,
  CARRIERS,
  EXPRESS_GRADING_FEE_CENTS,
  EXPRESS_GRADING_MAX_ITEMS,
  expressGradingProblem,
  FREE_LABEL_FROM_CENTS,
  LABEL_FEE_CENTS,
  MIN_SALE_CENTS,
  prepareCheckoutErrors,
  sellCouponProblem,
  sellTotals,
  type SellCartLine,
  type SellCoupon,
} from "./sell-cart-rules.ts";

const NOW = new Date("2026-01-10T12:00:00Z");
const DAY_MS = 86_400_000;

function line(overrides: Partial<SellCartLine> = {}): SellCartLine {
  return { price: 10_000, grade: "A1", media: false, ...overrides };
}
function lines(count: number, overrides: Partial<SellCartLine> = {}): SellCartLine[] {
  return Array.from({ length: count }, () => line(overrides));
}
function coupon(overrides: Partial<SellCoupon> = {}): SellCoupon {
  return {
    code: "BONUS10",
    bonusPercent: 10,
    maxBonusCents: 5_000,
    validFrom: new Date(NOW.getTime() - 7 * DAY_MS),
    validTo: new Date(NOW.getTime() + 7 * DAY_MS),
    ...overrides,
  };
}
const PLAIN = { coupon: null, expressGrading: false };

describe("sellTotals", () => {
  it("adds the items and pays them out when nothing else applies", () => {
    expect(sellTotals([line({ price: 10_000 }), line({ price: 5_000, grade: "A3" })], PLAIN)).toEqual({
      items: 15_000,
      couponBonus: 0,
      labelFee: 0,
      expressFee: 0,
      payout: 15_000,
      insuredValue: 15_000,
    });
  });

  it("adds the coupon's percentage of the items", () => {
    expect(sellTotals([line({ price: 10_000 }), line({ price: 5_000 })], { coupon: coupon(), expressGrading: false })).toMatchObject({
      items: 15_000,
      couponBonus: 1_500,
      payout: 16_500,
    });
  });

  it("rounds the bonus down to the cent", () => {
    // 10 % of 39.99 € is 3.999 € → 3.99 €; 7 % of 123.45 € is 8.6415 € → 8.64 €.
    expect(sellTotals([line({ price: 3_999 })], { coupon: coupon(), expressGrading: false }).couponBonus).toBe(399);
    expect(sellTotals([line({ price: 12_345 })], { coupon: coupon({ bonusPercent: 7 }), expressGrading: false }).couponBonus).toBe(864);
  });

  it("caps the bonus at the coupon's maximum", () => {
    const capped = coupon({ bonusPercent: 10, maxBonusCents: 1_000 });
    expect(sellTotals([line({ price: 9_990 })], { coupon: capped, expressGrading: false }).couponBonus).toBe(999);
    expect(sellTotals([line({ price: 10_000 })], { coupon: capped, expressGrading: false }).couponBonus).toBe(1_000);
    expect(sellTotals([line({ price: 50_000 }), line({ price: 50_000 })], { coupon: capped, expressGrading: false })).toMatchObject({
      couponBonus: 1_000,
      payout: 101_000,
    });
  });

  it("charges the label below the free-label value and not from it on", () => {
    expect(FREE_LABEL_FROM_CENTS).toBe(3_000);
    expect(sellTotals([line({ price: 2_999 })], PLAIN)).toMatchObject({ labelFee: LABEL_FEE_CENTS, payout: 2_999 - 395 });
    expect(sellTotals([line({ price: 3_000 })], PLAIN)).toMatchObject({ labelFee: 0, payout: 3_000 });
    expect(sellTotals([line({ price: 1_500 }), line({ price: 1_500 })], PLAIN)).toMatchObject({ labelFee: 0 });
    expect(sellTotals([line({ price: 1_500 }), line({ price: 1_499 })], PLAIN)).toMatchObject({ labelFee: 395 });
  });

  it("measures the free label on the items, not on the items plus the bonus", () => {
    // 29 € + 2.90 € bonus is above 30 €, but the items alone are not.
    expect(sellTotals([line({ price: 2_900 })], { coupon: coupon(), expressGrading: false })).toEqual({
      items: 2_900,
      couponBonus: 290,
      labelFee: 395,
      expressFee: 0,
      payout: 2_900 + 290 - 395,
      insuredValue: 2_900,
    });
  });

  it("charges express grading", () => {
    expect(sellTotals([line({ price: 10_000 })], { coupon: null, expressGrading: true })).toMatchObject({
      expressFee: EXPRESS_GRADING_FEE_CENTS,
      payout: 10_000 - 490,
    });
    expect(sellTotals([line({ price: 2_000 })], { coupon: coupon(), expressGrading: true })).toMatchObject({
      couponBonus: 200,
      labelFee: 395,
      expressFee: 490,
      payout: 2_000 + 200 - 395 - 490,
    });
  });

  it("never pays out less than nothing", () => {
    expect(sellTotals([line({ price: 500 })], { coupon: null, expressGrading: true })).toMatchObject({ labelFee: 395, expressFee: 490, payout: 0 });
    expect(sellTotals([line({ price: 885 })], { coupon: null, expressGrading: true })).toMatchObject({ payout: 0 });
    expect(sellTotals([line({ price: 886 })], { coupon: null, expressGrading: true })).toMatchObject({ payout: 1 });
    expect(sellTotals([line({ price: 0 })], PLAIN)).toMatchObject({ labelFee: 395, payout: 0 });
  });

  it("charges no label for an empty cart", () => {
    expect(sellTotals([], PLAIN)).toEqual({ items: 0, couponBonus: 0, labelFee: 0, expressFee: 0, payout: 0, insuredValue: 0 });
    expect(sellTotals([], { coupon: coupon(), expressGrading: true })).toMatchObject({ labelFee: 0, couponBonus: 0, payout: 0 });
  });

  it("insures the items' value, without bonus or fees", () => {
    expect(sellTotals([line({ price: 2_000 }), line({ price: 700, media: true })], { coupon: coupon(), expressGrading: true }).insuredValue).toBe(2_700);
  });

  it("property: the payout is the items plus the bonus less the fees, never negative; the bonus is within its cap and percentage", () => {
    const arbitraryLine = fc.record({ price: fc.integer({ min: 0, max: 500_000 }), grade: fc.constant("A2" as const), media: fc.boolean() });
    const arbitraryCoupon = fc.option(
      fc.record({ bonusPercent: fc.integer({ min: 0, max: 100 }), maxBonusCents: fc.integer({ min: 0, max: 100_000 }) }).map((c) => coupon(c)),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 50 }), arbitraryCoupon, fc.boolean(), (cart, c, expressGrading) => {
        const totals = sellTotals(cart, { coupon: c, expressGrading });
        const items = cart.reduce((sum, l) => sum + l.price, 0);
        expect(totals.items).toBe(items);
        expect(totals.insuredValue).toBe(items);
        expect(totals.couponBonus).toBeGreaterThanOrEqual(0);
        expect(totals.couponBonus).toBeLessThanOrEqual(c ? Math.min(c.maxBonusCents, (items * c.bonusPercent) / 100) : 0);
        expect(Number.isInteger(totals.couponBonus)).toBe(true);
        expect(totals.labelFee).toBe(cart.length > 0 && items < 3_000 ? 395 : 0);
        expect(totals.expressFee).toBe(expressGrading ? 490 : 0);
        expect(totals.payout).toBe(Math.max(0, items + totals.couponBonus - totals.labelFee - totals.expressFee));
      }),
    );
  });
});

describe("prepareCheckoutErrors", () => {
  const dhl = { carrier: "dhl" as const, expressGrading: false };

  it("has nothing against an ordinary cart", () => {
    expect(prepareCheckoutErrors([line(), line({ price: 2_000, media: true })], dhl)).toEqual([]);
  });

  it("stops a cart below the minimum and says how much is missing", () => {
    expect(MIN_SALE_CENTS).toBe(1_000);
    expect(prepareCheckoutErrors([line({ price: 999 })], dhl)).toEqual([{ type: "MinOrderThresholdUnfulfilledErrorDto", minimum: 1_000, missing: 1 }]);
    expect(prepareCheckoutErrors([line({ price: 300 }), line({ price: 450, media: true })], dhl)).toEqual([
      { type: "MinOrderThresholdUnfulfilledErrorDto", minimum: 1_000, missing: 250 },
    ]);
    expect(prepareCheckoutErrors([], dhl)).toEqual([{ type: "MinOrderThresholdUnfulfilledErrorDto", minimum: 1_000, missing: 1_000 }]);
  });

  it("lets a cart of exactly the minimum through", () => {
    expect(prepareCheckoutErrors([line({ price: 1_000 })], dhl)).toEqual([]);
    expect(prepareCheckoutErrors([line({ price: 600 }), line({ price: 400 })], dhl)).toEqual([]);
  });

  it("refuses Hermes above its 500 € insurance limit, up to it not", () => {
    const hermes = { carrier: "hermes" as const, expressGrading: false };
    expect(CARRIER_INSURANCE_LIMIT.hermes).toBe(50_000);
    expect(prepareCheckoutErrors([line({ price: 30_000 }), line({ price: 20_000 })], hermes)).toEqual([]);
    expect(prepareCheckoutErrors([line({ price: 30_000 }), line({ price: 20_001 })], hermes)).toEqual([
      { type: "InvalidCarrierForCurrentCartErrorDto", carrier: "hermes", insuredValue: 50_001, carrierLimit: 50_000 },
    ]);
    // DHL takes the same cart.
    expect(prepareCheckoutErrors([line({ price: 30_000 }), line({ price: 20_001 })], dhl)).toEqual([]);
  });

  it("refuses DHL above its 2 500 € insurance limit, up to it not", () => {
    expect(CARRIER_INSURANCE_LIMIT.dhl).toBe(250_000);
    expect(prepareCheckoutErrors(lines(25), dhl)).toEqual([]);
    expect(prepareCheckoutErrors([...lines(25), line({ price: 1 })], dhl)).toEqual([
      { type: "InvalidCarrierForCurrentCartErrorDto", carrier: "dhl", insuredValue: 250_001, carrierLimit: 250_000 },
    ]);
  });

  it("refuses express grading with media in the cart", () => {
    const express = { carrier: "dhl" as const, expressGrading: true };
    expect(prepareCheckoutErrors([line(), line({ price: 500, media: true })], express)).toEqual([
      { type: "ExpressGradingNotAvailableErrorDto", reason: "MEDIA_IN_CART" },
    ]);
    expect(prepareCheckoutErrors([line(), line({ price: 500, media: true })], dhl)).toEqual([]);
  });

  it("refuses express grading for more than five items, not for five", () => {
    const express = { carrier: "dhl" as const, expressGrading: true };
    expect(EXPRESS_GRADING_MAX_ITEMS).toBe(5);
    expect(prepareCheckoutErrors(lines(5), express)).toEqual([]);
    expect(prepareCheckoutErrors(lines(6), express)).toEqual([{ type: "ExpressGradingNotAvailableErrorDto", reason: "TOO_MANY_ITEMS" }]);
    expect(prepareCheckoutErrors(lines(6), dhl)).toEqual([]);
  });

  it("reports every problem at once: minimum, carrier, express grading", () => {
    expect(prepareCheckoutErrors([line({ price: 500, media: true })], { carrier: "hermes", expressGrading: true })).toEqual([
      { type: "MinOrderThresholdUnfulfilledErrorDto", minimum: 1_000, missing: 500 },
      { type: "ExpressGradingNotAvailableErrorDto", reason: "MEDIA_IN_CART" },
    ]);
    expect(prepareCheckoutErrors(lines(6), { carrier: "hermes", expressGrading: true })).toEqual([
      { type: "InvalidCarrierForCurrentCartErrorDto", carrier: "hermes", insuredValue: 60_000, carrierLimit: 50_000 },
      { type: "ExpressGradingNotAvailableErrorDto", reason: "TOO_MANY_ITEMS" },
    ]);
  });

  it("property: a carrier error exactly when the items exceed the carrier's limit", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 10 }), fc.constantFrom(...CARRIERS), (prices, carrier) => {
        const errors = prepareCheckoutErrors(
          prices.map((price) => line({ price })),
          { carrier, expressGrading: false },
        );
        const total = prices.reduce((a, b) => a + b, 0);
        expect(errors.some((e) => e.type === "InvalidCarrierForCurrentCartErrorDto")).toBe(total > CARRIER_INSURANCE_LIMIT[carrier]);
        expect(errors.some((e) => e.type === "MinOrderThresholdUnfulfilledErrorDto")).toBe(total < 1_000);
      }),
    );
  });
});

describe("expressGradingProblem", () => {
  it("names media first, then a long cart, and nothing for a handful of devices", () => {
    expect(expressGradingProblem([])).toBeNull();
    expect(expressGradingProblem(lines(1))).toBeNull();
    expect(expressGradingProblem(lines(5))).toBeNull();
    expect(expressGradingProblem(lines(6))).toBe("TOO_MANY_ITEMS");
    expect(expressGradingProblem([line({ media: true })])).toBe("MEDIA_IN_CART");
    expect(expressGradingProblem([...lines(7), line({ media: true })])).toBe("MEDIA_IN_CART");
  });
});

describe("sellCouponProblem", () => {
  it("does not find a missing coupon", () => {
    expect(sellCouponProblem(undefined, NOW, false)).toBe("SELL_COUPON::NOT_FOUND");
    expect(sellCouponProblem(undefined, NOW, true)).toBe("SELL_COUPON::NOT_FOUND");
  });

  it("applies within its window", () => {
    expect(sellCouponProblem(coupon(), NOW, false)).toBeNull();
  });

  it("has expired before its start and after its end", () => {
    const from = new Date(NOW.getTime() + DAY_MS);
    expect(sellCouponProblem(coupon({ validFrom: from }), NOW, false)).toBe("SELL_COUPON::EXPIRED");
    expect(sellCouponProblem(coupon({ validFrom: new Date(NOW.getTime() + 1) }), NOW, false)).toBe("SELL_COUPON::EXPIRED");
    expect(sellCouponProblem(coupon({ validTo: new Date(NOW.getTime() - 1) }), NOW, false)).toBe("SELL_COUPON::EXPIRED");
    expect(sellCouponProblem(coupon({ validFrom: new Date(NOW.getTime() - 30 * DAY_MS), validTo: new Date(NOW.getTime() - DAY_MS) }), NOW, false)).toBe(
      "SELL_COUPON::EXPIRED",
    );
  });

  it("applies at the very instants it starts and ends", () => {
    expect(sellCouponProblem(coupon({ validFrom: new Date(NOW) }), NOW, false)).toBeNull();
    expect(sellCouponProblem(coupon({ validTo: new Date(NOW) }), NOW, false)).toBeNull();
  });

  it("refuses a coupon the customer has already used", () => {
    expect(sellCouponProblem(coupon(), NOW, true)).toBe("SELL_COUPON::ALREADY_USED");
  });

  it("calls a used coupon outside its window expired", () => {
    expect(sellCouponProblem(coupon({ validTo: new Date(NOW.getTime() - DAY_MS) }), NOW, true)).toBe("SELL_COUPON::EXPIRED");
  });

  it("works with the real clock", () => {
    const now = new Date(Date.now());
    const current = coupon({ validFrom: new Date(now.getTime() - DAY_MS), validTo: new Date(now.getTime() + DAY_MS) });
    expect(sellCouponProblem(current, now, false)).toBeNull();
    expect(sellCouponProblem(current, new Date(now.getTime() + 2 * DAY_MS), false)).toBe("SELL_COUPON::EXPIRED");
  });
});

describe("netAfterTradeIn", () => {
  it("counts the trade-in payout against the order total, never below nothing", () => {
    expect(netAfterTradeIn(75_899, 33_300)).toBe(42_599);
    expect(netAfterTradeIn(10_000, 33_300)).toBe(0);
  });
});
