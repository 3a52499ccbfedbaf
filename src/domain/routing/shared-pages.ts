import { LOCALES } from "../i18n/locales.ts";
import { BUY_PREFIX, parseProductRef, SELL_PREFIX } from "./paths.ts";

/** The first path segments of pages that show everyone the same thing but for the header's counts and hearts. */
const SHARED_SECTIONS: ReadonlySet<string> = new Set([
  ...LOCALES.map((locale) => BUY_PREFIX[locale]),
  ...LOCALES.map((locale) => SELL_PREFIX[locale]),
  "omg",
  "tips-and-news",
  "legal",
  "s",
  "warranty",
]);

/**
 * Whether the page at this path is the same for a customer or a visitor with a cart as for anyone,
 * apart from what the browser fills in after it arrives (cart count, login state, wishlist hearts
 * and alerts): home, products, categories, search, landing and content pages. Pages personal by
 * nature (the account, checkout and cart, the back-office, wishlist, alerts, reviews, trade-in
 * offers, login) are not, and are rendered for each request of someone who has a session or cart.
 */
export function sharedWithEveryone(pathname: string): boolean {
  if (pathname === "/") return true;
  const segments = pathname.split("/");
  const first = segments[1] ?? "";
  if (segments.length === 2 && parseProductRef(first)) return true;
  return SHARED_SECTIONS.has(first);
}
