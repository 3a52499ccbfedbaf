import { Link } from "react-router";
import type { Route } from "./+types/sell-home";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { resolveLocale } from "../../domain/i18n/locales.ts";
import { sellCategoryHref } from "../../domain/routing/sell-paths.ts";
import { SellSearchField } from "../features/trade-in/sell-search-field.tsx";
import { SellProductGrid } from "../features/trade-in/sell-product-grid.tsx";
import { HowSellingWorks } from "../features/trade-in/how-selling-works.tsx";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ context }: Route.LoaderArgs) {
  const [navigation, popular] = await Promise.all([storefront(context).api.navigation(storefront(context).locale), storefront(context).api.tradeInSearch({ pageSize: 8 })]);
  return { navigation, popular };
}

/** The sell side's start page: find the device, see how selling works, or browse what the shop buys. */
export default function SellHome({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const { navigation, popular } = loaderData;
  return (
    <>
      <title>{t("sell.home.metaTitle")}</title>
      <meta name="description" content={t("sell.home.intro")} />
      <section className="rounded-3xl bg-[var(--accent)] px-5 py-8 text-white md:px-10 md:py-12 [&_label]:text-white">
        <h1 className="text-3xl font-extrabold md:text-4xl">{t("sell.home.title")}</h1>
        <p className="mt-2 max-w-2xl text-white/90">{t("sell.home.intro")}</p>
        <div className="text-ink">
          <SellSearchField defaultValue="" />
        </div>
      </section>
      <HowSellingWorks />
      <h2 className="mt-10 text-xl font-bold">{t("sell.home.categories")}</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {navigation.categories.flatMap((root) =>
          root.children
            .filter((c) => !c.isAccessory)
            .map((category) => (
              <li key={category.id}>
                <Link to={sellCategoryHref(locale, category.path)} className="flex items-center justify-between rounded-2xl border border-line p-4 font-semibold hover:border-[var(--accent)]">
                  <span>
                    <span className="block text-xs font-normal uppercase tracking-wide text-muted">{root.name}</span>
                    {category.name}
                  </span>
                  <span aria-hidden="true">›</span>
                </Link>
              </li>
            )),
        )}
      </ul>
      <h2 className="mt-10 text-xl font-bold">{t("sell.search.popular")}</h2>
      <SellProductGrid items={popular.items} label={t("sell.search.popular")} />
    </>
  );
}
