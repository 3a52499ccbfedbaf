/**
 * The sell cart's rules: what stops a checkout (the prepare-checkout errors), what the label and
 * express grading cost, what a coupon adds, and what the seller is paid in the end.
 */
import type { SellGrade } from "./grading.ts";

export const CARRIERS = ["dhl", "hermes"] as const;
export type Carrier = (typeof CARRIERS)[number];
/** Carriers' own names, the same in every language. */
export const CARRIER_NAMES: Record<Carrier, string> = { dhl: "DHL", hermes: "Hermes" };
/** The most each carrier insures a parcel for, in cents. */
export const CARRIER_INSURANCE_LIMIT: Record<Carrier, number> = { dhl: 250_000, hermes: 50_000 };
export const PAYOUT_METHODS = ["bank_transfer", "paypal"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** A sale below this is not worth the parcel. */
export const MIN_SALE_CENTS = 1_000;
/** From this value on the shipping label is free; below it its cost comes off the payout. */
export const FREE_LABEL_FROM_CENTS = 3_000;
export const LABEL_FEE_CENTS = 395;
/** Inspection within a working day instead of up to five, for a fee. */
export const EXPRESS_GRADING_FEE_CENTS = 490;
/** Express inspection is for a handful of devices; media and long carts go the normal way. */
export const EXPRESS_GRADING_MAX_ITEMS = 5;
export const MAX_PARCELS = 3;
/** A sell cart never grows past this. */
export const SELL_CART_MAX_ITEMS = 50;
export const INSPECTION_DAYS = { standard: 5, express: 1 } as const;

export interface SellCartLine {
  price: number;
  grade: SellGrade;
  media: boolean;
}

export interface SellCoupon {
  code: string;
  bonusPercent: number;
  maxBonusCents: number;
  validFrom: Date;
  validTo: Date;
}

export type SellCouponProblem = "SELL_COUPON::NOT_FOUND" | "SELL_COUPON::EXPIRED" | "SELL_COUPON::ALREADY_USED";

/** A coupon's problem for a customer at a time, or null when it applies. */
export function sellCouponProblem(coupon: SellCoupon | undefined, now: Date, usedByCustomer: boolean): SellCouponProblem | null {
  if (!coupon) return "SELL_COUPON::NOT_FOUND";
  if (now < coupon.validFrom || now > coupon.validTo) return "SELL_COUPON::EXPIRED";
  return usedByCustomer ? "SELL_COUPON::ALREADY_USED" : null;
}

export type PrepareCheckoutError =
  | { type: "MinOrderThresholdUnfulfilledErrorDto"; minimum: number; missing: number }
  | { type: "InvalidCarrierForCurrentCartErrorDto"; carrier: Carrier; insuredValue: number; carrierLimit: number }
  | { type: "ExpressGradingNotAvailableErrorDto"; reason: "MEDIA_IN_CART" | "TOO_MANY_ITEMS" };

export interface SellTotals {
  items: number;
  couponBonus: number;
  labelFee: number;
  expressFee: number;
  payout: number;
  /** What the parcels carry, insured: the items' value. */
  insuredValue: number;
}

export function expressGradingProblem(lines: readonly SellCartLine[]): "MEDIA_IN_CART" | "TOO_MANY_ITEMS" | null {
  if (lines.some((line) => line.media)) return "MEDIA_IN_CART";
  return lines.length > EXPRESS_GRADING_MAX_ITEMS ? "TOO_MANY_ITEMS" : null;
}

/** The payout and its parts. A coupon adds its percentage of the items, up to its cap. */
export function sellTotals(lines: readonly SellCartLine[], options: { coupon: SellCoupon | null; expressGrading: boolean }): SellTotals {
  const items = lines.reduce((sum, line) => sum + line.price, 0);
  const couponBonus = options.coupon ? Math.min(Math.floor((items * options.coupon.bonusPercent) / 100), options.coupon.maxBonusCents) : 0;
  const labelFee = items >= FREE_LABEL_FROM_CENTS || lines.length === 0 ? 0 : LABEL_FEE_CENTS;
  const expressFee = options.expressGrading ? EXPRESS_GRADING_FEE_CENTS : 0;
  return { items, couponBonus, labelFee, expressFee, payout: Math.max(0, items + couponBonus - labelFee - expressFee), insuredValue: items };
}

/** Everything that stops this cart's checkout, each for the storefront to explain. */
export function prepareCheckoutErrors(lines: readonly SellCartLine[], options: { carrier: Carrier; expressGrading: boolean }): PrepareCheckoutError[] {
  const errors: PrepareCheckoutError[] = [];
  const items = lines.reduce((sum, line) => sum + line.price, 0);
  if (items < MIN_SALE_CENTS) errors.push({ type: "MinOrderThresholdUnfulfilledErrorDto", minimum: MIN_SALE_CENTS, missing: MIN_SALE_CENTS - items });
  const limit = CARRIER_INSURANCE_LIMIT[options.carrier];
  if (items > limit) errors.push({ type: "InvalidCarrierForCurrentCartErrorDto", carrier: options.carrier, insuredValue: items, carrierLimit: limit });
  const express = options.expressGrading ? expressGradingProblem(lines) : null;
  if (express) errors.push({ type: "ExpressGradingNotAvailableErrorDto", reason: express });
  return errors;
}

/** What a purchase costs after the sell cart's payout is counted against it; never below nothing. */
export function netAfterTradeIn(orderTotal: number, tradeInPayout: number): number {
  return Math.max(0, orderTotal - tradeInPayout);
}
