import { useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import type { Facets } from "../../../api/contract.ts";
import { activeFilterCount, type ListParams } from "../../../domain/catalogue/list-params.ts";
import { PRODUCT_SORTS } from "../../../domain/catalogue/listing.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { bandsOfRange } from "../../../domain/catalogue/price-bands.ts";
import { formatDecimal, formatMoney } from "../../../domain/money.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { loadMessageGroup } from "../../i18n/client-messages.ts";

// The filter panel's texts are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-t border-line py-4">
      <legend className="float-left mb-2 w-full text-sm font-bold">{title}</legend>
      <div className="clear-both space-y-1.5">{children}</div>
    </fieldset>
  );
}

/** A filter value's count, grouped as the language writes numbers ("947.994"). */
function FacetCount({ count }: { count: number }) {
  const { i18n } = useTranslation();
  return <span className="text-xs text-muted">{formatDecimal(count, resolveLocale(i18n.language), 0)}</span>;
}

function Check({ name, value, label, count, checked }: { name: string; value: string; label: string; count?: number; checked: boolean }) {
  const disabled = count === 0 && !checked;
  return (
    <label className={`flex items-center gap-2 text-sm ${disabled ? "text-muted opacity-60" : ""}`}>
      <input type="checkbox" name={name} value={value} defaultChecked={checked} disabled={disabled} className="h-4 w-4 accent-[var(--accent)]" />
      <span className="flex-1">{label}</span>
      {count !== undefined && <FacetCount count={count} />}
    </label>
  );
}

/**
 * Filters and sort as one GET form: every change is a new URL (shareable, back works). With
 * JavaScript it applies on change; without, the apply button does.
 */
export function FilterPanel({
  params,
  facets,
  keep = {},
  countsShown = true,
}: {
  params: ListParams;
  facets: Facets;
  keep?: Record<string, string> | undefined;
  /** False when the counts are lower bounds (a search matching much of the catalogue): values show without them. */
  countsShown?: boolean;
}) {
  const shown = (count: number) => (countsShown ? count : undefined);
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(params);
  return (
    <Form
      method="get"
      key={location.search}
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
      aria-label={t("listFilters.title")}
    >
      {/* Keeps a visitor's choice once the in-stock filter was preselected for them. */}
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {new URLSearchParams(location.search).has("preselected") && <input type="hidden" name="preselected" value="1" />}
      <div className="flex items-center justify-between gap-3">
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="filter-groups" className="rounded-full border border-line px-4 py-2 text-sm font-semibold md:hidden">
          {t("listFilters.show", { count })}
        </button>
        <label className="ml-auto flex items-center gap-2 text-sm md:ml-0 md:w-full md:justify-between">
          <span className="font-bold max-md:sr-only">{t("listSort.label")}</span>
          <SortSelect value={params.sort} />
        </label>
      </div>
      <div id="filter-groups" className={`${open ? "block" : "hidden"} mt-3 md:block`}>
        <Group title={t("listFilters.availability")}>
          <Check name="inStock" value="1" label={t("listFilters.inStock")} count={shown(facets.inStock)} checked={params.inStock} />
          <Check name="onSale" value="1" label={t("listFilters.onSale")} count={shown(facets.onSale)} checked={params.onSale} />
        </Group>
        <Group title={t("listFilters.grade")}>
          {facets.grade.map((g) => (
            <Check key={g.value} name="grade" value={g.value} label={t(`grades.${g.value}.name`)} count={shown(g.count)} checked={(params.grade as readonly string[]).includes(g.value)} />
          ))}
        </Group>
        <Group title={t("listFilters.price")}>
          <PriceChoice params={params} facets={facets} shown={shown} />
        </Group>
        {(["brand", "rom", "color"] as const).map((facet) =>
          facets[facet].length > 0 ? (
            <Group key={facet} title={t(`listFilters.${facet}`)}>
              {facets[facet].map((v) => (
                <Check key={v.value} name={facet} value={v.value} label={v.value} count={shown(v.count)} checked={params[facet].includes(v.value)} />
              ))}
            </Group>
          ) : null,
        )}
        <div className="flex gap-2 border-t border-line pt-4">
          <button type="submit" className="rounded-full bg-[var(--accent)] px-4 py-2 text-sm font-semibold text-white">
            {t("listFilters.apply")}
          </button>
          {count > 0 && (
            <Link to={location.pathname + (Object.keys(keep).length ? `?${new URLSearchParams(keep).toString()}` : "")} preventScrollReset className="rounded-full border border-line px-4 py-2 text-sm font-semibold">
              {t("listFilters.reset")}
            </Link>
          )}
        </div>
      </div>
    </Form>
  );
}

/**
 * Prices by band, each with how many products it holds: whole bands are counted from the
 * pre-aggregated groups. A custom range from a shared link stays selectable as it is.
 */
function PriceChoice({ params, facets, shown }: { params: ListParams; facets: Facets; shown: (count: number) => number | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, resolveLocale(i18n.language));
  const chosen = params.priceMin === undefined && params.priceMax === undefined ? null : bandsOfRange(params.priceMin, params.priceMax);
  const custom = (params.priceMin !== undefined || params.priceMax !== undefined) && (chosen === null || chosen.from !== chosen.to);
  const option = (value: string, label: string, checked: boolean, count?: number) => (
    <label key={value} className="flex items-center gap-2 text-sm">
      <input type="radio" name="priceBand" value={value} defaultChecked={checked} className="h-4 w-4 accent-[var(--accent)]" />
      <span className="flex-1">{label}</span>
      {count !== undefined && <FacetCount count={count} />}
    </label>
  );
  return (
    <>
      {option("", t("priceBands.all"), params.priceMin === undefined && params.priceMax === undefined)}
      {facets.priceBands.map((b) =>
        option(
          String(b.band),
          b.max === null ? t("priceBands.above", { min: money(b.min) }) : b.min === 0 ? t("priceBands.below", { max: money(b.max) }) : t("priceBands.range", { min: money(b.min), max: money(b.max) }),
          !custom && chosen?.from === b.band,
          shown(b.count),
        ),
      )}
      {custom && (
        <>
          {option("custom", t("priceBands.custom", { min: money(params.priceMin ?? 0), max: params.priceMax === undefined ? "…" : money(params.priceMax) }), true)}
          {params.priceMin !== undefined && <input type="hidden" name="priceMin" value={params.priceMin / 100} />}
          {params.priceMax !== undefined && <input type="hidden" name="priceMax" value={params.priceMax / 100} />}
        </>
      )}
    </>
  );
}

function SortSelect({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <select name="sort" defaultValue={value} className="rounded-lg border border-line bg-white px-2 py-1.5 text-sm">
      {PRODUCT_SORTS.map((s) => (
        <option key={s} value={s}>
          {t(`listSort.${s}`)}
        </option>
      ))}
    </select>
  );
}
