import { INTL_TAG, type Locale } from "./i18n/locales.ts";

export const CURRENCY = "EUR";

/** One formatter per language, made on first use: building an Intl formatter costs far more than using it. */
const formatters = new Map<Locale, Intl.NumberFormat>();

/** Amounts are integer cents; this is the only place they become text. */
export function formatMoney(cents: number, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_TAG[locale], { style: "currency", currency: CURRENCY });
    formatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}
