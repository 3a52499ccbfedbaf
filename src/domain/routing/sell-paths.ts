import type { Locale } from "../i18n/locales.ts";
import { SELL_PREFIX } from "./paths.ts";

// The sell side's links, apart from paths.ts: the product page's first load does not carry them.

/** The sell side's start page: /verkaufen. */
export function sellHomeHref(locale: Locale): string {
  return `/${SELL_PREFIX[locale]}`;
}

/** A category on the sell side: /verkaufen/elektronik/smartphones. */
export function sellCategoryHref(locale: Locale, categoryPath: string): string {
  return `/${SELL_PREFIX[locale]}/${categoryPath}`;
}

/** The condition questions and offer for a product: /trade-in/i346,apple-iphone-13, optionally editing a sell cart item. */
export function tradeInHref(id: number, slug: string, options: { editId?: string; searchUuid?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.editId) query.set("editId", options.editId);
  if (options.searchUuid) query.set("searchUuid", options.searchUuid);
  const search = query.toString();
  return `/trade-in/i${id},${slug}${search ? `?${search}` : ""}`;
}
