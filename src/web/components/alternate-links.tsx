import { LOCALES, DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locales.ts";

/**
 * Canonical and hreflang links. The language lives in a cookie, so each language's URL is the
 * one with its own translated prefix; x-default is the default language's.
 */
export function AlternateLinks({ publicUrl, locale, hrefFor }: { publicUrl: string; locale: Locale; hrefFor: (locale: Locale) => string | undefined }) {
  const absolute = (path: string) => new URL(path, publicUrl).href;
  const canonical = hrefFor(locale);
  const fallback = hrefFor(DEFAULT_LOCALE);
  return (
    <>
      {canonical && <link rel="canonical" href={absolute(canonical)} />}
      {LOCALES.map((l) => {
        const href = hrefFor(l);
        return href ? <link key={l} rel="alternate" hrefLang={l} href={absolute(href)} /> : null;
      })}
      {fallback && <link rel="alternate" hrefLang="x-default" href={absolute(fallback)} />}
    </>
  );
}
