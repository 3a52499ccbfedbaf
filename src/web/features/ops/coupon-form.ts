import type { OpsCoupon, OpsCouponCreateInput } from "../../../api/contract.ts";

export type CouponSide = "buy" | "sell";

/** The form's fields of each side, as named in the page's texts (ops.coupons.fields, ops.coupons.problems). */
export const COUPON_FIELDS = {
  buy: ["code", "kind", "percentOff", "amountOff", "minOrderValue", "validFrom", "validTo", "oncePerCustomer", "singleItemOnly"],
  sell: ["code", "bonusPercent", "maxBonusCents", "validFrom", "validTo"],
} as const;
export type CouponField = (typeof COUPON_FIELDS)[CouponSide][number];
/** Fields typed in euros, sent as cents. */
const EURO_FIELDS = new Set<CouponField>(["amountOff", "minOrderValue", "maxBonusCents"]);
const FLAG_FIELDS = new Set<CouponField>(["oncePerCustomer", "singleItemOnly"]);

/** What was typed, as text (a flag as "on" or ""), kept for the form when the API refuses it. */
export type CouponFormValues = Partial<Record<CouponField, string>>;

/**
 * Euros as staff type them ("12,50", "12.50", "1.234,5", "7") in cents; undefined for nothing
 * typed, NaN for what is no amount (the API then names the field).
 */
export function centsOf(text: string): number | undefined {
  const value = text.trim().replace(/\s|€/g, "");
  if (value === "") return undefined;
  const match = /^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]!.replace(/[.,]/g, "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents as the form shows them again: "12.50", a whole amount without decimals. */
export const eurosOf = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** A whole number as typed; undefined for nothing, NaN for what is none. */
function wholeOf(text: string): number | undefined {
  const value = text.trim();
  if (value === "") return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

export function couponValuesOf(form: FormData, side: CouponSide): CouponFormValues {
  const values: CouponFormValues = {};
  for (const field of COUPON_FIELDS[side]) values[field] = FLAG_FIELDS.has(field) ? (form.get(field) === null ? "" : "on") : String(form.get(field) ?? "");
  return values;
}

/** The values a coupon's edit form starts with. */
export function couponValuesFrom(coupon: OpsCoupon): CouponFormValues {
  const common = { code: coupon.code, validFrom: coupon.validFrom, validTo: coupon.validTo };
  if (coupon.side === "sell") return { ...common, bonusPercent: String(coupon.bonusPercent), maxBonusCents: eurosOf(coupon.maxBonusCents) };
  return {
    ...common,
    kind: coupon.kind,
    percentOff: coupon.kind === "percent" ? String(coupon.percentOff) : "",
    amountOff: coupon.kind === "fixed" ? eurosOf(coupon.amountOff) : "",
    minOrderValue: eurosOf(coupon.minOrderValue),
    oncePerCustomer: coupon.oncePerCustomer ? "on" : "",
    singleItemOnly: coupon.singleItemOnly ? "on" : "",
  };
}

/** The API's body from the typed values: what cannot be read is sent as null, for the API to name its field. */
export function couponBodyOf(side: CouponSide, values: CouponFormValues): OpsCouponCreateInput {
  const number = (field: CouponField) => {
    const value = (EURO_FIELDS.has(field) ? centsOf : wholeOf)(values[field] ?? "");
    return value === undefined ? undefined : Number.isNaN(value) ? (null as unknown as number) : value;
  };
  const code = values.code ?? "";
  const window = { validFrom: values.validFrom ?? "", validTo: values.validTo ?? "" };
  if (side === "sell") return { side, code, bonusPercent: number("bonusPercent") as number, maxBonusCents: number("maxBonusCents") as number, ...window };
  const kind = values.kind === "fixed" ? "fixed" : "percent";
  // Nothing typed is no minimum; what cannot be read stays null (not 0) for the API to refuse.
  const minimum = number("minOrderValue");
  return {
    side,
    code,
    kind,
    ...(kind === "percent" ? { percentOff: number("percentOff") } : { amountOff: number("amountOff") }),
    minOrderValue: minimum === undefined ? 0 : minimum,
    ...window,
    oncePerCustomer: values.oncePerCustomer === "on",
    singleItemOnly: values.singleItemOnly === "on",
  };
}

/** The field an API error names ("body.percentOff" → percentOff), or null for the form as a whole. */
export function couponFieldOf(reference: string, side: CouponSide): CouponField | null {
  const field = /^(?:body|params)\.(\w+)/.exec(reference)?.[1];
  return (COUPON_FIELDS[side] as readonly string[]).includes(field ?? "") ? (field as CouponField) : null;
}
