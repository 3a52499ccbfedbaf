import { loadPageMessages } from "../i18n/client-messages.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/sell-search";
import { parseSearchUrl } from "../../domain/catalogue/search-suggestions.ts";
import { redirect } from "react-router";
import { tradeInHref } from "../../domain/routing/sell-paths.ts";
import { Pagination } from "../components/pagination.tsx";
import { SellSearchField } from "../features/trade-in/sell-search-field.tsx";
import { SellProductGrid } from "../features/trade-in/sell-product-grid.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const { query, page } = parseSearchUrl(url.searchParams, 1000);
  const result = await storefront(context).api.tradeInSearch({ ...(query ? { query } : {}), page }).catch(pageNotFoundOn);
  // A scanned or typed barcode names one product: its questions come at once.
  const [only] = result.items;
  if (query && /^\d{8,13}$/.test(query) && result.total === 1 && only) throw redirect(tradeInHref(only.id, only.slug), 302);
  return { query, result };
}

/** The sell side's search (/verkaufen/suche): which devices we buy, and for up to how much. */
export default function SellSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, result } = loaderData;
  return (
    <>
      <title>{query ? t("sell.search.metaTitle", { query }) : t("sell.search.title")}</title>
      <meta name="description" content={t("sell.search.intro")} />
      <section className="rounded-3xl bg-[var(--accent)] px-5 py-8 text-white md:px-10 md:py-12 [&_label]:text-white">
        <h1 className="text-3xl font-extrabold md:text-4xl">{t("sell.search.title")}</h1>
        <p className="mt-2 max-w-2xl text-white/90">{t("sell.search.intro")}</p>
        <div className="text-ink">
          <SellSearchField key={query} defaultValue={query} />
        </div>
      </section>
      <h2 className="mt-8 text-xl font-bold">{query ? t("sell.search.resultsFor", { query }) : t("sell.search.popular")}</h2>
      {result.items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-line p-10 text-center">
          <p className="text-lg font-semibold">{t("sell.search.empty.title", { query })}</p>
          <p className="mt-1 text-muted">{t("sell.search.empty.text")}</p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{t("sell.search.count", { count: result.total })}</p>
          <SellProductGrid items={result.items} label={t("sell.search.resultsLabel")} />
          <Pagination page={result.page} totalPages={result.totalPages} />
        </>
      )}
    </>
  );
}
