import type { ConsentState } from "./consent/consent.ts";

/** Item names sent to tracking and search providers are cut to 250 characters. */
const ITEM_NAME_LIMIT = 250;
const ANALYTICS_CURRENCY = "EUR";

export function cutItemName(name: string): string {
  return Array.from(name).slice(0, ITEM_NAME_LIMIT).join("");
}

interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price?: number;
  quantity?: number;
  index?: number;
}

/** The events the storefront sends; each names the consent category it needs. */
export type AnalyticsEvent =
  | { name: "view_item"; items: AnalyticsItem[]; value: number }
  | { name: "view_item_list"; items: AnalyticsItem[]; item_list_name: string }
  | { name: "add_to_cart"; items: AnalyticsItem[]; value: number }
  | { name: "add_to_wishlist"; items: AnalyticsItem[]; value: number; active: boolean }
  | { name: "search"; search_term: string }
  | { name: "login"; method: string }
  | { name: "sign_up"; method: string }
  | { name: "newsletter_signup"; source: string };

/** A heart pressed (product page or card): the product, its shown price, and whether it is wished now. */
export function wishlistEvent(product: { id: number; name: string }, priceCents: number | null, nowWished: boolean): AnalyticsEvent {
  return { name: "add_to_wishlist", items: [{ item_id: String(product.id), item_name: product.name }], value: (priceCents ?? 0) / 100, active: nowWished };
}

/** Shapes an event for the dataLayer: names cut, currency set; undefined when consent is missing. */
export function toDataLayerEntry(event: AnalyticsEvent, consent: ConsentState): Record<string, unknown> | undefined {
  if (!consent.statistics) return undefined;
  const { name, ...rest } = event;
  const entry: Record<string, unknown> = { event: name, ...rest };
  if ("items" in event) {
    entry.items = event.items.map((i) => ({ ...i, item_name: cutItemName(i.item_name) }));
    entry.currency = ANALYTICS_CURRENCY;
  }
  return entry;
}
