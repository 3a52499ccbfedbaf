import { loadMessageGroup } from "../i18n/client-messages.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { useEffect } from "react";
import { track } from "../shell/analytics.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/search";
import { parseSearchUrl } from "../../domain/search/suggestions.ts";
import { Pagination } from "../components/pagination.tsx";
import { ProductGrid } from "../components/product-card.tsx";

// Texts of lists and the shop's other pages are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, page } = parseSearchUrl(url.searchParams, 10_000);
  if (!query) return { query, list: null };
  const list = await context.api.productList({
    locale: context.locale,
    query,
    page,
  }).catch(pageNotFoundOn);
  return { query, list };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, list } = loaderData;
  useEffect(() => {
    if (query) track({ name: "search", search_term: query });
  }, [query]);
  return (
    <>
      <title>{query ? t("search.metaTitle", { query }) : t("search.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold md:text-3xl">{query ? t("search.resultsFor", { query }) : t("search.title")}</h1>
      {list ? (
        <>
          <p className="mb-6 mt-1 text-sm text-muted">{t("category.productCount", { count: list.total })}</p>
          <ProductGrid products={list.items} label={t("search.title")} />
          <Pagination page={list.page} totalPages={list.totalPages} />
        </>
      ) : (
        <p className="mt-4 text-muted">{t("search.prompt")}</p>
      )}
    </>
  );
}
