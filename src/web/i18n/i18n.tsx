import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Locale } from "../../domain/i18n/locales.ts";
import { createTranslator, type Translate } from "../../domain/i18n/translate.ts";
import type { Messages } from "../../domain/i18n/translate.ts";

export type { Messages };

interface I18n {
  t: Translate;
  i18n: { language: Locale };
}
const I18nContext = createContext<I18n | null>(null);

/** One language per page: the server renders it, the browser hydrates with the same messages. */
export function I18nProvider({ locale, messages, productName, children }: { locale: Locale; messages: Messages; productName: string; children: ReactNode }) {
  const value = useMemo(() => ({ t: createTranslator(locale, messages, { product: productName }), i18n: { language: locale } }), [locale, messages, productName]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useTranslation outside I18nProvider");
  return value;
}
