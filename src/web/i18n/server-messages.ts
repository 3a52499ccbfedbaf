import type { Locale, Translated } from "../../domain/i18n/locales.ts";
import type { Messages } from "../../domain/i18n/translate.ts";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import it from "./messages/it.json";
import nl from "./messages/nl.json";
import deMore from "./messages/deferred/de.json";
import enMore from "./messages/deferred/en.json";
import esMore from "./messages/deferred/es.json";
import frMore from "./messages/deferred/fr.json";
import itMore from "./messages/deferred/it.json";
import nlMore from "./messages/deferred/nl.json";

/** The server renders any language with all its texts; the browser loads only what it needs (see client-messages). */
const ALL: Translated<Messages> = {
  de: { ...de, ...deMore },
  en: { ...en, ...enMore },
  es: { ...es, ...esMore },
  fr: { ...fr, ...frMore },
  it: { ...it, ...itMore },
  nl: { ...nl, ...nlMore },
};

export function serverMessages(locale: Locale): Messages {
  return ALL[locale];
}
