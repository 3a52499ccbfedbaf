import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import type { SuggestionsView } from "../../../api/contract.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { productHref, searchHref, sellSearchHref } from "../../../domain/routing/paths.ts";
import { tradeInHref } from "../../../domain/routing/sell-paths.ts";
import { historyFor, type HistoryEntry } from "./history.ts";
import { SUGGESTION_PRODUCTS } from "../../../domain/catalogue/search-suggestions.ts";
import { createSuggestionScheduler } from "./suggestion-scheduler.ts";
import { browserApi } from "../../api-client/browser.ts";
import { comboboxInputProps } from "../../components/combobox.ts";
import { Price } from "../../components/price.tsx";
import { loadMessageGroup } from "../../i18n/client-messages.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { createSearchHistory } from "./search-history.ts";
import { SEARCH_INPUT_CLASS, SearchSubmitButton } from "./search-field.tsx";

// The overlay's texts come with its code, on the first focus of the search field.
await loadMessageGroup("deferred");

/** The overlay scrolls the page to the top this long after it opens (the header's field then stays in view on phones). */
const SCROLL_TOP_DELAY_MS = 250;

type Product = SuggestionsView["products"][number] & { href: string };
type Suggestions = { state: "idle" } | { state: "loading" } | { state: "error" } | { state: "done"; suggestions: string[]; products: Product[] };
type Option = { kind: "history"; query: string } | { kind: "suggestion"; query: string } | { kind: "product"; product: Product };

export interface SearchComboboxProps {
  locale: Locale;
  platform: "blue" | "green";
  productName: string;
  /** What the plain field holds when this takes its place (typing goes on while the code loads). */
  initialText: () => string;
  /** The query of the search page shown (empty elsewhere): the field follows it. */
  urlQuery: string;
  placeholder: string;
}

/**
 * The header's search with its overlay: history for an empty field, suggestions and products
 * while typing (from 3 characters, 250 ms after the last key), as an ARIA combobox. It stays a
 * GET form, so Enter without a chosen option searches as before.
 */
export function SearchCombobox({ locale, platform, productName, initialText, urlQuery, placeholder }: SearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const [suggestions, setSuggestions] = useState<Suggestions>({ state: "idle" });
  const history = useMemo(() => createSearchHistory(productName, platform), [productName, platform]);
  const [entries, setEntries] = useState<HistoryEntry[]>(() => history.read());
  const latest = useRef(0);

  useLayoutEffect(() => {
    const field = input.current!;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const shownQuery = useRef(urlQuery);
  /** Whether the visitor typed since the last search: a search page arriving then keeps what they typed. */
  const typedSinceSearch = useRef(text !== urlQuery);
  useEffect(() => {
    if (shownQuery.current === urlQuery) return;
    shownQuery.current = urlQuery;
    if (!typedSinceSearch.current) setText(urlQuery);
  }, [urlQuery]);

  const scheduler = useMemo(
    () =>
      createSuggestionScheduler(async (query) => {
        const call = ++latest.current;
        try {
          const result: Extract<Suggestions, { state: "done" }> =
            platform === "green"
              ? {
                  state: "done",
                  suggestions: [],
                  products: (await browserApi.tradeInSearch({ query, pageSize: SUGGESTION_PRODUCTS })).items.map((i) => ({
                    id: i.id,
                    name: i.name,
                    slug: i.slug,
                    price_min: i.maxPayout,
                    image_url: i.imageUrl,
                    href: tradeInHref(i.id, i.slug),
                  })),
                }
              : await browserApi.smartSuggestions({ query, locale }).then((r) => ({
                  state: "done" as const,
                  suggestions: r.suggestions,
                  products: r.products.map((p) => ({ ...p, href: productHref(p.id, p.slug) })),
                }));
          if (call === latest.current) setSuggestions(result);
        } catch {
          if (call === latest.current) setSuggestions({ state: "error" });
        }
      }),
    [platform, locale],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);
  // What was typed while this code loaded ("ipho" typed at once) is asked for as if typed now.
  const typedEarly = useRef(true);
  useEffect(() => {
    if (!typedEarly.current) return;
    typedEarly.current = false;
    const typed = input.current?.value ?? "";
    if (typed !== shownQuery.current && scheduler.typed(typed)) setSuggestions({ state: "loading" });
  }, [scheduler]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_TOP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  function changeText(value: string) {
    typedSinceSearch.current = true;
    setText(value);
    setOpen(true);
    setActive(-1);
    latest.current++;
    setSuggestions(scheduler.typed(value) ? { state: "loading" } : { state: "idle" });
  }

  const shownHistory = historyFor(entries, text);
  const options: Option[] = [
    ...shownHistory.map((e) => ({ kind: "history" as const, query: e.query })),
    ...(suggestions.state === "done" ? suggestions.suggestions.filter((s) => !shownHistory.some((e) => e.query.toLowerCase() === s)).map((query) => ({ kind: "suggestion" as const, query })) : []),
    ...(suggestions.state === "done" ? suggestions.products.map((product) => ({ kind: "product" as const, product })) : []),
  ];
  const searchPage = (query: string) => (platform === "green" ? sellSearchHref(locale, query) : searchHref(locale, query));
  const optionId = (i: number) => `${id}-option-${i}`;
  const expanded = open && (options.length > 0 || suggestions.state !== "idle");

  function choose(option: Option) {
    typedSinceSearch.current = false;
    setOpen(false);
    setActive(-1);
    if (option.kind === "product") {
      navigate(option.product.href);
      return;
    }
    setText(option.query);
    setEntries(history.add(option.query));
    navigate(searchPage(option.query));
  }
  function remove(query: string) {
    setEntries(history.remove(query));
    setActive(-1);
    input.current?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      setActive((a) => (event.key === "ArrowDown" ? (a + 1) % options.length : a <= 0 ? options.length - 1 : a - 1));
    } else if (event.key === "Escape") {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Enter" && expanded && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Delete" && event.shiftKey && options[active]?.kind === "history") {
      event.preventDefault();
      remove((options[active] as { query: string }).query);
    }
  }

  const heading = (key: string) => (
    <li role="presentation" className="px-4 pb-1 pt-3 text-xs font-bold uppercase tracking-wide text-muted">
      {t(key)}
    </li>
  );
  let index = -1;
  const optionProps = (option: Option) => {
    const i = ++index;
    return {
      id: optionId(i),
      role: "option" as const,
      "aria-selected": i === active,
      onMouseDown: (e: React.MouseEvent) => e.preventDefault(),
      onClick: () => choose(option),
      className: "flex cursor-pointer items-center gap-3 px-4 py-2 text-sm hover:bg-canvas aria-selected:bg-canvas",
    };
  };
  const historyOptions = options.filter((o) => o.kind === "history");
  const suggestionOptions = options.filter((o) => o.kind === "suggestion");
  const productOptions = options.filter((o): o is Extract<Option, { kind: "product" }> => o.kind === "product");

  return (
    <Form
      method="get"
      action={searchPage("")}
      role="search"
      aria-label={t("header.search.label")}
      className="relative w-full"
      onSubmit={(e) => {
        if (!text.trim()) {
          e.preventDefault();
          return;
        }
        typedSinceSearch.current = false;
        setOpen(false);
        setEntries(history.add(text));
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        {t("header.search.label")}
      </label>
      <input
        ref={input}
        id="site-search"
        name="query"
        type="search"
        {...comboboxInputProps(`${id}-listbox`, expanded, active >= 0 ? optionId(active) : undefined)}
        aria-describedby={`${id}-hint`}
        required
        maxLength={200}
        value={text}
        placeholder={placeholder}
        onChange={(e) => changeText(e.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={(e) => {
          if (!e.currentTarget.form?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
        onKeyDown={onKeyDown}
        className={`relative z-50 ${SEARCH_INPUT_CLASS}`}
      />
      <SearchSubmitButton label={t("header.search.submit")} above />
      <p id={`${id}-hint`} className="sr-only">
        {t("searchOverlay.hint")}
      </p>
      {expanded && <div aria-hidden="true" className="fixed inset-0 z-40 bg-ink/30" onMouseDown={() => setOpen(false)} />}
      <div data-testid="search-overlay" className={expanded ? "absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-auto rounded-2xl border border-line bg-white pb-2 shadow-lg" : "hidden"}>
        <ul id={`${id}-listbox`} role="listbox" aria-label={t("searchOverlay.label")}>
          {historyOptions.length > 0 && heading("searchOverlay.history")}
          {historyOptions.map((o) => (
            <li key={`h-${o.query}`} {...optionProps(o)}>
              <span className="min-w-0 flex-1 truncate">{o.query}</span>
              <button
                type="button"
                tabIndex={-1}
                aria-label={t("searchOverlay.remove", { query: o.query })}
                onClick={(e) => {
                  e.stopPropagation();
                  remove(o.query);
                }}
                className="rounded-full px-2 text-muted hover:bg-white hover:text-ink"
              >
                ×
              </button>
            </li>
          ))}
          {suggestionOptions.length > 0 && heading("searchOverlay.suggestions")}
          {suggestionOptions.map((o) => (
            <li key={`s-${o.query}`} {...optionProps(o)}>
              {o.query}
            </li>
          ))}
          {productOptions.length > 0 && heading("searchOverlay.products")}
          {productOptions.map((o) => (
            <li key={`p-${o.product.id}`} {...optionProps(o)}>
              {o.product.image_url ? <img src={o.product.image_url} alt="" width={40} height={40} className="h-10 w-10 object-contain" /> : <span className="h-10 w-10" />}
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2">{o.product.name}</span>
                {o.product.price_min !== null && <Price cents={o.product.price_min} className="font-bold" />}
              </span>
            </li>
          ))}
        </ul>
        {suggestions.state === "loading" && <p className="px-4 py-3 text-sm text-muted">{t("searchOverlay.loading")}</p>}
        {suggestions.state === "error" && <p className="px-4 py-3 text-sm text-red-800">{t("searchOverlay.error")}</p>}
        {suggestions.state === "done" && suggestions.products.length === 0 && suggestions.suggestions.length === 0 && <p className="px-4 py-3 text-sm text-muted">{t("searchOverlay.none")}</p>}
        {historyOptions.length > 0 && (
          <button type="button" onClick={() => {
              setEntries(history.clear());
              input.current?.focus();
            }} className="mx-4 mt-2 text-sm font-semibold text-[var(--accent)] underline">
            {t("searchOverlay.clearHistory")}
          </button>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {suggestions.state === "done" ? t("searchOverlay.count", { count: suggestions.products.length + suggestions.suggestions.length }) : ""}
      </p>
    </Form>
  );
}
