import { loadMessageGroup } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { ProductCount } from "../components/product-count.tsx";
import { Link, redirect } from "react-router";
import { macbookInStockRedirect } from "../../domain/catalogue/experiments.ts";
import type { Route } from "./+types/buy-category";
import { SeoBlockSection } from "../features/content/seo-block.tsx";
import { categoryHref, prefixInfo } from "../../domain/routing/paths.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { AlternateLinks } from "../components/alternate-links.tsx";
import { ProductListSection } from "../features/product-list/product-list-section.tsx";
import { wishedAmong } from "../features/product-list/wished.ts";
import { parseListParams } from "../../domain/catalogue/list-params.ts";
import { storefront } from "../load-context.ts";

// Texts of lists and the shop's other pages are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

const ALL_CATEGORIES = "categories";

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const path = (params["*"] ?? "").replace(/\/+$/, "");
  if (path === ALL_CATEGORIES) {
    const navigation = await storefront(context).api.navigation(storefront(context).locale);
    return { kind: "all" as const, navigation, locale: storefront(context).locale };
  }
  // The prefix tells the language the path is written in; the page itself is in the visitor's language.
  const pathLocale = prefixInfo(url.pathname.split("/")[1] ?? "")?.locale ?? storefront(context).locale;
  const listParams = parseListParams(url.searchParams);
  try {
    const navigation = await storefront(context).api.navigationByPath(storefront(context).locale, path, pathLocale);
    const category = navigation.categories[0]!;
    const preselect = macbookInStockRedirect(category.id, url.searchParams, storefront(context).experiments.macbookInStock);
    if (preselect) throw redirect(url.pathname + preselect, 302);
    const [list, seo] = await Promise.all([
      storefront(context).api.productList({ locale: storefront(context).locale, categoryId: category.id, pathname: url.pathname, ...listParams }),
      storefront(context).api.seoBlock(`category-${category.id}`, storefront(context).locale),
    ]);
    const wished = await wishedAmong(request, context, list.items);
    return { kind: "category" as const, navigation, category, list, listParams, locale: storefront(context).locale, publicUrl: storefront(context).publicUrl, seo, wished };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

export default function BuyCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.kind === "all") {
    return (
      <>
        <title>{t("category.allTitle")}</title>
        <h1 className="text-2xl font-extrabold md:text-3xl">{t("category.allTitle")}</h1>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          {loaderData.navigation.categories.map((root) => (
            <section key={root.id}>
              <h2 className="text-xl font-bold">
                <Link to={categoryHref(loaderData.locale, root.path)} className="hover:underline">{root.name}</Link>
              </h2>
              <ul className="mt-2 space-y-1">
                {root.children.map((c) => (
                  <li key={c.id}>
                    <Link to={categoryHref(loaderData.locale, c.path)} className="font-semibold hover:underline">{c.name}</Link>
                    {c.children.length > 0 && (
                      <ul className="ml-4 mt-1 flex flex-wrap gap-x-4 text-sm text-muted">
                        {c.children.map((g) => (
                          <li key={g.id}>
                            <Link to={categoryHref(loaderData.locale, g.path)} className="hover:underline">{g.name}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </>
    );
  }
  const { category, list, locale, listParams } = loaderData;
  return (
    <>
      <title>{t("category.metaTitle", { name: category.name })}</title>
      <meta name="description" content={t("category.metaDescription", { name: category.name, count: list.total })} />
      <AlternateLinks
        publicUrl={loaderData.publicUrl}
        locale={locale}
        hrefFor={(l) => {
          const path = loaderData.navigation.alternates[l];
          return path ? categoryHref(l, path) + (listParams.page > 1 ? `?page=${listParams.page}` : "") : undefined;
        }}
      />
      <Breadcrumbs locale={locale} items={loaderData.navigation.breadcrumbs} />
      <h1 className="text-2xl font-extrabold md:text-3xl">{category.name}</h1>
      <ProductCount total={list.total} />
      {category.children.length > 0 && (
        <ul className="mt-4 flex gap-2 overflow-x-auto pb-2" aria-label={t("category.subcategories")}>
          {category.children.map((c) => (
            <li key={c.id} className="shrink-0">
              <Link to={categoryHref(locale, c.path)} className="block rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-[var(--accent)]">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ProductListSection list={list} params={listParams} label={category.name} wished={loaderData.wished} />
      {loaderData.seo && listParams.page === 1 && <SeoBlockSection block={loaderData.seo} />}
    </>
  );
}
