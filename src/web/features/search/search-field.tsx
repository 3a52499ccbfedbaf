import { useRef, useState, type ComponentType } from "react";
import { Form, useLocation } from "react-router";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { platformOfPath, searchHref, sellSearchHref } from "../../../domain/routing/paths.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import type { SearchComboboxProps } from "./search-combobox.tsx";

/**
 * The header's search: products to buy, or on the sell side devices to sell. A plain GET form
 * (it works without JavaScript); its first focus loads the overlay (suggestions, history), which
 * then takes its place, keeping what was typed.
 */
export function SearchField({ locale, productName }: { locale: Locale; productName: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const sell = platformOfPath(pathname) === "green";
  const action = sell ? sellSearchHref(locale) : searchHref(locale);
  // On the search page the field keeps the query.
  const current = pathname === action ? (new URLSearchParams(search).get("query") ?? "") : "";
  const plain = useRef<HTMLInputElement>(null);
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps>>();
  const placeholder = t(sell ? "sell.search.placeholder" : "header.search.placeholder");
  if (Combobox) {
    return <Combobox locale={locale} platform={sell ? "green" : "blue"} productName={productName} initialText={() => plain.current?.value ?? current} urlQuery={current} placeholder={placeholder} />;
  }
  return (
    <Form method="get" action={action} role="search" aria-label={t("header.search.label")} className="relative w-full">
      <label htmlFor="site-search" className="sr-only">
        {t("header.search.label")}
      </label>
      <input
        ref={plain}
        key={current}
        id="site-search"
        name="query"
        type="search"
        required
        minLength={1}
        maxLength={200}
        defaultValue={current}
        placeholder={placeholder}
        onFocus={() => void import("./search-combobox.tsx").then((m) => setCombobox(() => m.SearchCombobox))}
        className={SEARCH_INPUT_CLASS}
      />
      <SearchSubmitButton label={t("header.search.submit")} />
    </Form>
  );
}

/** The search input's look, the same in the plain field and in the overlay that takes its place. */
export const SEARCH_INPUT_CLASS =
  "h-11 w-full rounded-full border border-line bg-canvas pl-4 pr-12 text-base outline-none focus:border-[var(--accent)] focus:bg-white focus:ring-2 focus:ring-[var(--accent)]/20";

/** The magnifier button inside the search input; `above` lifts it over the overlay's backdrop. */
export function SearchSubmitButton({ label, above = false }: { label: string; above?: boolean }) {
  return (
    <button
      type="submit"
      className={`absolute right-1 top-1 ${above ? "z-50 " : ""}flex h-9 w-9 items-center justify-center rounded-full bg-[var(--accent)] text-white hover:bg-[var(--accent-dark)]`}
      aria-label={label}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}
