import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n.tsx";
import { Form, useLocation } from "react-router";
import { LOCALES, type Locale } from "../../domain/i18n/locales.ts";

/** Autonyms: each language is named in itself, whatever the page's language. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  de: "Deutsch",
  en: "English",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  nl: "Nederlands",
};

/** A plain form: works without JavaScript, and the page reloads whole in the new language, on the same page under the new language's path (routes/language.tsx). */
export function LanguageSwitcher({ current }: { current: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Tells tests a choice now submits: before the code arrives the server's form waits for its button.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <Form method="post" action="/language" reloadDocument data-ready={ready ? "" : undefined} className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="sr-only">
        {t("header.language")}
      </label>
      <select
        id="language-select"
        name="locale"
        defaultValue={current}
        className="rounded-md border border-line bg-white px-2 py-1.5 text-sm"
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-line px-2 py-1.5 text-sm">
          {t("header.languageApply")}
        </button>
      </noscript>
    </Form>
  );
}
