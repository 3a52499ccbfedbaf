import { INTL_TAG, type Locale } from "./i18n/locales.ts";

export const CURRENCY = "EUR";

/** Amounts are integer cents; this is the only place they become text. */
export function formatMoney(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_TAG[locale], { style: "currency", currency: CURRENCY }).format(cents / 100);
}
