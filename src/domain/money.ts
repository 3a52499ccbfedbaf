import type { Locale } from "./i18n/locales.ts";

export const CURRENCY = "EUR";

/**
 * How each language writes euro amounts (CLDR, as Intl.NumberFormat writes them with
 * `style: "currency"`; money.test.ts compares the two). Written out rather than asked of Intl because
 * the first Intl number formatter a browser builds loads its ICU data: 40–100 ms on the main
 * thread of a phone during hydration, on every page with a price. And a server and a browser
 * with different ICU versions would write different text, which breaks hydration.
 * `pattern`: "#" is the number, "-" the sign of a negative amount.
 */
interface MoneyFormat {
  pattern: string;
  group: string;
  decimal: string;
  /** Digits before the first group separator appears (Spanish and Italian write 1234 but 12.345). */
  minimumGroupingDigits: 1 | 2;
}
const NBSP = "\u00a0";
const NARROW_NBSP = "\u202f";
const FORMATS: Record<Locale, MoneyFormat> = {
  de: { pattern: `-#${NBSP}€`, group: ".", decimal: ",", minimumGroupingDigits: 1 },
  en: { pattern: "-€#", group: ",", decimal: ".", minimumGroupingDigits: 1 },
  es: { pattern: `-#${NBSP}€`, group: ".", decimal: ",", minimumGroupingDigits: 2 },
  fr: { pattern: `-#${NBSP}€`, group: NARROW_NBSP, decimal: ",", minimumGroupingDigits: 1 },
  it: { pattern: `-#${NBSP}€`, group: ".", decimal: ",", minimumGroupingDigits: 2 },
  nl: { pattern: `€${NBSP}-#`, group: ".", decimal: ",", minimumGroupingDigits: 1 },
};

/** Whole units with the language's group separator. */
function groupDigits(whole: string, { group, minimumGroupingDigits }: MoneyFormat): string {
  if (whole.length < 4 + minimumGroupingDigits - 1) return whole;
  return whole.replace(/\B(?=(\d{3})+$)/g, group);
}

/** Amounts are integer cents; this is the only place they become text. */
export function formatMoney(cents: number, locale: Locale): string {
  const format = FORMATS[locale];
  const rounded = Math.round(Math.abs(cents));
  const whole = groupDigits(String(Math.floor(rounded / 100)), format);
  const number = `${whole}${format.decimal}${String(rounded % 100).padStart(2, "0")}`;
  return format.pattern.replace("-", cents < 0 && rounded !== 0 ? "-" : "").replace("#", number);
}

/** A decimal number (a rating's average) with the language's decimal separator, at most `digits` decimals. */
export function formatDecimal(value: number, locale: Locale, digits = 1): string {
  const format = FORMATS[locale];
  const [whole = "0", fraction] = String(Number(Math.abs(value).toFixed(digits))).split(".");
  const text = groupDigits(whole, format) + (fraction ? format.decimal + fraction : "");
  return value < 0 && Number(text.replace(/\D/g, "")) !== 0 ? `-${text}` : text;
}
