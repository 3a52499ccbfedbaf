import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsOrder, OpsPickError, OpsShipError } from "../../api/contract.ts";
import { SHIPPING_CARRIER_NAMES, SHIPPING_CARRIERS } from "../../domain/checkout/carriers.ts";
import { formatDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { deliveryNotePdfPath, fulfilmentApi, labelPdfPath, type OpsOrderCancelError } from "../api-client/fulfilment.ts";
import { cancelProblemOf, carrierOf, intentOf, isPicked, orderActions, orderPath, ORDERS_PATH, pickProblemOf, shipProblemOf, type Intent, type ShipField } from "../features/ops/order-form.ts";
import { AddressLines, Deadline, OrderStatusBadge } from "../features/ops/order-ui.tsx";
import { opsButton, opsInput, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { unitPath } from "../features/ops/unit-form.ts";
import { UnitStatusBadge } from "../features/ops/unit-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-order";

await loadPageMessages();

const DONE = ["picked", "shipped", "delivered", "cancelled"] as const;
type Done = (typeof DONE)[number];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    const order = await fulfilmentApi(storefront(context).api).order(params.orderUuid);
    const done = url.searchParams.get("done");
    return { order, done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null };
  } catch (error) {
    staffPageOn(error, url);
  }
}

type ActionAnswer =
  | { intent: "pick"; itemUuid: string; code: string; problem: string }
  | { intent: "ship"; carrier: string; trackingNumber: string; field: ShipField | null; problem: string }
  | { intent: "deliver"; problem: string }
  | { intent: "cancel"; reason: string; problem: string };

/**
 * The packing desk's steps, each a plain form that comes back to this page: a unit scanned for an
 * item, the parcel handed to a carrier, reported delivered, or the order cancelled. A refusal is said
 * at its field with what was typed.
 */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = intentOf(form.get("intent"));
  if (!intent) throw data("Unknown form.", { status: 400 });
  const api = fulfilmentApi(storefront(context).api);
  const uuid = params.orderUuid;
  const back = (done: Done | null) => redirect(`${orderPath({ uuid })}${done ? `?done=${done}` : ""}`, 303);
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const answer = (value: ActionAnswer, status: number) => data<ActionAnswer>(value, { status });
  try {
    switch (intent) {
      case "pick": {
        const itemUuid = text("itemUuid");
        const code = text("code");
        if (!code) return answer({ intent, itemUuid, code, problem: "codeRequired" }, 400);
        const order = await api.pick(uuid, { itemUuid, code });
        return back(order.status === "picked" ? "picked" : null);
      }
      case "ship": {
        const carrier = carrierOf(form.get("carrier"));
        const trackingNumber = text("trackingNumber");
        if (!carrier) return answer({ intent, carrier: "", trackingNumber, field: "carrier", problem: "carrierInvalid" }, 400);
        if (!trackingNumber) return answer({ intent, carrier, trackingNumber, field: "trackingNumber", problem: "trackingNumberRequired" }, 400);
        await api.ship(uuid, { carrier, trackingNumber });
        return back("shipped");
      }
      case "deliver":
        await api.deliver(uuid);
        return back("delivered");
      case "cancel": {
        const reason = text("reason");
        if (!reason) return answer({ intent, reason, problem: "reasonRequired" }, 400);
        await api.cancel(uuid, reason.slice(0, 500));
        return back("cancelled");
      }
    }
  } catch (error) {
    if (!isApiError<OpsPickError | OpsShipError | OpsOrderCancelError>(error)) throw error;
    // The payment provider did not answer the cancellation's refund: said, nothing changed.
    if (intent === "cancel" && error.status === 502) return answer({ intent, reason: text("reason"), problem: "cancelFailed" }, 502);
    if (error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404 && error.code !== "UNIT_NOT_FOUND" && error.code !== "ORDER_ITEM_NOT_FOUND") pageNotFoundOn(error);
    switch (intent) {
      case "pick":
        return answer({ intent, itemUuid: text("itemUuid"), code: text("code"), problem: pickProblemOf(error) }, error.status);
      case "ship":
        return answer({ intent, carrier: text("carrier"), trackingNumber: text("trackingNumber"), ...shipProblemOf(error) }, error.status);
      case "deliver":
        return answer({ intent, problem: error.code === "ROLE_REQUIRED" ? "notAllowed" : "notDeliverable" }, error.status);
      case "cancel":
        return answer({ intent, reason: text("reason"), problem: cancelProblemOf(error) }, error.status);
    }
  }
}

const scanFieldId = (itemUuid: string) => `scan-${itemUuid}`;

/** A card with its heading; the step to do now stands out by its frame. */
function Section({ id, heading, children, className = "", current = false }: { id: string; heading: string; children: React.ReactNode; className?: string; current?: boolean }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl bg-white p-4 ${current ? "border-2 border-blue-accent" : "border border-line"} ${className}`}>
      <h2 id={id} className="font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** One item for the picker: what was bought, the unit held for it and where it lies, and its scan field until it is picked. */
function ItemRow({ item, canPick, refusal, firstOpen }: { item: OpsOrder["items"][number]; canPick: boolean; refusal: Extract<ActionAnswer, { intent: "pick" }> | null; firstOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const picked = isPicked(item);
  const problem = refusal?.itemUuid === item.uuid ? refusal : null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("itemUuid") === item.uuid;
  const id = scanFieldId(item.uuid);
  return (
    <li className="grid gap-3 px-4 py-3 md:grid-cols-[2fr_2fr_3fr]" data-testid="order-item">
      <div>
        <p className="font-semibold">{item.name}</p>
        <p className="text-sm">
          {t("ops.orders.order.grade", { grade: item.grade })}
          {item.withFullBattery && <span> · {t("ops.units.fullBattery")}</span>}
        </p>
        <p className="text-sm text-muted">{formatMoney(item.price.amount, i18n.language)}</p>
      </div>
      <div className="text-sm">
        {item.unit ? (
          <>
            <p>
              <Link to={unitPath(item.unit)} className="font-mono font-semibold text-blue-accent underline">
                {item.unit.label}
              </Link>{" "}
              <UnitStatusBadge status={item.unit.status} />
            </p>
            {item.unit.identifier && <p className="font-mono text-xs">{t("ops.orders.order.identifier", { identifier: item.unit.identifier })}</p>}
            <p className="mt-1 text-base font-bold" data-testid="item-location">
              {t("ops.orders.order.location", { location: item.unit.location ?? t("ops.orders.order.noLocation") })}
            </p>
          </>
        ) : (
          <p className="text-muted">{t("ops.orders.order.noUnit")}</p>
        )}
      </div>
      <div>
        {picked ? (
          <p className="inline-flex items-center gap-1 rounded border border-green-300 bg-green-50 px-2 py-1 text-sm font-semibold text-green-900" data-testid="item-picked">
            <span aria-hidden="true">✓</span> {t("ops.orders.order.picked")}
          </p>
        ) : canPick ? (
          <Form method="post" className="flex flex-wrap items-end gap-2" aria-busy={busy} data-testid="pick-form">
            <input type="hidden" name="intent" value="pick" />
            <input type="hidden" name="itemUuid" value={item.uuid} />
            <div className="min-w-[12rem] flex-1">
              <label htmlFor={id} className="block text-sm font-semibold">
                {t("ops.orders.order.scan", { name: item.name })}
              </label>
              <input
                id={id}
                name="code"
                type="text"
                required
                maxLength={40}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                enterKeyHint="go"
                autoFocus={problem ? true : firstOpen && !refusal}
                defaultValue={problem?.code}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
                className={`${opsInput} font-mono`}
                data-testid="scan-field"
              />
              <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
                {t("ops.orders.order.scanHint")}
              </p>
              {problem && (
                <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-800">
                  {t(`ops.orders.problems.${problem.problem}`)}
                </p>
              )}
            </div>
            <button type="submit" disabled={busy} className={opsButton.primary}>
              {busy ? t("ops.orders.order.picking") : t("ops.orders.order.pick")}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-muted">{t("ops.orders.order.notPicked")}</p>
        )}
      </div>
    </li>
  );
}

/** The parcel's label (by the carrier chosen, until it is shipped) and the delivery note, opened as PDFs. */
function Documents({ order }: { order: OpsOrder }) {
  const { t } = useTranslation();
  const link = "inline-flex h-9 items-center rounded-lg border border-line bg-white px-4 text-sm font-semibold hover:border-blue-accent";
  return (
    <Section id="order-documents" heading={t("ops.orders.order.documents")}>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        {order.shipment ? (
          <a href={`${labelPdfPath(order.uuid)}?carrier=${order.shipment.carrier}`} className={link} data-testid="label-link">
            {t("ops.orders.order.label", { carrier: SHIPPING_CARRIER_NAMES[order.shipment.carrier] })}
          </a>
        ) : (
          <form method="get" action={labelPdfPath(order.uuid)} className="flex flex-wrap items-end gap-2">
            <label className="text-sm font-semibold">
              {t("ops.orders.order.labelCarrier")}
              <select name="carrier" defaultValue="dhl" className={opsInput}>
                {SHIPPING_CARRIERS.map((carrier) => (
                  <option key={carrier} value={carrier}>
                    {SHIPPING_CARRIER_NAMES[carrier]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={opsButton.secondary} data-testid="label-open">
              {t("ops.orders.order.labelOpen")}
            </button>
          </form>
        )}
        <a href={deliveryNotePdfPath(order.uuid)} className={link} data-testid="delivery-note-link">
          {t("ops.orders.order.deliveryNote")}
        </a>
      </div>
    </Section>
  );
}

function ShipForm({ refusal }: { refusal: Extract<ActionAnswer, { intent: "ship" }> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "ship";
  const at = (field: ShipField) => refusal?.field === field;
  return (
    <Section id="order-ship" heading={t("ops.orders.ship.heading")} current>
      <p className="text-sm text-muted">{t("ops.orders.ship.text")}</p>
      {refusal && refusal.field === null && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {t(`ops.orders.problems.${refusal.problem}`)}
        </p>
      )}
      <Form method="post" className="mt-3 flex flex-wrap items-start gap-3" aria-busy={busy} data-testid="ship-form">
        <input type="hidden" name="intent" value="ship" />
        <div className="w-40">
          <label htmlFor="ship-carrier" className="block text-sm font-semibold">
            {t("ops.orders.ship.carrier")}
          </label>
          <select
            id="ship-carrier"
            name="carrier"
            defaultValue={refusal?.carrier || "dhl"}
            aria-invalid={at("carrier") ? true : undefined}
            aria-describedby={at("carrier") ? "ship-carrier-problem" : undefined}
            className={opsInput}
          >
            {SHIPPING_CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {SHIPPING_CARRIER_NAMES[carrier]}
              </option>
            ))}
          </select>
          {at("carrier") && (
            <p id="ship-carrier-problem" role="alert" className="mt-1 text-sm text-red-800">
              {t(`ops.orders.problems.${refusal!.problem}`)}
            </p>
          )}
        </div>
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="ship-tracking" className="block text-sm font-semibold">
            {t("ops.orders.ship.trackingNumber")}
          </label>
          <input
            id="ship-tracking"
            name="trackingNumber"
            type="text"
            required
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            defaultValue={refusal?.trackingNumber}
            autoFocus={at("trackingNumber")}
            aria-invalid={at("trackingNumber") ? true : undefined}
            aria-describedby={at("trackingNumber") ? "ship-tracking-problem" : undefined}
            className={`${opsInput} font-mono`}
          />
          {at("trackingNumber") && (
            <p id="ship-tracking-problem" role="alert" className="mt-1 text-sm text-red-800">
              {t(`ops.orders.problems.${refusal!.problem}`)}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className={`${opsButton.primary} mt-6`}>
          {busy ? t("ops.orders.ship.sending") : t("ops.orders.ship.submit")}
        </button>
      </Form>
    </Section>
  );
}

function CancelForm({ refusal }: { refusal: Extract<ActionAnswer, { intent: "cancel" }> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <details open={refusal ? true : undefined} className="rounded-xl border border-line bg-white p-4">
      <summary className="cursor-pointer font-bold">{t("ops.orders.cancel.open")}</summary>
      <p className="mt-1 text-sm text-muted">{t("ops.orders.cancel.text")}</p>
      {refusal && refusal.problem !== "reasonRequired" && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {t(`ops.orders.problems.${refusal.problem}`)}
        </p>
      )}
      <Form method="post" className="mt-3 space-y-2" aria-busy={busy}>
        <input type="hidden" name="intent" value="cancel" />
        <label htmlFor="cancel-reason" className="block text-sm font-semibold">
          {t("ops.orders.cancel.reason")}
        </label>
        <textarea
          id="cancel-reason"
          name="reason"
          rows={2}
          required
          maxLength={500}
          defaultValue={refusal?.reason}
          aria-invalid={refusal?.problem === "reasonRequired" ? true : undefined}
          aria-describedby={refusal?.problem === "reasonRequired" ? "cancel-reason-problem" : undefined}
          className={`${opsInput} h-auto py-1.5`}
        />
        {refusal?.problem === "reasonRequired" && (
          <p id="cancel-reason-problem" role="alert" className="text-sm text-red-800">
            {t("ops.orders.problems.reasonRequired")}
          </p>
        )}
        <button type="submit" disabled={busy} className={opsButton.danger}>
          {busy ? t("ops.orders.cancel.sending") : t("ops.orders.cancel.submit")}
        </button>
      </Form>
    </details>
  );
}

/**
 * After a scan, the next item's scan field takes the keyboard (the scanner types into it), or the
 * refused one again with its text selected, so the next scan replaces it.
 */
function useScanFocus(order: OpsOrder, refusal: ActionAnswer | undefined) {
  const navigation = useNavigation();
  const scanning = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") {
      scanning.current = navigation.formData?.get("intent") === "pick";
      return;
    }
    if (navigation.state !== "idle" || !scanning.current) return;
    scanning.current = false;
    const refused = refusal?.intent === "pick" ? refusal.itemUuid : null;
    const next = refused ?? order.items.find((item) => !isPicked(item))?.uuid;
    const field = next ? document.getElementById(scanFieldId(next)) : null;
    if (field instanceof HTMLInputElement) {
      field.focus();
      field.select();
    }
  }, [navigation.state, navigation.formData, order, refusal]);
}

/** One order at the packing desk: who it goes to, each item's unit to pick and scan, the parcel's documents, shipping, delivery, cancelling, and its history. */
export default function OpsOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const { order, done } = loaderData;
  const can = orderActions(me.roles, order);
  useScanFocus(order, actionData);
  const refusalOf = <I extends Intent>(intent: I) => (actionData?.intent === intent ? (actionData as Extract<ActionAnswer, { intent: I }>) : null);
  const firstOpen = order.items.find((item) => !isPicked(item))?.uuid;
  const pickedCount = order.items.filter(isPicked).length;
  const facts: [string, React.ReactNode][] = [
    [t("ops.orders.columns.status"), <OrderStatusBadge key="s" status={order.status} />],
    [t("ops.orders.columns.deadline"), <Deadline key="d" deadline={order.dispatchDeadline} urgency={order.urgency} />],
    [t("ops.orders.columns.customer"), <span key="e" className="break-all">{order.email}</span>],
    [t("ops.orders.order.placed"), formatDate(order.placedAt, i18n.language, "medium-time")],
    [t("ops.orders.columns.paid"), order.paidAt ? formatDate(order.paidAt, i18n.language, "medium-time") : "–"],
    [t("ops.orders.order.delivery"), t(`ops.orders.deliveryMethods.${order.deliveryMethod}`)],
    [t("ops.orders.order.payment"), t(`ops.orders.paymentMethods.${order.paymentMethod}`)],
    [
      t("ops.orders.columns.total"),
      <span key="t">
        {formatMoney(order.total.amount, i18n.language)}
        {order.refundedTotal.amount > 0 && <span className="block text-xs font-normal">{t("ops.orders.order.refunded", { amount: formatMoney(order.refundedTotal.amount, i18n.language) })}</span>}
      </span>,
    ],
  ];
  return (
    <>
      <p className="text-sm">
        <Link to={ORDERS_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.orders.order.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.orders.order.title", { number: order.number })} />
      {done && !actionData && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900" data-testid="order-done">
          {t(`ops.orders.done.${done}`)}
        </p>
      )}
      {actionData?.intent === "deliver" && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {t(`ops.orders.problems.${actionData.problem}`)}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl border border-line bg-white p-4 text-sm sm:grid-cols-4" data-testid="order-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{term}</dt>
            <dd className="mt-0.5 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="order-items" className="mt-4 rounded-xl border border-line bg-white">
        <h2 id="order-items" className="px-4 pt-3 font-bold">
          {t("ops.orders.order.items", { count: order.items.length })}{" "}
          <span className="font-normal text-muted">{t("ops.orders.order.pickedOf", { picked: pickedCount, count: order.items.length })}</span>
        </h2>
        <ul className="divide-y divide-line">
          {order.items.map((item) => (
            <ItemRow key={item.uuid} item={item} canPick={can.pick} refusal={refusalOf("pick")} firstOpen={item.uuid === firstOpen} />
          ))}
        </ul>
      </section>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Section id="order-delivery-address" heading={t("ops.orders.order.deliveryAddress")}>
          <div className="mt-2 text-sm" data-testid="delivery-address">
            <AddressLines address={order.deliveryAddress} />
          </div>
        </Section>
        <Section id="order-billing-address" heading={t("ops.orders.order.billingAddress")}>
          <div className="mt-2 text-sm">
            <AddressLines address={order.billingAddress} />
          </div>
        </Section>
      </div>

      <div className="mt-4 space-y-4">
        {can.documents && <Documents order={order} />}
        {can.ship && <ShipForm refusal={refusalOf("ship")} />}
        {order.shipment && (
          <Section id="order-shipment" heading={t("ops.orders.order.shipment")}>
            <p className="mt-2 text-sm" data-testid="order-shipment">
              {SHIPPING_CARRIER_NAMES[order.shipment.carrier]}{" "}
              <a href={order.shipment.trackingUrl} className="font-mono font-semibold text-blue-accent underline" rel="noreferrer">
                {order.shipment.trackingNumber}
              </a>{" "}
              · {t("ops.orders.order.shippedAt", { at: formatDate(order.shipment.shippedAt, i18n.language, "medium-time") })}
              {order.shipment.deliveredAt && <> · {t("ops.orders.order.deliveredAt", { at: formatDate(order.shipment.deliveredAt, i18n.language, "medium-time") })}</>}
            </p>
            {can.deliver && (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="deliver" />
                <button type="submit" className={opsButton.primary}>
                  {t("ops.orders.order.markDelivered")}
                </button>
              </Form>
            )}
          </Section>
        )}
        {can.cancel && <CancelForm refusal={refusalOf("cancel")} />}
      </div>

      <Section id="order-timeline" heading={t("ops.orders.order.timeline")} className="mt-4">
        <ol className="mt-2 space-y-2 text-sm" data-testid="order-timeline">
          {order.timeline.map((step, i) => (
            <li key={i} className="flex flex-wrap gap-x-3">
              <time dateTime={step.at} className="w-36 shrink-0 text-muted">
                {formatDate(step.at, i18n.language, "medium-time")}
              </time>
              <span className="font-semibold">{t(`ops.orders.events.${step.event}`, { defaultValue: step.event.replaceAll("_", " ") })}</span>
              <span className="text-muted">{step.actor}</span>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
