import { isShippingCarrier, SHIPPING_CARRIER_NAMES } from "../../domain/checkout/carriers.ts";
import { data, Form, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { CustomerCancelError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { isApiError } from "../api-client/client.ts";
import { returnsApi, type ReturnCancelError } from "../api-client/returns.ts";
import { Price } from "../components/price.tsx";
import { OrderFrame } from "../features/account/order-frame.tsx";
import { confirmationOf, keyOf, orderPath, timelineEvent, withKey } from "../features/account/order-returns.ts";
import { ReturnConfirmation, ReturnsSection, type WithdrawProblem } from "../features/account/order-returns-ui.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { OrderSummary } from "../features/cart/order-summary.tsx";
import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/my-order";

await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

/** A customer's order, or a guest's with the key from its mail (a guest has no account to log in to). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const key = keyOf(url);
  if (!key) await requireCustomer(url, context);
  const api = returnsApi(storefront(context).api);
  try {
    const order = await api.order(params.orderUuid, key);
    // Returns and claims follow the order into the page: their section waits for them on its own.
    const returns = order.status === "cancelled" ? null : api.overview(order.orderUuid, key);
    return { order, returns, key, cancelled: url.searchParams.has("cancelled"), confirmation: confirmationOf(url.searchParams) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** The customer cancels the order (until it is picked; a paid one is refunded in full), or withdraws a return whose parcel has not arrived. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const key = keyOf(url);
  if (!key) await requireCustomer(url, context);
  const form = await readForm(request);
  if (form.get("intent") === "withdrawReturn") return withdrawReturn(String(form.get("returnUuid") ?? ""), params.orderUuid, key, context);
  const reason = String(form.get("reason") ?? "").trim().slice(0, 500);
  try {
    await storefront(context).api.cancelOrder(params.orderUuid, reason || undefined, key ?? undefined);
    return redirect(withKey(url.pathname, key, { cancelled: "" }), 303);
  } catch (error) {
    if (!isApiError<CustomerCancelError>(error)) throw error;
    if (error.status === 404) pageNotFoundOn(error);
    return data({ problem: error.status === 409 && error.code === "ORDER_NOT_CANCELLABLE" ? ("notCancellable" as const) : ("failed" as const), reason, withdraw: null }, { status: error.status });
  }
}

/** A refused withdrawal shows the return as it is now (its parcel has arrived, say), though the refusal is no success. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "withdrawReturn" || defaultShouldRevalidate;
}

async function withdrawReturn(returnUuid: string, orderUuid: string, key: string | undefined, context: Route.ActionArgs["context"]) {
  try {
    const withdrawn = await returnsApi(storefront(context).api).cancelReturn(returnUuid, key);
    return redirect(withKey(orderPath(orderUuid), key, { withdrawn: withdrawn.number }), 303);
  } catch (error) {
    if (!isApiError<ReturnCancelError>(error) || error.status >= 500) throw error;
    const withdraw: WithdrawProblem = { returnUuid, problem: error.code === "RETURN_NOT_CANCELLABLE" ? "notCancellable" : "failed" };
    return data({ problem: null, reason: "", withdraw }, { status: error.status });
  }
}

/** Cancelling, one step away: opened, it asks for an optional reason and the confirmation (works without JavaScript). */
function CancelOrder({ problem, reason }: { problem: "notCancellable" | "failed" | null; reason: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <details className="mt-6 rounded-2xl border border-line bg-white p-4" open={problem !== null || undefined} data-testid="order-cancel">
      <summary className="cursor-pointer font-semibold">{t("account.order.cancel.open")}</summary>
      <Form method="post" className="mt-3 space-y-3" aria-busy={busy}>
        <p className="text-sm text-muted">{t("account.order.cancel.text")}</p>
        <label className="block text-sm font-semibold">
          {t("account.order.cancel.reason")}
          <textarea name="reason" maxLength={500} rows={2} defaultValue={reason} className="mt-1 w-full rounded-xl border border-line p-2 text-base font-normal" />
        </label>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {t(`account.order.cancel.problems.${problem}`)}
          </p>
        )}
        <button type="submit" disabled={busy} className="h-11 rounded-full bg-red-700 px-5 font-semibold text-white disabled:opacity-60">
          {busy ? t("account.order.cancel.sending") : t("account.order.cancel.confirm")}
        </button>
      </Form>
    </details>
  );
}

type OrderShipment = NonNullable<Route.ComponentProps["loaderData"]["order"]["shipment"]>;

/** The carrier's name as people know it. */
function carrierName(code: string | undefined): string {
  return code && isShippingCarrier(code) ? SHIPPING_CARRIER_NAMES[code] : (code ?? "");
}

/** The parcel once it left: carrier, tracking number and the carrier's tracking page. */
function Shipment({ shipment }: { shipment: OrderShipment }) {
  const { t, i18n } = useTranslation();
  const carrier = carrierName(shipment.carrier);
  return (
    <section className="mt-4 rounded-xl border border-line p-4 text-sm" aria-labelledby="shipment-title" data-testid="order-shipment">
      <h2 id="shipment-title" className="font-semibold">
        {t("orders.shipment.title")}
      </h2>
      <p className="mt-1">{t("orders.shipment.carrier", { carrier })}</p>
      <p>
        {t("orders.shipment.number")}: <span className="font-mono">{shipment.trackingNumber}</span>
      </p>
      <p className="text-muted">
        {shipment.deliveredAt
          ? t("orders.shipment.deliveredAt", { date: formatDate(shipment.deliveredAt, i18n.language, "medium") })
          : t("orders.shipment.shippedAt", { date: formatDate(shipment.shippedAt, i18n.language, "medium") })}
      </p>
      <a href={shipment.trackingUrl} rel="noopener noreferrer" target="_blank" className="mt-2 inline-block font-semibold underline">
        {t("orders.shipment.track", { carrier })}
      </a>
    </section>
  );
}

/** One order in the account (or a guest's, by the mail's key): status and its history, items, addresses, returns and claims, and cancelling while that is possible. */
export default function MyOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order, returns, key, cancelled, confirmation } = loaderData;
  const canCancel = order.cancellable;
  return (
    <OrderFrame title={t("account.order.title", { number: order.number })}>
      {cancelled && order.status === "cancelled" && (
        <p role="status" className="mt-3 rounded-xl border border-green-200 bg-green-50 p-3 text-sm">
          {t("account.order.cancel.done")}
        </p>
      )}
      {returns && <ReturnConfirmation overview={returns} confirmation={confirmation} orderKey={key} />}
      <p className="mt-2 font-semibold" data-testid="order-status">
        {t(`orders.status.${order.status}`)}
      </p>
      {order.refundedTotal.amount > 0 && (
        <p className="mt-1 text-sm" data-testid="order-refunded">
          {t("account.order.refunded")} <Price cents={order.refundedTotal.amount} />
        </p>
      )}
      <ol className="mt-3 space-y-1 border-l-2 border-line pl-4 text-sm" aria-label={t("account.order.timeline")}>
        {order.timeline.map((entry, i) => {
          const event = timelineEvent(entry.event);
          return (
            <li key={i}>
              <span className="text-muted">{formatDate(entry.at, i18n.language, "medium-time")}</span> ·{" "}
              {t(`orders.events.${event.name}`, { defaultValue: t(`orders.status.${entry.status}`), carrier: carrierName(order.shipment?.carrier), number: event.number ?? "" })}
            </li>
          );
        })}
      </ol>
      {order.shipment && <Shipment shipment={order.shipment} />}
      {returns && <ReturnsSection overview={returns} orderKey={key} withdraw={actionData?.withdraw ?? null} />}
      <div className="mt-6">
        <OrderSummary order={order} />
      </div>
      {canCancel && <CancelOrder problem={actionData?.problem ?? null} reason={actionData?.reason ?? ""} />}
    </OrderFrame>
  );
}
