import { z } from "zod";
import { COUPON_CODE_PATTERN, COUPON_STATES } from "../../../domain/catalogue/coupons.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { centsField, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

export const COUPON_SIDES = ["buy", "sell"] as const;
const day = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });
const percent = (label: string) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(1, `${label} must be 1 to 100`).max(100, `${label} must be 1 to 100`);

export const couponCodeSchema = z
  .string({ error: "The code is required" })
  .trim()
  .toUpperCase()
  .regex(COUPON_CODE_PATTERN, "The code must be 3 to 32 letters A–Z, digits or hyphens");

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Valid to must not lie before valid from: checked once both are dates. */
function windowInOrder(value: { validFrom: string; validTo: string }, ctx: z.RefinementCtx): void {
  if (ISO_DAY.test(value.validFrom) && ISO_DAY.test(value.validTo) && value.validTo < value.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: "Valid to must not be before valid from" });
}

const buyTerms = {
  side: z.literal("buy"),
  kind: z.enum(["percent", "fixed"], { error: "The kind must be percent or fixed" }),
  percentOff: percent("The percentage").optional().describe("Percent coupons: 1–100 % off the item prices"),
  amountOff: centsField("The amount", 1).optional().describe("Fixed coupons: cents off the order"),
  minOrderValue: centsField("The minimum order value", 0).default(0).describe("Items total in cents the cart must reach"),
  validFrom: day("Valid from"),
  validTo: day("Valid to").describe("The last day it applies (both days included, the shop's time zone)"),
  oncePerCustomer: z.boolean().default(false),
  singleItemOnly: z.boolean().default(false).describe("Instalment financing: orders of one item only"),
};
const sellTerms = {
  side: z.literal("sell"),
  bonusPercent: percent("The bonus").describe("Bonus on the payout, 1–100 %"),
  maxBonusCents: centsField("The cap", 1).describe("The bonus's cap in cents"),
  validFrom: day("Valid from").describe("From this day's start (the shop's time zone)"),
  validTo: day("Valid to").describe("To this day's end (the shop's time zone)"),
};

/** A buy coupon's amount must be the one its kind uses. */
function amountOfKind(value: { kind: "percent" | "fixed"; percentOff?: number | undefined; amountOff?: number | undefined }, ctx: z.RefinementCtx): void {
  if (value.kind === "percent" && value.percentOff === undefined) ctx.addIssue({ code: "custom", path: ["percentOff"], message: "A percent coupon needs its percentage (1 to 100)" });
  if (value.kind === "fixed" && value.amountOff === undefined) ctx.addIssue({ code: "custom", path: ["amountOff"], message: "A fixed coupon needs its amount in cents" });
}

function buyRules(value: Parameters<typeof amountOfKind>[0] & Parameters<typeof windowInOrder>[0], ctx: z.RefinementCtx): void {
  amountOfKind(value, ctx);
  windowInOrder(value, ctx);
}
const sideError = { error: 'The side must be "buy" or "sell"' };

export const couponCreateBody = z
  .discriminatedUnion(
    "side",
    [z.strictObject({ ...buyTerms, code: couponCodeSchema }).superRefine(buyRules), z.strictObject({ ...sellTerms, code: couponCodeSchema }).superRefine(windowInOrder)],
    sideError,
  )
  .meta({ id: "OpsCouponCreate" });
export type CouponCreateInput = z.output<typeof couponCreateBody>;
export const couponUpdateBody = z
  .discriminatedUnion("side", [z.strictObject(buyTerms).superRefine(buyRules), z.strictObject(sellTerms).superRefine(windowInOrder)], sideError)
  .meta({ id: "OpsCouponUpdate", description: "The coupon's terms; its code and side stay" });
export type CouponUpdateInput = z.output<typeof couponUpdateBody>;
export const couponCodeParams = z.object({ code: couponCodeSchema });

export const couponListQuery = z.object({
  side: z.enum(COUPON_SIDES).optional().describe("Only buy or only sell coupons"),
  state: z.enum(COUPON_STATES).optional().describe("Only coupons active now, expired or upcoming"),
});
export type CouponListQuery = QueryParams<typeof couponListQuery>;

const common = {
  code: z.string(),
  validFrom: z.string().describe("First day (YYYY-MM-DD)"),
  validTo: z.string().describe("Last day (YYYY-MM-DD)"),
  state: z.enum(COUPON_STATES),
  redemptions: z.number().int().describe("Orders (not cancelled) or sales that used it"),
};
export const buyCouponSchema = z
  .object({
    ...common,
    side: z.literal("buy"),
    kind: z.enum(["percent", "fixed"]),
    percentOff: z.number().int(),
    amountOff: z.number().int(),
    minOrderValue: z.number().int(),
    oncePerCustomer: z.boolean(),
    singleItemOnly: z.boolean(),
  })
  .meta({ id: "OpsBuyCoupon" });
export type OpsBuyCoupon = z.infer<typeof buyCouponSchema>;
export const sellCouponSchema = z
  .object({ ...common, side: z.literal("sell"), bonusPercent: z.number().int(), maxBonusCents: z.number().int(), validFromAt: z.string(), validToAt: z.string() })
  .meta({ id: "OpsSellCoupon" });
export type OpsSellCoupon = z.infer<typeof sellCouponSchema>;
export const couponSchema = z.discriminatedUnion("side", [buyCouponSchema, sellCouponSchema]).meta({ id: "OpsCoupon" });
export type OpsCoupon = z.infer<typeof couponSchema>;
export const couponListSchema = z.object({ buy: z.array(buyCouponSchema), sell: z.array(sellCouponSchema) }).meta({ id: "OpsCouponList" });
export type OpsCouponList = z.infer<typeof couponListSchema>;

export const couponListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsCouponListError = OperationError<typeof couponListErrors>;
export const couponCreateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 409: ["COUPON_EXISTS"] });
export type OpsCouponCreateError = OperationError<typeof couponCreateErrors>;
export const couponUpdateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["COUPON_NOT_FOUND"] });
export type OpsCouponUpdateError = OperationError<typeof couponUpdateErrors>;
/** What staff typed, as the API reads it. */
export type OpsCouponCreateInput = z.input<typeof couponCreateBody>;
export type OpsCouponUpdateInput = z.input<typeof couponUpdateBody>;
