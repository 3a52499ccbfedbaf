import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { Link } from "react-router";
import type { Route } from "./+types/my";
import { BUY_PREFIX } from "../../domain/routing/paths.ts";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { formatDate } from "../../domain/dates.ts";
import { Price } from "../components/price.tsx";
import { Pagination } from "../components/pagination.tsx";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code (order states are with the checkout's).
await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

export async function loader({ url, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(url, context);
  const page = Math.min(1000, Math.max(1, Number(url.searchParams.get("page")) || 1));
  return { customer, orders: await storefront(context).api.orders(page) };
}

/** The account area's start page: who is logged in, and their orders. */
export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { customer } = loaderData;
  const since = formatDate(customer.createdAt, i18n.language);
  return (
    <AccountFrame title={t("account.overview.title")}>
      <p className="mt-2 text-muted">{t("account.overview.greeting", { email: customer.email, since })}</p>
      <section aria-labelledby="orders-title" className="mt-8 rounded-2xl border border-line p-5">
        <h2 id="orders-title" className="text-lg font-bold">
          {t("account.orders.title")}
        </h2>
        {loaderData.orders.total === 0 ? (
          <>
            <p className="mt-2 text-muted">{t("account.orders.empty")}</p>
            <Link to={`/${BUY_PREFIX[customer.locale]}/categories`} className="mt-4 inline-block rounded-full bg-[var(--accent)] px-5 py-2.5 font-semibold text-white hover:bg-[var(--accent-dark)]">
              {t("account.orders.shop")}
            </Link>
          </>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-line" data-testid="order-list">
              {loaderData.orders.orders.map((order) => (
                <li key={order.orderUuid}>
                  <Link to={`/my/orders/${order.orderUuid}`} className="flex flex-wrap items-center justify-between gap-2 py-3 hover:bg-canvas">
                    <span>
                      <span className="font-semibold">{order.number}</span>
                      <span className="block text-sm text-muted">
                        {formatDate(order.placedAt, i18n.language)} · {t("account.orders.items", { count: order.itemCount })}
                      </span>
                    </span>
                    <span className="text-right">
                      <Price cents={order.totalPrice.amount} className="font-semibold" />
                      <span className={`block text-sm ${order.status === "cancelled" ? "text-muted" : "text-green-accent"}`}>{t(`orders.status.${order.status}`)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination page={loaderData.orders.page} totalPages={Math.ceil(loaderData.orders.total / loaderData.orders.pageSize)} />
          </>
        )}
      </section>
    </AccountFrame>
  );
}
