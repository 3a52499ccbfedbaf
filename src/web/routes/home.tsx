import { loadMessageGroup } from "../i18n/client-messages.ts";
import { lazy, Suspense } from "react";
import { useTranslation } from "../i18n/i18n.tsx";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { BUY_PREFIX, categoryHref } from "../../domain/routing/paths.ts";
import { ProductGrid } from "../components/product-card.tsx";
import { wishedAmong } from "../features/product-list/wished.ts";
import type { loader as layoutLoader } from "../layouts/default.tsx";
import { storefront } from "../load-context.ts";

// Texts of lists and the shop's other pages are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

// Personal and client-side only: loaded after the page.
const RecentlyViewedSlot = lazy(() => import("../features/recommendations/recently-viewed.tsx"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const popular = await storefront(context).api.productList({ locale: storefront(context).locale, sort: "popularity", page: 1, inStock: true });
  const shown = popular.items.slice(0, 15);
  return { popular: shown, locale: storefront(context).locale, wished: await wishedAmong(request, context, shown) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const layout = useRouteLoaderData<typeof layoutLoader>("layouts/default");
  const { locale, popular, wished } = loaderData;
  return (
    <>
      <title>{t("home.metaTitle")}</title>
      <meta name="description" content={t("home.metaDescription")} />
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-blue-accent to-[#073b8a] px-6 py-10 text-white md:px-12 md:py-14">
        <h1 className="max-w-2xl text-3xl font-extrabold leading-tight md:text-5xl">{t("home.hero.title")}</h1>
        <p className="mt-4 max-w-xl text-base text-white/90 md:text-lg">{t("home.hero.text")}</p>
        <ul className="mt-6 flex flex-wrap gap-2 text-sm font-semibold">
          {(["warranty", "tested", "returns"] as const).map((k) => (
            <li key={k} className="rounded-full bg-white/15 px-3 py-1.5">
              ✓ {t(`home.hero.usp.${k}`)}
            </li>
          ))}
        </ul>
        <nav aria-label={t("home.hero.shortcuts")} className="mt-8 flex flex-wrap gap-3">
          <Link to={`/${BUY_PREFIX[locale]}/sale`} className="rounded-full bg-white px-5 py-2.5 font-semibold text-blue-accent hover:bg-white/90">
            {t("home.hero.sale")}
          </Link>
          <Link to={`/${BUY_PREFIX[locale]}/apple`} className="rounded-full border border-white/60 px-5 py-2.5 font-semibold text-white hover:bg-white/10">
            {t("home.hero.apple")}
          </Link>
          <Link to={`/${BUY_PREFIX[locale]}/theme/gaming`} className="rounded-full border border-white/60 px-5 py-2.5 font-semibold text-white hover:bg-white/10">
            {t("home.hero.gaming")}
          </Link>
        </nav>
      </section>

      {layout && (
        <section aria-labelledby="categories-title" className="mt-10">
          <h2 id="categories-title" className="text-xl font-bold md:text-2xl">
            {t("home.categoriesTitle")}
          </h2>
          {layout.categories.map((root) => (
            <div key={root.id} className="mt-4">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{root.name}</h3>
              <ul className="mt-2 flex gap-2 overflow-x-auto pb-2 md:flex-wrap">
                {root.children.map((c) => (
                  <li key={c.id} className="shrink-0">
                    <Link
                      to={categoryHref(locale, c.path)}
                      className="block rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:border-[var(--accent)] hover:text-[var(--accent)]"
                    >
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}

      <Suspense fallback={null}>
        <RecentlyViewedSlot />
      </Suspense>

      <section aria-labelledby="popular-title" className="mt-10">
        <h2 id="popular-title" className="mb-4 text-xl font-bold md:text-2xl">
          {t("home.popularTitle")}
        </h2>
        <ProductGrid products={popular} label={t("home.popularTitle")} headingLevel={3} wished={wished} />
      </section>
    </>
  );
}
