import { Link } from "react-router";
import type { Route } from "./+types/my-sales";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { Price } from "../components/price.tsx";
import { Pagination } from "../components/pagination.tsx";
import { formatDate } from "../../domain/dates.ts";
import { resolveLocale } from "../../domain/i18n/locales.ts";
import { sellHomeHref } from "../../domain/routing/sell-paths.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireCustomer(url, context);
  const page = Math.min(1000, Math.max(1, Number(url.searchParams.get("page")) || 1));
  return { sales: await storefront(context).api.sales(page) };
}

/** The customer's sales, newest first, each with where it stands. */
export default function MySales({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const { sales } = loaderData;
  return (
    <AccountFrame title={t("account.sales.title")}>
      {sales.total === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-line p-8 text-center">
          <p className="font-semibold">{t("account.sales.empty")}</p>
          <Link to={sellHomeHref(locale)} className="mt-4 inline-block rounded-full bg-[var(--accent)] px-5 py-2.5 font-semibold text-white">
            {t("account.sales.sell")}
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line rounded-2xl border border-line" data-testid="sale-list">
            {sales.sales.map((sale) => (
              <li key={sale.uuid}>
                <Link to={`/my/sales/${sale.uuid}`} className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-canvas">
                  <span>
                    <span className="font-semibold">{sale.number}</span>
                    <span className="block text-sm text-muted">
                      {formatDate(sale.createdAt, locale)} · {t("account.sales.items", { count: sale.itemCount })}
                    </span>
                  </span>
                  <span className="text-right">
                    <Price cents={sale.payout.amount} className="font-semibold" />
                    <span className={`block text-sm ${sale.status === "counteroffer" ? "font-semibold text-amber-700" : "text-muted"}`}>{t(`account.sales.status.${sale.status}`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination page={sales.page} totalPages={Math.ceil(sales.total / sales.pageSize)} />
        </>
      )}
    </AccountFrame>
  );
}
