import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUESTION_SETS, QUESTIONS, QUESTIONS_OF, type GradingAnswers, type QuestionId, type QuestionSet } from "./grading.ts";
import {
  computeOffer,
  GRADE_SHARE,
  MEDIA_SHARE,
  MIN_OFFER_CENTS,
  OFFER_VALID_DAYS,
  purchasePriceOf,
  purchasePriceOrderProblem,
  purchasePricesOf,
  sellGradesOf,
  type GradePurchasePrices,
  type Offer,
} from "./offers.ts";
import { PERFECT_DEVICE } from "./test-answers.ts";

const NOW = new Date("2026-01-10T12:00:00Z");
const DAY_MS = 86_400_000;

const DEVICE: GradingAnswers = { switchesOn: "yes", fullyWorks: "yes", housing: "flawless", waterDamage: "no", accessories: "yes" };

function phone(pricePurchase: number, overrides: GradingAnswers = {}): Offer {
  return computeOffer({ set: "phone", pricePurchase, answers: { ...PERFECT_DEVICE, ...overrides }, now: NOW });
}
function device(pricePurchase: number, overrides: GradingAnswers = {}): Offer {
  return computeOffer({ set: "device", pricePurchase, answers: { ...DEVICE, ...overrides }, now: NOW });
}
function medium(pricePurchase: number, mediaCondition: NonNullable<GradingAnswers["mediaCondition"]>, mediaComplete: "yes" | "no" = "yes"): Offer {
  return computeOffer({ set: "media", pricePurchase, answers: { mediaComplete, mediaCondition }, now: NOW });
}

function okOffer(offer: Offer): Extract<Offer, { ok: true }> {
  if (!offer.ok) throw new Error(`expected an offer, got the refusal ${offer.refusal}`);
  return offer;
}

describe("computeOffer", () => {
  it("pays the full purchase price for A0 and the grade's share below it", () => {
    expect(phone(25_000)).toEqual({
      ok: true,
      grade: "A0",
      price: 25_000,
      breakdown: [{ kind: "base", amount: 25_000 }],
      validUntil: new Date("2026-01-24T12:00:00Z"),
    });
    expect(phone(25_000, { display: "faint" })).toMatchObject({ ok: true, grade: "A1", price: 22_500 });
    expect(phone(25_000, { display: "light" })).toMatchObject({ ok: true, grade: "A2", price: 19_500, breakdown: [{ kind: "base", amount: 19_500 }] });
    expect(phone(25_000, { housing: "visible" })).toMatchObject({ ok: true, grade: "A3", price: 16_000 });
    expect(phone(25_000, { housing: "heavy" })).toMatchObject({ ok: true, grade: "A4", price: 12_000 });
    expect(phone(25_000, { display: "broken" })).toMatchObject({ ok: true, grade: "DEFECT", price: 3_750 });
  });

  it("rounds the base down to ten cents", () => {
    // 123.45 € → 123.40 €; 90 % of 123.45 € is 111.105 € → 111.10 €; 78 % is 96.291 € → 96.20 €.
    expect(phone(12_345)).toMatchObject({ price: 12_340, breakdown: [{ kind: "base", amount: 12_340 }] });
    expect(phone(12_345, { housing: "faint" })).toMatchObject({ price: 11_110 });
    expect(phone(12_345, { housing: "light" })).toMatchObject({ price: 9_620 });
    expect(phone(12_349, { housing: "faint" })).toMatchObject({ price: 11_110 });
    expect(phone(12_350, { housing: "faint" })).toMatchObject({ price: 11_110 });
    expect(phone(12_357, { housing: "faint" })).toMatchObject({ price: 11_120 });
    expect(phone(19, { housing: "flawless" })).toMatchObject({ ok: false, refusal: "BELOW_MINIMUM" });
  });

  it("takes 12 % of the base off for a battery below 80 %, the price rounded down to ten cents", () => {
    const offer = okOffer(phone(25_000, { display: "light", batteryHealth: "no" }));
    expect(offer.breakdown).toEqual([
      { kind: "base", amount: 19_500 },
      { kind: "battery", amount: -2_340 },
    ]);
    expect(offer.price).toBe(17_160);
    // 88 % of 123.40 € is 108.592 € → 108.50 €, so the deduction is 14.90 €.
    expect(okOffer(phone(12_345, { batteryHealth: "no" })).breakdown).toEqual([
      { kind: "base", amount: 12_340 },
      { kind: "battery", amount: -1_490 },
    ]);
  });

  it("takes 5 % of the base off for missing accessories, the price rounded down to ten cents", () => {
    // 95 % of 195 € is 185.25 € → 185.20 €, so the deduction is 9.80 €.
    const offer = okOffer(phone(25_000, { display: "light", accessories: "no" }));
    expect(offer.breakdown).toEqual([
      { kind: "base", amount: 19_500 },
      { kind: "accessories", amount: -980 },
    ]);
    expect(offer.price).toBe(18_520);
    expect(okOffer(device(10_000, { accessories: "no" })).breakdown).toEqual([
      { kind: "base", amount: 10_000 },
      { kind: "accessories", amount: -500 },
    ]);
  });

  it("takes both deductions from the base, not one from the other", () => {
    const offer = okOffer(phone(25_000, { display: "light", batteryHealth: "no", accessories: "no" }));
    expect(offer.breakdown).toEqual([
      { kind: "base", amount: 19_500 },
      { kind: "battery", amount: -2_340 },
      { kind: "accessories", amount: -980 },
    ]);
    // 83 % of 195 € is 161.85 € → 161.80 €: rounded once, the last deduction takes the rounding.
    expect(offer.price).toBe(16_180);
    // 83 % of 123.40 € is 102.422 € → 102.40 €.
    expect(okOffer(phone(12_345, { batteryHealth: "no", accessories: "no" })).price).toBe(10_240);
  });

  it("gives a defective device no battery deduction, but still the accessories one", () => {
    const offer = okOffer(phone(25_000, { switchesOn: "no", batteryHealth: "no", accessories: "no" }));
    expect(offer.grade).toBe("DEFECT");
    // 15 % of 250 € is 37.50 €; 95 % of that is 35.625 € → 35.60 €.
    expect(offer.breakdown).toEqual([
      { kind: "base", amount: 3_750 },
      { kind: "accessories", amount: -190 },
    ]);
    expect(offer.price).toBe(3_560);
    expect(okOffer(phone(25_000, { waterDamage: "yes", batteryHealth: "no" })).breakdown).toEqual([{ kind: "base", amount: 3_750 }]);
  });

  it("has a breakdown that sums to the price", () => {
    for (const offer of [
      phone(25_000, { display: "light", batteryHealth: "no", accessories: "no" }),
      phone(12_345, { housing: "heavy", batteryHealth: "no" }),
      phone(99_999, { fullyWorks: "no", accessories: "no" }),
      device(4_321, { housing: "visible", accessories: "no" }),
      medium(1_999, "good"),
    ]) {
      const { price, breakdown } = okOffer(offer);
      expect(breakdown.reduce((sum, line) => sum + line.amount, 0)).toBe(price);
    }
  });

  it("holds for 14 days from now", () => {
    expect(OFFER_VALID_DAYS).toBe(14);
    expect(okOffer(phone(25_000)).validUntil).toEqual(new Date("2026-01-24T12:00:00Z"));
    const now = new Date(Date.now());
    const offer = okOffer(computeOffer({ set: "media", pricePurchase: 1_000, answers: { mediaComplete: "yes", mediaCondition: "good" }, now }));
    expect(offer.validUntil.getTime() - now.getTime()).toBe(14 * DAY_MS);
  });

  it("does not change the date it was given", () => {
    const now = new Date(NOW);
    computeOffer({ set: "phone", pricePurchase: 25_000, answers: PERFECT_DEVICE, now });
    expect(now).toEqual(NOW);
  });

  describe("media", () => {
    it("pays the media shares: 100 %, 85 %, 70 % and 40 %", () => {
      expect(medium(2_000, "like-new")).toMatchObject({ ok: true, grade: "A0", price: 2_000 });
      expect(medium(2_000, "very-good")).toMatchObject({ ok: true, grade: "A1", price: 1_700 });
      expect(medium(2_000, "good")).toMatchObject({ ok: true, grade: "A2", price: 1_400 });
      expect(medium(2_000, "acceptable")).toMatchObject({ ok: true, grade: "A3", price: 800 });
      // 85 % of 19.99 € is 16.9915 € → 16.90 €; 40 % is 7.996 € → 7.90 €.
      expect(medium(1_999, "very-good")).toMatchObject({ price: 1_690, breakdown: [{ kind: "base", amount: 1_690 }] });
      expect(medium(1_999, "acceptable")).toMatchObject({ price: 790 });
    });

    it("refuses an incomplete or poor medium, without a grade", () => {
      expect(medium(2_000, "like-new", "no")).toEqual({ ok: false, refusal: "MEDIA_INCOMPLETE", grade: null });
      expect(medium(2_000, "poor")).toEqual({ ok: false, refusal: "MEDIA_POOR", grade: null });
    });
  });

  it("refuses a locked device without a grade", () => {
    expect(phone(25_000, { activationLockRemoved: "no" })).toEqual({ ok: false, refusal: "ACTIVATION_LOCK", grade: null });
  });

  describe("minimum offer", () => {
    it("refuses a device offer below one euro, with the grade it would have had", () => {
      expect(MIN_OFFER_CENTS.device).toBe(100);
      // 15 % of 6.60 € is 0.99 € → 0.90 €.
      expect(phone(660, { display: "broken" })).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "DEFECT" });
      // 15 % of 6.67 € is 1.0005 € → 1.00 €: exactly the minimum.
      expect(phone(667, { display: "broken" })).toMatchObject({ ok: true, grade: "DEFECT", price: 100 });
      // 48 % of 2 € is 0.96 € → 0.90 €.
      expect(device(200, { housing: "heavy" })).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "A4" });
      expect(device(100)).toMatchObject({ ok: true, price: 100 });
      expect(device(99)).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "A0" });
      expect(device(0)).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "A0" });
    });

    it("counts the price after deductions against the minimum", () => {
      // 88 % of 1.20 € is 1.056 € → 1.00 €.
      expect(phone(120, { batteryHealth: "no" })).toMatchObject({ ok: true, price: 100 });
      // 88 % of 1.10 € is 0.968 € → 0.90 €.
      expect(phone(110, { batteryHealth: "no" })).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "A0" });
    });

    it("refuses a medium below 15 cents, which in ten-cent steps means below 20 cents", () => {
      expect(MIN_OFFER_CENTS.media).toBe(15);
      // 40 % of 0.30 € is 0.12 € → 0.10 €.
      expect(medium(30, "acceptable")).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "A3" });
      expect(medium(50, "acceptable")).toMatchObject({ ok: true, grade: "A3", price: 20 });
      expect(medium(19, "like-new")).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "A0" });
      expect(medium(20, "like-new")).toMatchObject({ ok: true, price: 20 });
    });

    it("buys a medium a device of the same price would be refused for", () => {
      expect(medium(50, "like-new")).toMatchObject({ ok: true, price: 50 });
      expect(device(50)).toMatchObject({ ok: false, refusal: "BELOW_MINIMUM" });
    });
  });

  describe("properties", () => {
    /** Any answer, valid for the set, to every question of the set. */
    function arbitraryAnswers(set: QuestionSet): fc.Arbitrary<GradingAnswers> {
      const record: Record<string, fc.Arbitrary<string>> = {};
      for (const q of QUESTIONS_OF[set]) record[q] = fc.constantFrom(...QUESTIONS[q]);
      return fc.record(record).map((answers) => answers as GradingAnswers);
    }
    const arbitraryCase = fc
      .constantFrom(...QUESTION_SETS)
      .chain((set) => fc.record({ set: fc.constant(set), answers: arbitraryAnswers(set), pricePurchase: fc.integer({ min: 0, max: 5_000_000 }) }));

    it("property: a price is a multiple of ten cents, at least the minimum, never above the purchase price, and its breakdown sums to it", () => {
      fc.assert(
        fc.property(arbitraryCase, ({ set, answers, pricePurchase }) => {
          const offer = computeOffer({ set, pricePurchase, answers, now: NOW });
          if (!offer.ok) return;
          expect(offer.price % 10).toBe(0);
          expect(offer.price).toBeGreaterThanOrEqual(0);
          expect(offer.price).toBeGreaterThanOrEqual(MIN_OFFER_CENTS[set === "media" ? "media" : "device"]);
          expect(offer.price).toBeLessThanOrEqual(pricePurchase);
          expect(offer.breakdown[0]?.kind).toBe("base");
          expect(offer.breakdown.slice(1).every((line) => line.amount <= 0 && line.amount % 10 === 0)).toBe(true);
          expect(offer.breakdown.reduce((sum, line) => sum + line.amount, 0)).toBe(offer.price);
          expect(offer.validUntil.getTime() - NOW.getTime()).toBe(OFFER_VALID_DAYS * DAY_MS);
        }),
      );
    });

    it("property: the base is the grade's share of the purchase price, rounded down to ten cents", () => {
      fc.assert(
        fc.property(arbitraryCase, ({ set, answers, pricePurchase }) => {
          const offer = computeOffer({ set, pricePurchase, answers, now: NOW });
          if (!offer.ok) return;
          const share = set === "media" ? MEDIA_SHARE[offer.grade] : GRADE_SHARE[offer.grade];
          expect(share).toBeDefined();
          const base = offer.breakdown[0]?.amount ?? -1;
          // The exact share lies in [base, base + 10 cents).
          expect(base * 1000).toBeLessThanOrEqual(pricePurchase * (share ?? 0));
          expect((base + 10) * 1000).toBeGreaterThan(pricePurchase * (share ?? 0));
        }),
      );
    });

    /** The questions whose options run from best to worst. */
    const COSMETIC: Record<QuestionSet, readonly QuestionId[]> = {
      phone: ["display", "housing"],
      tablet: ["display", "housing"],
      laptop: ["display", "housing"],
      watch: ["display", "housing"],
      device: ["housing"],
      media: ["mediaCondition"],
    };

    it("property: a strictly better cosmetic answer, all else equal, never gives a lower offer", () => {
      const arbitraryComparison = arbitraryCase.chain((c) =>
        fc.record({
          case: fc.constant(c),
          question: fc.constantFrom(...COSMETIC[c.set]),
          pair: fc.tuple(fc.nat(), fc.nat()),
        }),
      );
      fc.assert(
        fc.property(arbitraryComparison, ({ case: { set, answers, pricePurchase }, question, pair }) => {
          const options = QUESTIONS[question] as readonly string[];
          const a = pair[0] % options.length;
          const b = pair[1] % options.length;
          fc.pre(a !== b);
          const better = options[Math.min(a, b)];
          const worse = options[Math.max(a, b)];
          const betterOffer = computeOffer({ set, pricePurchase, answers: { ...answers, [question]: better } as GradingAnswers, now: NOW });
          const worseOffer = computeOffer({ set, pricePurchase, answers: { ...answers, [question]: worse } as GradingAnswers, now: NOW });
          if (worseOffer.ok) {
            expect(betterOffer.ok).toBe(true);
            if (betterOffer.ok) expect(betterOffer.price).toBeGreaterThanOrEqual(worseOffer.price);
          }
          if (!betterOffer.ok && betterOffer.refusal !== "MEDIA_POOR") expect(worseOffer.ok).toBe(false);
        }),
        { numRuns: 500 },
      );
    });

    it("property: a higher purchase price, all else equal, never gives a lower offer", () => {
      fc.assert(
        fc.property(arbitraryCase, fc.integer({ min: 0, max: 100_000 }), ({ set, answers, pricePurchase }, more) => {
          const low = computeOffer({ set, pricePurchase, answers, now: NOW });
          const high = computeOffer({ set, pricePurchase: pricePurchase + more, answers, now: NOW });
          if (low.ok) {
            expect(high.ok).toBe(true);
            if (high.ok) expect(high.price).toBeGreaterThanOrEqual(low.price);
          }
        }),
        { numRuns: 500 },
      );
    });
  });

  describe("purchase prices per grade", () => {
    it("pays staff's price for the grade the answers give, and the grade's share where staff set none", () => {
      const gradePrices: GradePurchasePrices = { A0: 27_000, A2: 15_000 };
      expect(computeOffer({ set: "phone", pricePurchase: 25_000, gradePrices, answers: PERFECT_DEVICE, now: NOW })).toMatchObject({ ok: true, grade: "A0", price: 27_000 });
      expect(computeOffer({ set: "phone", pricePurchase: 25_000, gradePrices, answers: { ...PERFECT_DEVICE, display: "light" }, now: NOW })).toMatchObject({ grade: "A2", price: 15_000 });
      // A1 was not set: 90 % of the best-grade price, as before.
      expect(computeOffer({ set: "phone", pricePurchase: 25_000, gradePrices, answers: { ...PERFECT_DEVICE, display: "faint" }, now: NOW })).toMatchObject({ grade: "A1", price: 22_500 });
    });

    it("takes the deductions off staff's price as off the computed one", () => {
      const offer = okOffer(computeOffer({ set: "phone", pricePurchase: 25_000, gradePrices: { A0: 30_000 }, answers: { ...PERFECT_DEVICE, batteryHealth: "no", accessories: "no" }, now: NOW }));
      expect(offer.breakdown).toEqual([
        { kind: "base", amount: 30_000 },
        { kind: "battery", amount: -3_600 },
        { kind: "accessories", amount: -1_500 },
      ]);
      expect(offer.price).toBe(24_900);
    });

    it("without staff's prices is the offer of the shares, for every set and grade", () => {
      for (const set of ["phone", "device", "media"] as const) {
        for (const grade of sellGradesOf(set)) {
          const share = (set === "media" ? MEDIA_SHARE : GRADE_SHARE)[grade]!;
          expect(purchasePriceOf({ set, pricePurchase: 19_990, gradePrices: {} }, grade)).toBe(Math.floor((19_990 * share) / 10_000) * 10);
        }
      }
      expect(sellGradesOf("media")).toEqual(["A0", "A1", "A2", "A3"]);
      expect(sellGradesOf("phone")).toEqual(["A0", "A1", "A2", "A3", "A4", "DEFECT"]);
      expect(purchasePriceOf({ set: "media", pricePurchase: 2_000, gradePrices: { A4: 500 } }, "A4")).toBe(0);
    });

    it("lists each grade's price with the computed one and whether staff set it", () => {
      expect(purchasePricesOf({ set: "media", pricePurchase: 2_000, gradePrices: { A1: 1_500 } })).toEqual([
        { grade: "A0", price: 2_000, computed: 2_000, set: false },
        { grade: "A1", price: 1_500, computed: 1_700, set: true },
        { grade: "A2", price: 1_400, computed: 1_400, set: false },
        { grade: "A3", price: 800, computed: 800, set: false },
      ]);
    });

    it("finds a worse grade paid more than a better one, staff's and computed prices together", () => {
      expect(purchasePriceOrderProblem({ set: "phone", pricePurchase: 25_000, gradePrices: {} })).toBeNull();
      expect(purchasePriceOrderProblem({ set: "phone", pricePurchase: 25_000, gradePrices: { A2: 19_500, A1: 20_000 } })).toBeNull();
      expect(purchasePriceOrderProblem({ set: "phone", pricePurchase: 25_000, gradePrices: { A3: 20_000 } })).toBe("A3");
      expect(purchasePriceOrderProblem({ set: "phone", pricePurchase: 25_000, gradePrices: { A0: 10_000 } })).toBe("A1");
    });

    it("property: with staff's prices in order, a better answer still never gives a lower offer", () => {
      const ordered = fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 6, maxLength: 6 }).map((prices) => {
        const sorted = prices.map((p) => p * 10).sort((a, b) => b - a);
        return Object.fromEntries(sellGradesOf("phone").map((grade, i) => [grade, sorted[i]!])) as GradePurchasePrices;
      });
      fc.assert(
        fc.property(ordered, fc.constantFrom(...QUESTIONS.display), fc.constantFrom(...QUESTIONS.display), (gradePrices, a, b) => {
          const [better, worse] = QUESTIONS.display.indexOf(a) <= QUESTIONS.display.indexOf(b) ? [a, b] : [b, a];
          const offerOf = (display: typeof a) => computeOffer({ set: "phone", pricePurchase: 0, gradePrices, answers: { ...PERFECT_DEVICE, display }, now: NOW });
          const [high, low] = [offerOf(better), offerOf(worse)];
          if (low.ok && high.ok) expect(high.price).toBeGreaterThanOrEqual(low.price);
        }),
      );
    });
  });
});
