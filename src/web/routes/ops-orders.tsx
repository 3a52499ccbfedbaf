import { Form, Link, useNavigation } from "react-router";
import { ORDER_STATUSES } from "../../domain/checkout/orders.ts";
import { formatDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { fulfilmentApi } from "../api-client/fulfilment.ts";
import { orderFilterOf, orderPath, ORDERS_PATH, ordersPath } from "../features/ops/order-form.ts";
import { Deadline, OrderStatusBadge, urgencyRow } from "../features/ops/order-ui.tsx";
import { opsButton, opsInput, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { Pager } from "../features/ops/pager.tsx";
import { pageOf } from "../features/ops/unit-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-orders";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const filter = orderFilterOf(url.searchParams);
  const page = pageOf(url.searchParams.get("page"));
  try {
    const list = await fulfilmentApi(storefront(context).api).orders({ ...(filter.q ? { q: filter.q } : {}), ...(filter.status ? { status: filter.status } : {}), page });
    return { list, filter };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** Fulfilment's queue: paid and picked orders, the oldest promise first, late and at-risk ones marked; or any orders by status, number or e-mail. */
export default function OpsOrders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { list, filter } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === ORDERS_PATH;
  const late = list.orders.filter((order) => order.urgency === "late").length;
  const atRisk = list.orders.filter((order) => order.urgency === "at_risk").length;
  const columns = [
    t("ops.orders.columns.number"),
    t("ops.orders.columns.deadline"),
    t("ops.orders.columns.status"),
    t("ops.orders.columns.customer"),
    <span className="block text-right">{t("ops.orders.columns.items")}</span>,
    <span className="block text-right">{t("ops.orders.columns.total")}</span>,
    t("ops.orders.columns.paid"),
  ];
  return (
    <>
      <OpsPageTitle title={t("ops.orders.title")} intro={t("ops.orders.intro")} />
      <Form method="get" action={ORDERS_PATH} role="search" aria-label={t("ops.orders.filter.label")} className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-3">
        <div className="min-w-[16rem] flex-[2]">
          <label htmlFor="orders-q" className="block text-sm font-semibold">
            {t("ops.orders.filter.q")}
          </label>
          <input id="orders-q" name="q" type="search" defaultValue={filter.q} maxLength={254} autoComplete="off" className={opsInput} data-testid="orders-search" />
        </div>
        <label className="min-w-[12rem] flex-1 text-sm font-semibold">
          {t("ops.orders.filter.status")}
          <select name="status" defaultValue={filter.status ?? ""} className={opsInput}>
            <option value="">{t("ops.orders.filter.queue")}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`ops.orders.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={opsButton.primary}>
          {t("ops.orders.filter.submit")}
        </button>
        {(filter.q || filter.status) && (
          <Link to={ORDERS_PATH} className="h-9 content-center text-sm font-semibold text-blue-accent underline">
            {t("ops.orders.filter.reset")}
          </Link>
        )}
      </Form>
      {(late > 0 || atRisk > 0) && (
        <p className="mt-3 rounded-lg border border-amber-500 bg-amber-50 p-2 text-sm font-semibold text-amber-950" data-testid="orders-urgent">
          {t("ops.orders.urgentSummary", { late, atRisk })}
        </p>
      )}
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="ops-orders"
          heading={filter.status || filter.q ? t("ops.orders.headingFound", { count: list.total }) : t("ops.orders.heading", { count: list.total })}
          columns={columns}
          rows={list.orders.map((order) => (
            <tr key={order.uuid} className={urgencyRow(order.urgency)} data-testid="order-row">
              <th scope="row" className={`${tableCell} text-left font-mono font-semibold`}>
                <Link to={orderPath(order)} className="text-blue-accent underline">
                  {order.number}
                </Link>
              </th>
              <td className={tableCell}>
                <Deadline deadline={order.dispatchDeadline} urgency={order.urgency} />
              </td>
              <td className={tableCell}>
                <OrderStatusBadge status={order.status} />
                {order.deliveryMethod === "express" && <span className="mt-1 block text-xs font-semibold">{t("ops.orders.express")}</span>}
              </td>
              <td className={`${tableCell} break-all`}>{order.email}</td>
              <td className={`${tableCell} text-right tabular-nums`}>{order.itemCount}</td>
              <td className={`${tableCell} text-right tabular-nums`}>{formatMoney(order.total.amount, i18n.language)}</td>
              <td className={`${tableCell} whitespace-nowrap`}>{order.paidAt ? <time dateTime={order.paidAt}>{formatDate(order.paidAt, i18n.language, "medium-time")}</time> : "–"}</td>
            </tr>
          ))}
          empty={filter.status || filter.q ? t("ops.orders.emptyFound") : t("ops.orders.empty")}
          minWidth="min-w-[56rem]"
          testId="orders"
        />
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} pathOf={(page) => ordersPath(filter, page)} />
    </>
  );
}
