import { LOCALES, type Locale, type Translated } from "../i18n/locales.ts";
import { BUY_PREFIX, prefixInfo, SEARCH_SEGMENT, SELL_PREFIX, SELL_SEARCH_SEGMENT } from "./paths.ts";

/*
 * The page the visitor is on, in the language they switch to: the language lives in a cookie, but
 * the buy and sell pages carry it in their path too (/kaufen/…, /buy/…), and a German path in an
 * English shop is the wrong page to land on. Used by the language switch's action only (not in any
 * page's JavaScript).
 */

/** Pages under the buy prefix whose next segment is the same in every language (routes.ts); anything else there is a category. */
export const BUY_PAGE_SEGMENTS: readonly string[] = ["sale", "apple", "theme", "author", "autorinnen-und-autoren-welt", "top-produkte", "categories"];
/** The same under the sell prefix (its start page has no next segment). */
export const SELL_PAGE_SEGMENTS: readonly string[] = ["top-produkte"];

const SEGMENTS: Record<"buy" | "sell", { prefix: Translated; search: Translated; pages: readonly string[] }> = {
  buy: { prefix: BUY_PREFIX, search: SEARCH_SEGMENT, pages: BUY_PAGE_SEGMENTS },
  sell: { prefix: SELL_PREFIX, search: SELL_SEARCH_SEGMENT, pages: SELL_PAGE_SEGMENTS },
};
const isSearchSegment = (search: Translated, segment: string) => LOCALES.some((l) => search[l] === segment);

/** A category page's path after the prefix, and the language the prefix says it is written in; null for any other page. */
export function categoryOfPath(pathname: string): { kind: "buy" | "sell"; path: string; pathLocale: Locale } | null {
  const [, first = "", second = "", ...rest] = pathname.split("/");
  const info = prefixInfo(first);
  if (!info || !second) return null;
  const { search, pages } = SEGMENTS[info.kind];
  if (pages.includes(second) || isSearchSegment(search, second)) return null;
  return { kind: info.kind, path: [second, ...rest].join("/").replace(/\/+$/, ""), pathLocale: info.locale };
}

/**
 * The same page's path in another language: its prefix and search segment translated, and a
 * category's path as the catalogue writes it in that language (`categoryPath`, looked up for what
 * categoryOfPath found; without it the path stays). Pages without a translated prefix keep their path.
 */
export function pathInLanguage(pathname: string, locale: Locale, categoryPath?: string): string {
  const [, first = "", second, ...rest] = pathname.split("/");
  const info = prefixInfo(first);
  if (!info) return pathname;
  const { prefix, search } = SEGMENTS[info.kind];
  if (second === undefined) return `/${prefix[locale]}`;
  if (isSearchSegment(search, second)) return ["", prefix[locale], search[locale], ...rest].join("/");
  if (categoryPath !== undefined && categoryOfPath(pathname)) return `/${prefix[locale]}/${categoryPath}`;
  return ["", prefix[locale], second, ...rest].join("/");
}
