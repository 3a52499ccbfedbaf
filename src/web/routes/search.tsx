import { loadMessageGroup } from "../i18n/client-messages.ts";
import { uuidOrNull } from "../../domain/uuid.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { useEffect, useMemo } from "react";
import { Link, redirect } from "react-router";
import { track } from "../shell/analytics.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { ProductCount } from "../components/product-count.tsx";
import type { Route } from "./+types/search";
import { parseSearchUrl } from "../../domain/catalogue/search-suggestions.ts";
import { parseListParams } from "../../domain/catalogue/list-params.ts";
import { categoryHref, productHref, searchHref } from "../../domain/routing/paths.ts";
import { ProductListSection } from "../features/product-list/product-list-section.tsx";
import { wishedAmong } from "../features/product-list/wished.ts";
import { sendConversionClick } from "../features/search/conversion.ts";
import { highlightParts } from "../features/search/highlight.ts";
import { createSearchHistory } from "../features/search/search-history.ts";
import { storefront } from "../load-context.ts";

// Texts of lists and the shop's other pages are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

/** A name with the searched words marked. */
function Highlighted({ text, terms }: { text: string; terms: string[] }) {
  return highlightParts(text, terms).map((part, i) => (part.match ? <mark key={i} className="bg-amber-100 text-inherit">{part.text}</mark> : part.text));
}

/** Categories offered when a search finds nothing. */
const POPULAR_CATEGORIES = 8;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { query } = parseSearchUrl(url.searchParams, 10_000);
  const listParams = parseListParams(url.searchParams);
  const productName = storefront(context).productName;
  if (!query) return { query, list: null, listParams, popular: [], locale: storefront(context).locale, productName, wished: null };
  // Another page, filter or sort of the same search keeps its id (the links carry it as searchUuid).
  const originalSearchUuid = uuidOrNull(url.searchParams.get("searchUuid"));
  const list = await storefront(context).api
    .productList({ locale: storefront(context).locale, query, pathname: url.pathname, ...listParams, ...(originalSearchUuid ? { originalSearchUuid } : {}) })
    .catch(pageNotFoundOn);
  // An exact EAN, ISBN or ASIN names one product: go there, with the search id for the cart.
  const exact = list.search?.exactMatch;
  if (exact) throw redirect(`${productHref(exact.id, exact.slug)}?searchUuid=${list.searchUuid}`, 302);
  const popular = list.total === 0 ? (await storefront(context).api.popularCategories(storefront(context).locale, POPULAR_CATEGORIES)).categories : [];
  return { query, list, listParams, popular, locale: storefront(context).locale, productName, wished: await wishedAmong(request, context, list.items) };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, list, listParams, popular, locale, productName } = loaderData;
  useEffect(() => {
    if (!query) return;
    track({ name: "search", search_term: query });
    createSearchHistory(productName, "blue").add(query);
  }, [query, productName]);
  const searchUuid = list?.searchUuid;
  const terms = list?.search?.terms;
  const search = useMemo(
    () =>
      searchUuid && terms
        ? { searchUuid, name: (name: string) => <Highlighted text={name} terms={terms} />, onOpen: (productId: number) => sendConversionClick(productId, searchUuid) }
        : undefined,
    [searchUuid, terms],
  );
  const corrected = list?.search?.correctedQuery ?? null;
  const broader = list?.search?.broaderQuery ?? null;
  return (
    <>
      <title>{query ? t("search.metaTitle", { query }) : t("search.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold md:text-3xl">{query ? t("search.resultsFor", { query: corrected ?? query }) : t("search.title")}</h1>
      {list ? (
        <>
          <ProductCount total={list.total} atLeast={list.search?.countsCapped} />
          {corrected && list.total > 0 && <p className="mt-1 text-sm">{t("search.correctedFrom", { query })}</p>}
          <ProductListSection
            list={list}
            params={listParams}
            label={t("search.title")}
            search={search}
            keep={searchUuid ? { query, searchUuid } : { query }}
            wished={loaderData.wished}
            empty={
              <div className="rounded-2xl border border-dashed border-line p-8" data-testid="search-no-results">
                <p className="text-lg font-semibold">{t("search.none.title", { query })}</p>
                {broader && (
                  <p className="mt-2">
                    {t("search.none.didYouMean")} <Link to={searchHref(locale, broader)} className="font-semibold text-[var(--accent)] underline">{broader}</Link>
                  </p>
                )}
                <p className="mt-2 text-muted">{t("search.none.text")}</p>
                {popular.length > 0 && (
                  <>
                    <h2 className="mt-6 font-bold">{t("search.none.popular")}</h2>
                    <ul className="mt-2 flex flex-wrap gap-2">
                      {popular.map((c) => (
                        <li key={c.id}>
                          <Link to={categoryHref(locale, c.path)} className="block rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-[var(--accent)]">
                            {c.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            }
          />
        </>
      ) : (
        <p className="mt-4 text-muted">{t("search.prompt")}</p>
      )}
    </>
  );
}
