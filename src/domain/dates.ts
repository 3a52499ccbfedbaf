import { INTL_TAG, type Locale } from "./i18n/locales.ts";

/** The shop's time zone: dates read the same on the server and in every browser, so hydration matches. */
export const SHOP_TIME_ZONE = "Europe/Berlin";
type DateStyle = "long" | "medium" | "medium-time";

/** One formatter per language and style, made on first use: building an Intl formatter costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(date: Date | string, locale: Locale, style: DateStyle = "long"): string {
  const key = `${locale}:${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_TAG[locale], {
      timeZone: SHOP_TIME_ZONE,
      dateStyle: style === "long" ? "long" : "medium",
      ...(style === "medium-time" ? { timeStyle: "short" as const } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof date === "string" ? new Date(date) : date);
}
