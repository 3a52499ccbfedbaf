/**
 * What the shop pays: the product's purchase price for the best grade, scaled by the grade the
 * answers give, less what a weak battery or missing accessories cost to put right. Pure, so the
 * offer a seller sees, the cart and the sale all compute the same number.
 */
import { gradeOf, type GradingAnswers, type QuestionSet, type Refusal, type SellGrade } from "./grading.ts";

/** Share of the best-grade purchase price paid per grade, in per mille. */
export const GRADE_SHARE: Record<SellGrade, number> = { A0: 1000, A1: 900, A2: 780, A3: 640, A4: 480, DEFECT: 150 };
/** Media have a fixed price per condition: the same shares without a defective grade. */
export const MEDIA_SHARE: Partial<Record<SellGrade, number>> = { A0: 1000, A1: 850, A2: 700, A3: 400 };
/** A new battery costs the shop about this share of the graded price. */
export const BATTERY_DEDUCTION_PER_MILLE = 120;
/** Charger and cable to buy in. */
export const ACCESSORIES_DEDUCTION_PER_MILLE = 50;
/** Below these the handling costs more than the item is worth. */
export const MIN_OFFER_CENTS = { device: 100, media: 15 } as const;
/** How long an offer holds: the parcel must be sent within this many days. */
export const OFFER_VALID_DAYS = 14;

export interface OfferLine {
  kind: "base" | "battery" | "accessories";
  amount: number;
}

export type Offer =
  | { ok: true; grade: SellGrade; price: number; breakdown: OfferLine[]; validUntil: Date }
  | { ok: false; refusal: Refusal | "BELOW_MINIMUM"; grade: SellGrade | null };

/** Rounds down to ten cents: offers read as prices, not as results of arithmetic. */
function tenCents(cents: number): number {
  return Math.floor(cents / 10) * 10;
}

/** The offer for a product with this best-grade purchase price and these (checked) answers, valid from `now`. */
export function computeOffer(input: { set: QuestionSet; pricePurchase: number; answers: GradingAnswers; now: Date }): Offer {
  const graded = gradeOf(input.set, input.answers);
  if (!graded.ok) return { ok: false, refusal: graded.refusal, grade: null };
  const { grade } = graded;
  const media = input.set === "media";
  const share = (media ? MEDIA_SHARE[grade] : GRADE_SHARE[grade]) ?? 0;
  const base = tenCents((input.pricePurchase * share) / 1000);
  const deductions: { kind: OfferLine["kind"]; perMille: number }[] = [];
  if (graded.batteryBelow80 && grade !== "DEFECT") deductions.push({ kind: "battery", perMille: BATTERY_DEDUCTION_PER_MILLE });
  if (graded.accessoriesMissing) deductions.push({ kind: "accessories", perMille: ACCESSORIES_DEDUCTION_PER_MILLE });
  // The price is rounded once, so a dearer product never gets a lower offer; the last deduction takes the rounding.
  const price = tenCents((base * (1000 - deductions.reduce((sum, d) => sum + d.perMille, 0))) / 1000);
  const breakdown: OfferLine[] = [{ kind: "base", amount: base }];
  let deducted = 0;
  deductions.forEach((d, i) => {
    const amount = i === deductions.length - 1 ? base - price - deducted : tenCents((base * d.perMille) / 1000);
    deducted += amount;
    breakdown.push({ kind: d.kind, amount: -amount });
  });
  if (price < MIN_OFFER_CENTS[media ? "media" : "device"]) return { ok: false, refusal: "BELOW_MINIMUM", grade };
  return { ok: true, grade, price, breakdown, validUntil: new Date(input.now.getTime() + OFFER_VALID_DAYS * 86_400_000) };
}
