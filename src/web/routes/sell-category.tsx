import { Link } from "react-router";
import type { Route } from "./+types/sell-category";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Pagination } from "../components/pagination.tsx";
import { resolveLocale } from "../../domain/i18n/locales.ts";
import { prefixInfo } from "../../domain/routing/paths.ts";
import { sellCategoryHref, sellHomeHref } from "../../domain/routing/sell-paths.ts";
import { parseSearchUrl } from "../../domain/catalogue/search-suggestions.ts";
import { SellProductGrid } from "../features/trade-in/sell-product-grid.tsx";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const path = (params["*"] ?? "").replace(/\/+$/, "");
  // The prefix tells the language the path is written in; the page itself is in the visitor's language.
  const pathLocale = prefixInfo(url.pathname.split("/")[1] ?? "")?.locale ?? storefront(context).locale;
  const { page } = parseSearchUrl(url.searchParams, 1000);
  try {
    const navigation = await storefront(context).api.navigationByPath(storefront(context).locale, path, pathLocale);
    const category = navigation.categories[0]!;
    const result = await storefront(context).api.tradeInSearch({ categoryId: category.id, page });
    return { navigation, category, result };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** A category on the sell side: what the shop buys in it, its subcategories, and the way back up. */
export default function SellCategory({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const { navigation, category, result } = loaderData;
  return (
    <>
      <title>{t("sell.category.metaTitle", { name: category.name })}</title>
      <meta name="description" content={t("sell.category.intro", { name: category.name })} />
      <nav aria-label={t("breadcrumbs.label")} className="text-sm text-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to={sellHomeHref(locale)} className="underline">
              {t("sell.home.breadcrumb")}
            </Link>
          </li>
          {navigation.breadcrumbs.map((crumb, i) => (
            <li key={crumb.id} className="flex gap-1">
              <span aria-hidden="true">›</span>
              {i === navigation.breadcrumbs.length - 1 ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <Link to={sellCategoryHref(locale, crumb.path)} className="underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-extrabold">{t("sell.category.title", { name: category.name })}</h1>
      <p className="mt-1 max-w-2xl text-muted">{t("sell.category.intro", { name: category.name })}</p>
      {category.children.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("sell.category.subcategories")}>
          {category.children.map((child) => (
            <li key={child.id}>
              <Link to={sellCategoryHref(locale, child.path)} className="inline-block rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-[var(--accent)]">
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {result.items.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-line p-10 text-center">
          <p className="text-lg font-semibold">{t("sell.category.empty.title")}</p>
          <p className="mt-1 text-muted">{t("sell.category.empty.text")}</p>
        </div>
      ) : (
        <>
          <h2 className="sr-only">{t("sell.search.resultsLabel")}</h2>
          <p className="mt-4 text-sm text-muted">{t("sell.search.count", { count: result.total })}</p>
          <SellProductGrid items={result.items} label={t("sell.search.resultsLabel")} />
          <Pagination page={result.page} totalPages={result.totalPages} />
        </>
      )}
    </>
  );
}
