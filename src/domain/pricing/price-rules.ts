/**
 * Sale prices from rules: a grade's price is a share of the product's new price, rounded to end in
 * .99, and never below a floor of what the dearest unit of that grade in stock cost plus a margin.
 * Pure, so the preview staff see and the apply that follows compute the same prices.
 */
import { GRADES, type Grade } from "../catalogue/grades.ts";

/** Shares of the new price per grade, in per mille; a grade left out keeps its prices. */
export type PriceShares = Partial<Record<Grade, number>>;

/** The least share a rule may give: 1 ‰. The most: the new price itself. */
export const MIN_SHARE_PER_MILLE = 1;
export const MAX_SHARE_PER_MILLE = 1000;
/** The lowest price a rule may set: 0.99. */
export const LOWEST_PRICE_CENTS = 99;

/** The price ending in .99 nearest to these cents (a tie goes up), at least 0.99. */
export function nearestNinetyNine(cents: number): number {
  return Math.max(LOWEST_PRICE_CENTS, Math.floor((cents + 1) / 100 + 0.5) * 100 - 1);
}

/** The lowest price ending in .99 at or above these cents, at least 0.99. */
export function ninetyNineAtLeast(cents: number): number {
  return Math.max(LOWEST_PRICE_CENTS, Math.ceil((cents + 1) / 100) * 100 - 1);
}

export interface RulePrice {
  /** The share of the new price, rounded to .99. */
  target: number;
  /** What the floor asks for (the purchase price plus the margin, rounded up to .99); null without a floor or units in stock. */
  floor: number | null;
  /** The price set: the target, or the floor where the target lies below it. */
  price: number;
  floorApplied: boolean;
}

/**
 * A grade's price under a rule. `highestPurchasePrice` is what the dearest unit of the grade in
 * stock cost (null when none is in stock); `minMargin` the margin above it, in cents (null: the
 * rule has no floor).
 */
export function rulePrice(input: { bluePrice: number; sharePerMille: number; highestPurchasePrice: number | null; minMargin: number | null }): RulePrice {
  // Integer arithmetic first, so 0.86 × 999.00 is 859.14 and not a float a cent off.
  const target = nearestNinetyNine(Math.round((input.bluePrice * input.sharePerMille) / 1000));
  const floor = input.minMargin === null || input.highestPurchasePrice === null ? null : ninetyNineAtLeast(input.highestPurchasePrice + input.minMargin);
  const floorApplied = floor !== null && target < floor;
  return { target, floor, price: floorApplied ? floor : target, floorApplied };
}

/** Whether a price would sell a unit of the grade in stock for less than it cost. */
export function belowPurchasePrice(price: number, highestPurchasePrice: number | null): boolean {
  return highestPurchasePrice !== null && price < highestPurchasePrice;
}

/** A grade of a product in a rule's scope, as it stands now. */
export interface PricedVariant {
  productId: number;
  productName: string;
  grade: Grade;
  bluePrice: number;
  price: number;
  /** Units of the grade in stock, and what the dearest of them cost (null when none is). */
  inStock: number;
  highestPurchasePrice: number | null;
  /** Staff set this grade's price by hand for this product: rules leave it. */
  overridden: boolean;
}

/** One price a rule changes. */
export interface PriceChange {
  productId: number;
  productName: string;
  grade: Grade;
  oldPrice: number;
  newPrice: number;
  target: number;
  floorApplied: boolean;
  highestPurchasePrice: number | null;
  belowPurchasePrice: boolean;
  inStock: number;
}

export interface PricePlanCounts {
  /** Grades of products in the rule's scope with a share in the rule. */
  considered: number;
  changed: number;
  raised: number;
  lowered: number;
  unchanged: number;
  /** Left alone: staff set these prices by hand. */
  overridden: number;
  floorApplied: number;
  belowPurchasePrice: number;
}

export interface PricePlan {
  changes: PriceChange[];
  counts: PricePlanCounts;
}

/** What a rule (its shares and floor margin) changes among these grades: every price it would set that differs from today's, sorted by product and grade. */
export function planPriceChanges(rule: { shares: PriceShares; minMargin: number | null }, variants: readonly PricedVariant[]): PricePlan {
  const counts: PricePlanCounts = { considered: 0, changed: 0, raised: 0, lowered: 0, unchanged: 0, overridden: 0, floorApplied: 0, belowPurchasePrice: 0 };
  const changes: PriceChange[] = [];
  for (const variant of variants) {
    const share = rule.shares[variant.grade];
    if (share === undefined) continue;
    counts.considered += 1;
    if (variant.overridden) {
      counts.overridden += 1;
      continue;
    }
    const priced = rulePrice({ bluePrice: variant.bluePrice, sharePerMille: share, highestPurchasePrice: variant.highestPurchasePrice, minMargin: rule.minMargin });
    if (priced.price === variant.price) {
      counts.unchanged += 1;
      continue;
    }
    const below = belowPurchasePrice(priced.price, variant.highestPurchasePrice);
    counts.changed += 1;
    counts[priced.price > variant.price ? "raised" : "lowered"] += 1;
    if (priced.floorApplied) counts.floorApplied += 1;
    if (below) counts.belowPurchasePrice += 1;
    changes.push({
      productId: variant.productId,
      productName: variant.productName,
      grade: variant.grade,
      oldPrice: variant.price,
      newPrice: priced.price,
      target: priced.target,
      floorApplied: priced.floorApplied,
      highestPurchasePrice: variant.highestPurchasePrice,
      belowPurchasePrice: below,
      inStock: variant.inStock,
    });
  }
  // The order rows are locked in: the same as every unit move's (product, then grade), so applies and moves never wait on each other in a circle.
  changes.sort((a, b) => a.productId - b.productId || GRADES.indexOf(a.grade) - GRADES.indexOf(b.grade));
  return { changes, counts };
}

/** The margin a price leaves on the dearest unit in stock, in cents; null when none is in stock. */
export function marginOf(price: number, highestPurchasePrice: number | null): number | null {
  return highestPurchasePrice === null ? null : price - highestPurchasePrice;
}
