import type { OpsPriceRule, OpsPriceRuleInput, OpsPurchasePricesInput } from "../../../api/contract.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { SELL_GRADES, type SellGrade } from "../../../domain/selling/grading.ts";
import { centsOf, eurosOf } from "./coupon-form.ts";

export const PRICES_PATH = "/ops/prices";
export const priceRulePath = (ruleId: number) => `${PRICES_PATH}/rules/${ruleId}`;
export const productPricesPath = (productId: number) => `${PRICES_PATH}/products/${productId}`;

/** The rule form's fields, as named in the page's texts (ops.prices.fields, ops.prices.problems); a grade's share is `share.<grade>`. */
export type RuleField = "name" | "categoryId" | "minMargin" | `share.${Grade}`;
/** What was typed, as text, kept for the form when the API refuses it. */
export type RuleFormValues = Partial<Record<RuleField, string>>;

/**
 * A percentage as staff type it ("86", "86,5", "86.5 %") in per mille; undefined for nothing typed,
 * NaN for what is none or finer than a tenth (the API then names the field).
 */
export function perMilleOf(text: string): number | undefined {
  const value = text.trim().replace(/\s|%/g, "");
  if (value === "") return undefined;
  const match = /^(\d{1,4})(?:[.,](\d))?$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]) * 10 + Number(match[2] ?? "0");
}

/** Per mille as the form shows it again: "86", "86.5". */
export const percentOf = (perMille: number) => (perMille % 10 === 0 ? String(perMille / 10) : (perMille / 10).toFixed(1));

export function ruleValuesOf(form: FormData): RuleFormValues {
  const values: RuleFormValues = { name: String(form.get("name") ?? ""), categoryId: String(form.get("categoryId") ?? ""), minMargin: String(form.get("minMargin") ?? "") };
  for (const grade of GRADES) values[`share.${grade}`] = String(form.get(`share.${grade}`) ?? "");
  return values;
}

export function ruleValuesFrom(rule: OpsPriceRule): RuleFormValues {
  const values: RuleFormValues = { name: rule.name, categoryId: rule.categoryId === null ? "" : String(rule.categoryId), minMargin: rule.minMarginCents === null ? "" : eurosOf(rule.minMarginCents) };
  for (const grade of GRADES) {
    const share = rule.shares[grade];
    values[`share.${grade}`] = share === undefined ? "" : percentOf(share);
  }
  return values;
}

/** What cannot be read is sent as null, for the API to name its field. */
const readable = (value: number | undefined) => (value === undefined ? undefined : Number.isNaN(value) ? (null as unknown as number) : value);

/** The API's body from the typed values: an empty share leaves the grade alone, an empty margin means no floor. */
export function ruleBodyOf(values: RuleFormValues): OpsPriceRuleInput {
  const shares: Partial<Record<Grade, number>> = {};
  for (const grade of GRADES) {
    const share = readable(perMilleOf(values[`share.${grade}`] ?? ""));
    if (share !== undefined) shares[grade] = share;
  }
  const category = (values.categoryId ?? "").trim();
  return {
    name: values.name ?? "",
    categoryId: category === "" ? null : /^\d+$/.test(category) ? Number(category) : (null as unknown as number),
    shares,
    minMarginCents: readable(centsOf(values.minMargin ?? "")) ?? null,
  };
}

/** The field an API error names ("body.shares.A1" → share.A1, "body.minMarginCents" → minMargin), or null for the form as a whole. */
export function ruleFieldOf(reference: string): RuleField | null {
  const share = /^body\.shares\.(\w+)$/.exec(reference)?.[1];
  if (share) return (GRADES as readonly string[]).includes(share) ? (`share.${share}` as RuleField) : null;
  const field = /^body\.(\w+)$/.exec(reference)?.[1];
  if (field === "minMarginCents") return "minMargin";
  return field === "name" || field === "categoryId" ? field : null;
}

/** A rule's shares in one line: "A0 86 % · A1 80 %". */
export function sharesLine(shares: OpsPriceRule["shares"]): string {
  return GRADES.filter((g) => shares[g] !== undefined)
    .map((g) => `${g} ${percentOf(shares[g]!)} %`)
    .join(" · ");
}

/** The trade-in form's typed prices per sell grade. */
export type PurchaseFormValues = Partial<Record<SellGrade, string>>;

export function purchaseValuesOf(form: FormData): PurchaseFormValues {
  return Object.fromEntries(SELL_GRADES.map((grade) => [grade, String(form.get(`purchase.${grade}`) ?? "")]));
}

/** An empty grade is paid its share again (null); what cannot be read goes as null too, with the page saying which. */
export function purchaseBodyOf(values: PurchaseFormValues): { body: OpsPurchasePricesInput; unreadable: SellGrade[] } {
  const prices: OpsPurchasePricesInput["prices"] = {};
  const unreadable: SellGrade[] = [];
  for (const grade of SELL_GRADES) {
    const cents = centsOf(values[grade] ?? "");
    if (cents !== undefined && Number.isNaN(cents)) unreadable.push(grade);
    prices[grade] = cents === undefined || Number.isNaN(cents) ? null : cents;
  }
  return { body: { prices }, unreadable };
}

/** Cents as a price field shows them in the page's language ("548,99" in German); centsOf reads either mark back. */
export function typedEuros(cents: number, locale: string): string {
  const euros = eurosOf(cents);
  return locale === "de" ? euros.replace(".", ",") : euros;
}

/** The price staff type for a grade by hand, in cents; null when it cannot be read. */
export function overridePriceOf(text: string): number | null {
  const cents = centsOf(text);
  return cents === undefined || Number.isNaN(cents) ? null : cents;
}
