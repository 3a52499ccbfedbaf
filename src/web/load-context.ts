import { createContext, type RouterContextProvider } from "react-router";
import type { ApiClient } from "./api-client/client.ts";
import type { Locale } from "../domain/i18n/locales.ts";

/** What the server hands every page request (src/ssr/storefront.ts), read by loaders and actions through `storefront(context)`. */
export interface StorefrontContext {
  /** The typed API client, answering in-process. */
  api: ApiClient;
  /** The API client as it answers after these Set-Cookie headers, e.g. with the session a login just made. */
  apiAs: (setCookies: readonly string[]) => ApiClient;
  locale: Locale;
  productName: string;
  publicUrl: string;
  /** Experiments that apply to this visitor. */
  experiments: { macbookInStock: boolean };
  /** Where Facebook's SDK comes from, for the page's CSP; null when Facebook login is not offered. */
  facebookSdkOrigin: string | null;
  /**
   * The page is kept and served to the next visitors of its cache key: it is sent whole (every
   * deferred part in its place, as for crawlers), not streamed with parts revealed later by
   * script, and its request carries only the headers its key holds (ssr/request.ts).
   */
  kept: boolean;
  /**
   * A kept page served to a visitor with a cart ("cart") or a session ("customer"): the page is the
   * one everyone gets, and the browser fills in the personal parts after it arrives. Null otherwise.
   */
  personalAfterLoad: "cart" | "customer" | null;
  /** Build id, as in the X-Version header. */
  version: string;
}

/** React Router's typed context for the server's hand-over; there is no value in the browser. */
export const storefrontContext = createContext<StorefrontContext>();

/** The router context of a loader, action or server entry. */
export type RouterContext = Readonly<RouterContextProvider>;

/** What the server handed this request. */
export function storefront(context: RouterContext): StorefrontContext {
  return context.get(storefrontContext);
}
