import { resolveLocale, type Locale } from "../../domain/i18n/locales.ts";
import type { Messages } from "../../domain/i18n/translate.ts";

const core = import.meta.glob<{ default: Messages }>("./messages/*.json");
/**
 * Texts beyond the core ones, loaded with the code that needs them: deferred (widgets loaded on
 * demand: consent, footer, newsletter…), pages (routes off the first-load path: account, sell
 * side, rankings…) and browse (lists, home, cart: everything but the product page's first load).
 */
const groups = {
  deferred: import.meta.glob<{ default: Messages }>("./messages/deferred/*.json"),
  pages: import.meta.glob<{ default: Messages }>("./messages/pages/*.json"),
  browse: import.meta.glob<{ default: Messages }>("./messages/browse/*.json"),
};
export type MessageGroup = keyof typeof groups;
/** Group texts that arrived before the core messages did; merged into them. */
const early: Messages = {};

/** The messages in use on this page; deferred ones are merged into it when a widget needs them. */
let loaded: { locale: Locale; messages: Messages } | undefined;

/** Loads one language's core messages (what first paint needs) as its own chunk. */
export async function clientMessages(locale: Locale): Promise<Messages> {
  const load = core[`./messages/${locale}.json`];
  if (!load) throw new Error(`No messages for ${locale}`);
  const messages = { ...(await load()).default, ...early };
  loaded = { locale, messages };
  return messages;
}

/**
 * Loads a group of texts in the browser. Modules that need a group await this at their top, so
 * the texts are there before they render or hydrate; the server renders with every text already.
 */
export async function loadMessageGroup(group: MessageGroup): Promise<void> {
  if (typeof document === "undefined") return;
  const locale = loaded?.locale ?? resolveLocale(document.documentElement.lang);
  const load = groups[group][`./messages/${group}/${locale}.json`];
  if (!load) return;
  const messages = (await load()).default;
  Object.assign(early, messages);
  if (loaded) Object.assign(loaded.messages, messages);
}

export const loadDeferredMessages = () => loadMessageGroup("deferred");
export const loadPageMessages = () => loadMessageGroup("pages");

/** React.lazy for a widget whose texts are deferred: code and texts arrive together. */
export function withDeferredMessages<T>(importer: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([importer(), loadDeferredMessages()]))[0];
}

