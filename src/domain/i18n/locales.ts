/** The six storefront languages; de is the default. */
export const LOCALES = ["de", "en", "es", "fr", "it", "nl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "de";
/** Preselected in the language modal when the visitor has not chosen yet. */
export const MODAL_PRESELECTED_LOCALE: Locale = "en";
export const LANGUAGE_COOKIE_MAX_AGE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale from a cookie value, falling back to the default for anything unknown. */
export function resolveLocale(value: string | undefined | null): Locale {
  const v = value?.trim().toLowerCase();
  return isLocale(v) ? v : DEFAULT_LOCALE;
}

export function languageCookieName(productName: string): string {
  return `${productName}-language`;
}

/** A stored text in the locale, else in the default locale; undefined when it has neither. */
export function textIn(texts: Readonly<Record<string, string>>, locale: Locale): string | undefined {
  return texts[locale] ?? texts[DEFAULT_LOCALE];
}

/** A value translated into every locale. */
export type Translated<T = string> = Record<Locale, T>;

/** BCP 47 tags used with Intl for each locale. */
export const INTL_TAG: Translated = {
  de: "de-DE",
  en: "en-GB",
  es: "es-ES",
  fr: "fr-FR",
  it: "it-IT",
  nl: "nl-NL",
};
