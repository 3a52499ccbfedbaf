import type { Locale, Translated } from "../../domain/i18n/locales.ts";
import type { Messages } from "../../domain/i18n/translate.ts";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import it from "./messages/it.json";
import nl from "./messages/nl.json";

/** The server renders any language; the browser loads only its own (see entry.client). */
const ALL: Translated<Messages> = { de, en, es, fr, it, nl };

export function serverMessages(locale: Locale): Messages {
  return ALL[locale];
}
