import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { AlternateLinks } from "../components/alternate-links.tsx";
import type { Locale } from "../../domain/i18n/locales.ts";
import { BUY_PREFIX } from "../../domain/routing/paths.ts";
import type { Route } from "./+types/landing";
import { narrowPageFilters, parseListParams } from "../../domain/catalogue/list-params.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { SeoBlockSection } from "../features/content/seo-block.tsx";
import { ProductListSection } from "../features/product-list/product-list-section.tsx";
import { wishedAmong } from "../features/product-list/wished.ts";
import { storefront } from "../load-context.ts";

/** Which curated list a URL names: /omg/{slug}, /{buy}/theme/{slug}, or /{buy}/{sale|apple}. */
function pageOf(pathname: string, slugParam: string | undefined): { kind: "landing" | "theme" | "promo"; slug: string } {
  const [first, second] = pathname.split("/").filter(Boolean);
  if (first === "omg") return { kind: "promo", slug: slugParam ?? "" };
  if (second === "theme") return { kind: "theme", slug: slugParam ?? "" };
  return { kind: "landing", slug: second ?? "" };
}

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const { kind, slug } = pageOf(url.pathname, params.slug);
  try {
    const page = await storefront(context).api.landingPage(kind, slug, storefront(context).locale);
    const listParams = parseListParams(url.searchParams);
    const [list, seo] = await Promise.all([
      storefront(context).api.productList({ locale: storefront(context).locale, pathname: url.pathname, ...narrowPageFilters(page.filters, listParams) }),
      storefront(context).api.seoBlock(`${page.kind}-${page.slug}`, storefront(context).locale),
    ]);
    return { page, list, listParams, seo, wished: await wishedAmong(request, context, list.items) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** The page's URL in a language: curated pages under the buy prefix are translated, promo pages are not. */
function hrefIn(locale: Locale, page: { kind: string; slug: string }): string {
  if (page.kind === "promo") return `/omg/${page.slug}`;
  return page.kind === "theme" ? `/${BUY_PREFIX[locale]}/theme/${page.slug}` : `/${BUY_PREFIX[locale]}/${page.slug}`;
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { page, list, listParams, seo, wished } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <title>{root ? `${page.title} | ${root.productName}` : page.title}</title>
      {root && <AlternateLinks publicUrl={root.publicUrl} locale={root.locale} hrefFor={(l) => (page.kind === "promo" && l !== root.locale ? undefined : hrefIn(l, page))} />}
      <meta name="description" content={page.intro} />
      <section className="rounded-3xl bg-canvas px-6 py-8 md:px-10">
        <h1 className="text-2xl font-extrabold md:text-4xl">{page.title}</h1>
        <p className="mt-2 max-w-2xl text-muted">{page.intro}</p>
      </section>
      <ProductListSection list={list} params={listParams} label={page.title} wished={wished} />
      {seo && listParams.page === 1 && <SeoBlockSection block={seo} />}
    </>
  );
}
