import i18next, { type i18n } from "i18next";
import type { Locale } from "../../domain/i18n/locales.ts";

export type Messages = { [key: string]: string | Messages };

/** One i18next instance per request (server) or per page load (browser), holding one language. */
export function createI18n(locale: Locale, messages: Messages, productName: string): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false, defaultVariables: { product: productName } },
  });
  return instance;
}
