/**
 * What the shop pays: the product's purchase price for the grade the answers give (set by staff
 * per grade, else the grade's share of the best-grade price), less what a weak battery or missing
 * accessories cost to put right. Pure, so the offer a seller sees, the cart and the sale all
 * compute the same number.
 */
import { gradeOf, SELL_GRADES, type GradingAnswers, type QuestionSet, type Refusal, type SellGrade } from "./grading.ts";

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

/** Staff's purchase prices of a product per sell grade, in cents (whole ten cents); a grade left out is paid its share of the best-grade price. */
export type GradePurchasePrices = Partial<Record<SellGrade, number>>;

/** What a product's purchase prices are computed from: its question set, its best-grade price, and staff's prices per grade. */
export interface PurchasePricing {
  set: QuestionSet;
  pricePurchase: number;
  gradePrices?: GradePurchasePrices | undefined;
}

const sharesOf = (set: QuestionSet): Partial<Record<SellGrade, number>> => (set === "media" ? MEDIA_SHARE : GRADE_SHARE);

/** The grades an item of this question set can be bought in: media have no A4 and no defective grade. */
export function sellGradesOf(set: QuestionSet): SellGrade[] {
  return SELL_GRADES.filter((grade) => sharesOf(set)[grade] !== undefined);
}

/** A grade's purchase price without staff's: its share of the best-grade price, rounded down to ten cents (0 for a grade not bought). */
export function defaultPurchasePrice(pricing: Omit<PurchasePricing, "gradePrices">, grade: SellGrade): number {
  return tenCents((pricing.pricePurchase * (sharesOf(pricing.set)[grade] ?? 0)) / 1000);
}

/** What the shop pays for an item of this grade before deductions: staff's price for the grade, else its share of the best-grade price. */
export function purchasePriceOf(pricing: PurchasePricing, grade: SellGrade): number {
  if (sharesOf(pricing.set)[grade] === undefined) return 0;
  const set = pricing.gradePrices?.[grade];
  // Staff's prices are whole ten cents already (the API refuses others); rounded all the same, so an offer always reads as a price.
  return set === undefined ? defaultPurchasePrice(pricing, grade) : tenCents(set);
}

/** Every grade's purchase price for a product, with the computed one and whether staff set it. */
export function purchasePricesOf(pricing: PurchasePricing): { grade: SellGrade; price: number; computed: number; set: boolean }[] {
  return sellGradesOf(pricing.set).map((grade) => ({
    grade,
    price: purchasePriceOf(pricing, grade),
    computed: defaultPurchasePrice(pricing, grade),
    set: pricing.gradePrices?.[grade] !== undefined,
  }));
}

/**
 * The first grade whose purchase price would be above a better grade's (staff's prices and the
 * computed ones together), or null: a worse device is never paid more, so a seller's better answer
 * never lowers the offer.
 */
export function purchasePriceOrderProblem(pricing: PurchasePricing): SellGrade | null {
  const prices = purchasePricesOf(pricing);
  return prices.find((p, i) => i > 0 && p.price > prices[i - 1]!.price)?.grade ?? null;
}

/** The offer for a product with these purchase prices and these (checked) answers, valid from `now`. */
export function computeOffer(input: PurchasePricing & { answers: GradingAnswers; now: Date }): Offer {
  const graded = gradeOf(input.set, input.answers);
  if (!graded.ok) return { ok: false, refusal: graded.refusal, grade: null };
  const { grade } = graded;
  const media = input.set === "media";
  const base = purchasePriceOf(input, grade);
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
