import { loadPageMessages, loadMessageGroup } from "../i18n/client-messages.ts";
import type { Route } from "./+types/my-order";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { OrderSummary } from "../features/cart/order-summary.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { formatDate } from "../../domain/dates.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { storefront } from "../load-context.ts";

await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireCustomer(url, context);
  try {
    return { order: await storefront(context).api.order(params.orderUuid) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** One order in the account: status and its history, items, addresses. */
export default function MyOrder({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order } = loaderData;
  return (
    <AccountFrame title={t("account.order.title", { number: order.number })}>
      <p className="mt-2 font-semibold" data-testid="order-status">
        {t(`orders.status.${order.status}`)}
      </p>
      <ol className="mt-3 space-y-1 border-l-2 border-line pl-4 text-sm" aria-label={t("account.order.timeline")}>
        {order.timeline.map((entry, i) => (
          <li key={i}>
            <span className="text-muted">{formatDate(entry.at, i18n.language, "medium-time")}</span> · {t(`orders.events.${entry.event}`, { defaultValue: t(`orders.status.${entry.status}`) })}
          </li>
        ))}
      </ol>
      <div className="mt-6">
        <OrderSummary order={order} />
      </div>
    </AccountFrame>
  );
}
