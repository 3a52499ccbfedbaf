import { LOCALES, type Locale, type Translated } from "../i18n/locales.ts";
import type { Platform } from "../platform.ts";

/** Translated first path segments; links use the current language's. Every translation resolves in every language. */
export const BUY_PREFIX: Translated = {
  de: "kaufen",
  en: "buy",
  es: "comprar",
  fr: "acheter",
  it: "acquista",
  nl: "kopen",
};
export const SELL_PREFIX: Translated = {
  de: "verkaufen",
  en: "sell",
  es: "vender",
  fr: "vendre",
  it: "vendi",
  nl: "verkopen",
};
export const SEARCH_SEGMENT: Translated = {
  de: "suchen",
  en: "search",
  es: "buscar",
  fr: "rechercher",
  it: "cerca",
  nl: "zoeken",
};

/** The sell side's search: /verkaufen/suche, /sell/search, … */
export const SELL_SEARCH_SEGMENT: Translated = { ...SEARCH_SEGMENT, de: "suche" };

type PrefixKind = "buy" | "sell";
const PREFIXES: Record<PrefixKind, Translated> = { buy: BUY_PREFIX, sell: SELL_PREFIX };

/** Every (kind, locale, prefix) triple, used to generate the route table. */
export function allPrefixes(): { kind: PrefixKind; locale: Locale; prefix: string }[] {
  return (["buy", "sell"] as const).flatMap((kind) =>
    LOCALES.map((locale) => ({ kind, locale, prefix: PREFIXES[kind][locale] })),
  );
}

/** Which platform and language a first path segment belongs to, if any. */
export function prefixInfo(segment: string): { kind: PrefixKind; locale: Locale } | undefined {
  return allPrefixes().find((p) => p.prefix === segment);
}

export function platformOfPath(pathname: string): Platform {
  const first = pathname.split("/")[1] ?? "";
  if (prefixInfo(first)?.kind === "sell" || first === "trade-in") return "green";
  if (pathname.startsWith("/checkout/cart/sell") || pathname.startsWith("/checkout/sell")) return "green";
  if (["auth", "my", "account"].includes(first)) return "my";
  return "blue";
}

/** A category URL in the given language: /kaufen/smartphones/apple. */
export function categoryHref(locale: Locale, categoryPath: string): string {
  return `/${BUY_PREFIX[locale]}/${categoryPath}`;
}

/**
 * Parentheses in URLs are encoded (%28, %29) and decoded consistently. encodeURIComponent
 * leaves them as they are; this does not, so "iPhone SE (2022)" makes the same URL everywhere.
 */
export function encodeUrlComponent(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function searchHref(locale: Locale, query?: string): string {
  const base = `/${BUY_PREFIX[locale]}/${SEARCH_SEGMENT[locale]}`;
  return query ? `${base}?query=${encodeUrlComponent(query)}` : base;
}

export function sellSearchHref(locale: Locale, query?: string): string {
  const base = `/${SELL_PREFIX[locale]}/${SELL_SEARCH_SEGMENT[locale]}`;
  return query ? `${base}?query=${encodeUrlComponent(query)}` : base;
}

/** Lower-case ASCII slug: "Apple iPhone 13 (128 GB)" → "apple-iphone-13-128-gb". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Canonical product URL: /i{id},{slug} with an optional wristband. */
export function productHref(id: number, slug: string, options: { wristbandId?: number; variant?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.wristbandId !== undefined) query.set("wristbandId", String(options.wristbandId));
  if (options.variant) query.set("variant", options.variant);
  const qs = query.toString();
  return `/i${id},${slug}${qs ? `?${qs}` : ""}`;
}

/** A product id from a URL segment or form field: 1 to 9 digits, as product references have. */
export function parseProductId(value: unknown): number | undefined {
  return typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/** Parses the single segment "i{id},{slug}"; undefined when it is no product reference. */
export function parseProductRef(segment: string): { id: number; slug: string } | undefined {
  const match = /^i(\d{1,9}),([^/]*)$/.exec(segment);
  if (!match) return undefined;
  return { id: Number(match[1]), slug: decodeURIComponent(match[2] ?? "") };
}
