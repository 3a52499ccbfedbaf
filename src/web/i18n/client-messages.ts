import type { Locale } from "../../domain/i18n/locales.ts";
import type { Messages } from "../../domain/i18n/translate.ts";

const core = import.meta.glob<{ default: Messages }>("./messages/*.json");
const deferred = import.meta.glob<{ default: Messages }>("./messages/deferred/*.json");

/** The messages in use on this page; deferred ones are merged into it when a widget needs them. */
let loaded: { locale: Locale; messages: Messages } | undefined;

/** Loads one language's core messages (what first paint needs) as its own chunk. */
export async function clientMessages(locale: Locale): Promise<Messages> {
  const load = core[`./messages/${locale}.json`];
  if (!load) throw new Error(`No messages for ${locale}`);
  const messages = { ...(await load()).default };
  loaded = { locale, messages };
  return messages;
}

/** Texts of widgets loaded on demand (consent, newsletter, …): fetched with their code, never on first load. */
export async function loadDeferredMessages(): Promise<void> {
  if (!loaded) return;
  const load = deferred[`./messages/deferred/${loaded.locale}.json`];
  if (load) Object.assign(loaded.messages, (await load()).default);
}

/** React.lazy for a widget whose texts are deferred: code and texts arrive together. */
export function withDeferredMessages<T>(importer: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([importer(), loadDeferredMessages()]))[0];
}
