import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import type { ApiClient } from "../../api-client/client.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { sellSearchHref } from "../../../domain/routing/paths.ts";
import { tradeInHref } from "../../../domain/routing/sell-paths.ts";
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_PRODUCTS, wantsSuggestions } from "../../../domain/catalogue/search-suggestions.ts";
import { browserApi } from "../../api-client/browser.ts";
import { Price } from "../../components/price.tsx";
import { BarcodeScanButton } from "./barcode-scan-button.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { comboboxInputProps } from "../../components/combobox.ts";

// The API's answer as the client types it: the web side reads API contracts, not route files.
type TradeInSearchView = Awaited<ReturnType<ApiClient["tradeInSearch"]>>;

type Suggestions = { state: "idle" } | { state: "loading" } | { state: "error" } | { state: "done"; items: TradeInSearchView["items"] };

/**
 * The sell side's search field: a plain GET form, plus devices with their payout suggested while
 * typing (a combobox: arrow keys move, Enter opens, Escape closes).
 */
export function SellSearchField({ defaultValue }: { defaultValue: string }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [suggestions, setSuggestions] = useState<Suggestions>({ state: "idle" });
  const latest = useRef(0);

  useEffect(() => {
    if (!open || !wantsSuggestions(text)) {
      setSuggestions({ state: "idle" });
      return;
    }
    const call = ++latest.current;
    setSuggestions({ state: "loading" });
    const timer = setTimeout(async () => {
      try {
        const result = await browserApi.tradeInSearch({ query: text.trim(), pageSize: SUGGESTION_PRODUCTS });
        if (call === latest.current) setSuggestions({ state: "done", items: result.items });
      } catch {
        if (call === latest.current) setSuggestions({ state: "error" });
      }
    }, SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, open]);

  const onCode = useCallback((code: string) => navigate(sellSearchHref(locale, code)), [navigate, locale]);
  const items = suggestions.state === "done" ? suggestions.items : [];
  const expanded = open && suggestions.state !== "idle";
  const optionId = (i: number) => `${id}-option-${i}`;
  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % items.length);
    } else if (event.key === "ArrowUp" && items.length) {
      event.preventDefault();
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Enter" && active >= 0 && items[active]) {
      event.preventDefault();
      setOpen(false);
      navigate(tradeInHref(items[active].id, items[active].slug));
    }
  }

  return (
    <Form method="get" action={sellSearchHref(locale)} role="search" aria-label={t("sell.search.label")} className="relative mt-6 max-w-2xl" onSubmit={() => setOpen(false)}>
      <label htmlFor={`${id}-input`} className="block font-semibold">
        {t("sell.search.label")}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${id}-input`}
          name="query"
          type="search"
          {...comboboxInputProps(`${id}-listbox`, expanded, active >= 0 ? optionId(active) : undefined)}
          maxLength={200}
          value={text}
          placeholder={t("sell.search.placeholder")}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          className="h-12 min-w-0 flex-1 rounded-full border border-line bg-white px-5 text-base outline-none focus:border-[var(--accent)] focus:ring-2 focus:ring-[var(--accent)]/20"
        />
        <BarcodeScanButton onCode={onCode} />
        <button type="submit" className="h-12 rounded-full bg-ink px-6 font-semibold text-white hover:bg-black">
          {t("sell.search.submit")}
        </button>
      </div>
      <div className={expanded ? "absolute inset-x-0 top-full z-20 mt-2 overflow-hidden rounded-2xl border border-line bg-white shadow-lg" : "hidden"}>
        {suggestions.state === "loading" && <p className="px-4 py-3 text-sm text-muted">{t("sell.search.suggestions.loading")}</p>}
        {suggestions.state === "error" && <p className="px-4 py-3 text-sm text-red-800">{t("sell.search.suggestions.error")}</p>}
        {suggestions.state === "done" && items.length === 0 && <p className="px-4 py-3 text-sm text-muted">{t("sell.search.suggestions.none")}</p>}
        <ul id={`${id}-listbox`} role="listbox" aria-label={t("sell.search.suggestions.label")}>
          {items.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setOpen(false);
                navigate(tradeInHref(item.id, item.slug));
              }}
              className="flex cursor-pointer items-center gap-3 px-4 py-2 hover:bg-canvas aria-selected:bg-canvas"
            >
              {item.imageUrl && <img src={item.imageUrl} alt="" width={40} height={40} className="h-10 w-10 object-contain" />}
              <span className="min-w-0 flex-1 text-sm">
                <span className="line-clamp-2">{item.name}</span>
                <span className="text-muted">{t("sell.search.upTo")} </span>
                <Price cents={item.maxPayout} className="font-bold text-[var(--accent)]" />
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p aria-live="polite" className="sr-only">
        {suggestions.state === "done" ? t("sell.search.suggestions.count", { count: items.length }) : ""}
      </p>
    </Form>
  );
}
