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

/** The server renders any language with all its texts; the browser loads only what it needs (see client-messages). */
const ALL: Translated<Messages> = {
  de: { ...de, ...deMore, ...dePages, ...deBrowse },
  en: { ...en, ...enMore, ...enPages, ...enBrowse },
  es: { ...es, ...esMore, ...esPages, ...esBrowse },
  fr: { ...fr, ...frMore, ...frPages, ...frBrowse },
  it: { ...it, ...itMore, ...itPages, ...itBrowse },
  nl: { ...nl, ...nlMore, ...nlPages, ...nlBrowse },
};

export function serverMessages(locale: Locale): Messages {
  return ALL[locale];
}
