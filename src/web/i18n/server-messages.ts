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
import dePages from "./messages/pages/de.json";
import deBrowse from "./messages/browse/de.json";
import enBrowse from "./messages/browse/en.json";
import esBrowse from "./messages/browse/es.json";
import frBrowse from "./messages/browse/fr.json";
import itBrowse from "./messages/browse/it.json";
import nlBrowse from "./messages/browse/nl.json";
import enPages from "./messages/pages/en.json";
import esPages from "./messages/pages/es.json";
import frPages from "./messages/pages/fr.json";
import itPages from "./messages/pages/it.json";
import nlPages from "./messages/pages/nl.json";

/** A catalogue nothing may change: its translator keeps what it found (domain/i18n/translate). */
function frozen(messages: Messages): Messages {
  for (const value of Object.values(messages)) if (typeof value === "object") frozen(value);
  return Object.freeze(messages);
}

/** The server renders any language with all its texts; the browser loads only what it needs (see client-messages). */
const ALL: Translated<Messages> = {
  de: frozen({ ...de, ...deMore, ...dePages, ...deBrowse }),
  en: frozen({ ...en, ...enMore, ...enPages, ...enBrowse }),
  es: frozen({ ...es, ...esMore, ...esPages, ...esBrowse }),
  fr: frozen({ ...fr, ...frMore, ...frPages, ...frBrowse }),
  it: frozen({ ...it, ...itMore, ...itPages, ...itBrowse }),
  nl: frozen({ ...nl, ...nlMore, ...nlPages, ...nlBrowse }),
};

export function serverMessages(locale: Locale): Messages {
  return ALL[locale];
}
