import { loadPageMessages } from "../i18n/client-messages.ts";
import { data, Link } from "react-router";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/top-products";
import { platformOfPath, productHref, sellSearchHref } from "../../domain/routing/paths.ts";
import { resolveLocale } from "../../domain/i18n/locales.ts";
import { Price } from "../components/price.tsx";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

const RANGE = 1000;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const match = /^(\d{1,8})-(\d{1,8})$/.exec(params.range);
  if (!match) throw data(null, { status: 404 });
  try {
    const { pathname } = url;
    const platform = platformOfPath(pathname) === "green" ? "green" : "blue";
    const top = await storefront(context).api.topProducts(Number(match[1]), Number(match[2]), platform);
    return { top, base: pathname.replace(/\/[^/]+$/, "") };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/**
 * Products by popularity rank, 1,000 a page, linked to each other: a map of the catalogue for people
 * and crawlers. On the sell side only devices the shop buys, each with its payout and a link to it in the sell search.
 */
export default function TopProducts({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { top, base } = loaderData;
  const green = top.platform === "green";
  const title = t(green ? "topProducts.sellTitle" : "topProducts.title", { from: top.from, to: top.to });
  const ranges = Array.from({ length: Math.ceil(top.total / RANGE) }, (_, i) => [i * RANGE + 1, Math.min(top.total, (i + 1) * RANGE)] as const);
  return (
    <>
      <title>{title}</title>
      <h1 className="text-2xl font-extrabold md:text-3xl">{title}</h1>
      <ol start={top.from} className="mt-6 list-decimal space-y-1 pl-12 sm:columns-2">
        {top.items.map((p) => (
          <li key={p.id}>
            <Link to={green ? sellSearchHref(resolveLocale(i18n.language), p.name) : productHref(p.id, p.slug)} className="hover:underline">
              {p.name}
            </Link>
            {p.maxPayout !== undefined && (
              <span className="text-sm text-muted">
                {" · "}
                {t("sell.search.upTo")} <Price cents={p.maxPayout} />
              </span>
            )}
          </li>
        ))}
      </ol>
      {ranges.length > 1 && (
        <nav aria-label={t("topProducts.ranges")} className="mt-8 flex flex-wrap gap-2 text-sm">
          {ranges.slice(0, 200).map(([from, to]) => (
            <Link key={from} to={`${base}/${from}-${to}`} aria-current={from === top.from ? "page" : undefined} className="rounded-full border border-line px-3 py-1 hover:border-[var(--accent)] aria-[current=page]:bg-[var(--accent)] aria-[current=page]:text-white">
              {from}–{to}
            </Link>
          ))}
        </nav>
      )}
    </>
  );
}
