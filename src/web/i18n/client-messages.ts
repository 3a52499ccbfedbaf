import type { Locale } from "../../domain/i18n/locales.ts";
import type { Messages } from "../../domain/i18n/translate.ts";

const loaders = import.meta.glob<{ default: Messages }>("./messages/*.json");

/** Loads one language's messages as its own chunk. */
export async function clientMessages(locale: Locale): Promise<Messages> {
  const load = loaders[`./messages/${locale}.json`];
  if (!load) throw new Error(`No messages for ${locale}`);
  return (await load()).default;
}
