import { Form, Link, useNavigation } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { RETURN_REASONS } from "../../domain/returns/returns.ts";
import type { ReturnOverview } from "../api-client/returns.ts";
import { BackToOrder, FieldError, FormProblem, NothingToAsk, OrderFrame, primaryButton, secondaryButton } from "../features/account/order-frame.tsx";
import { COMMENT_MAX, orderPath, returnsOffer, sendReturn, withKey, type ReturnFormValues } from "../features/account/order-returns.ts";
import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { answerOrderRequest, loadOrderOffer } from "../features/account/order-request-route.ts";
import type { Route } from "./+types/my-order-return";

await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

/** The order and what of it may be returned now; an order the visitor may not see does not exist. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadOrderOffer(params.orderUuid, url, context);
}

/** Sends the return; back to the order with its number, or the form again with what was typed and what is wrong. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  return answerOrderRequest(request, url, context, (api, key, form) => sendReturn(api, params.orderUuid, key, form));
}

type Item = ReturnOverview["items"][number];

/** Returning items of a delivered order: which, why, an optional comment; the label follows by mail. */
export default function MyOrderReturn({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order, overview, key } = loaderData;
  const offer = returnsOffer(overview);
  const date = (at: string | null) => (at ? formatDate(at, i18n.language, "long") : "");
  const title = t("orders.returnForm.title");
  const back = <BackToOrder orderUuid={order.orderUuid} number={order.number} orderKey={key} />;
  if (!offer.returnKind || !offer.canReturn) {
    const reasons = !offer.delivered
      ? [t("orders.returnForm.nothing.notDelivered")]
      : !offer.returnsOffered
        ? [t("orders.returns.replacement")]
        : offer.returnPeriodOver
          ? [t("orders.returns.periodOver", { date: date(offer.returnEndsAt) })]
          : [t("orders.returns.allTaken")];
    if (offer.canClaim) reasons.push(t("orders.returnForm.nothing.claim"));
    return (
      <OrderFrame title={title}>
        {back}
        <NothingToAsk title={t("orders.returnForm.nothing.title")} reasons={reasons}>
          {offer.canClaim && (
            <Link to={withKey(`${orderPath(order.orderUuid)}/warranty-claim`, key)} className={primaryButton}>
              {t("orders.returns.claimLink")}
            </Link>
          )}
          <Link to={withKey(orderPath(order.orderUuid), key)} className={secondaryButton}>
            {t("orders.returnForm.toOrder")}
          </Link>
        </NothingToAsk>
      </OrderFrame>
    );
  }
  return (
    <OrderFrame title={title}>
      {back}
      <ReturnForm
        overview={overview}
        kindNote={t(`orders.returnForm.kind.${offer.returnKind}`, { date: date(offer.returnKind === "withdrawal" ? offer.withdrawalEndsAt : offer.returnEndsAt) })}
        action={withKey(`${orderPath(order.orderUuid)}/return`, key)}
        answer={actionData ?? null}
      />
    </OrderFrame>
  );
}

function ReturnForm({
  overview,
  kindNote,
  action,
  answer,
}: {
  overview: ReturnOverview;
  kindNote: string;
  action: string;
  answer: { values: ReturnFormValues; fields: Record<string, string>; problem: string | null } | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const fields = answer?.fields ?? {};
  const error = (name: string) => (fields[name] ? t(`orders.returnForm.errors.${fields[name]}`) : undefined);
  const returnable = overview.items.filter((item) => item.returnable).length;
  const problem = answer?.problem ? t(`orders.returnForm.errors.${answer.problem}`) : Object.keys(fields).length > 0 ? t("orders.returnForm.errors.summary") : null;
  return (
    <>
      <p className="mt-4 rounded-2xl border border-line bg-canvas p-4 text-sm" data-testid="return-kind">
        {kindNote} {t("orders.returnForm.refundNote")}
      </p>
      <FormProblem text={problem} />
      <Form method="post" action={action} className="mt-6 space-y-6" aria-busy={busy}>
        <fieldset aria-describedby={error("items") ? "items-error" : undefined}>
          <legend className="font-bold">{t("orders.returnForm.items")}</legend>
          <FieldError id="items-error" text={error("items")} />
          <ul className="mt-2 divide-y divide-line rounded-2xl border border-line px-4">
            {overview.items.map((item) => (
              <ReturnItem key={item.orderItemUuid} item={item} values={answer?.values ?? null} only={returnable === 1} error={error} />
            ))}
          </ul>
        </fieldset>
        <div>
          <label htmlFor="return-comment" className="block text-sm font-semibold">
            {t("orders.returnForm.comment")}
          </label>
          <textarea
            id="return-comment"
            name="comment"
            rows={3}
            maxLength={COMMENT_MAX}
            defaultValue={answer?.values.comment ?? ""}
            aria-invalid={error("comment") ? true : undefined}
            aria-describedby={`return-comment-hint${error("comment") ? " return-comment-error" : ""}`}
            className="mt-1 w-full rounded-xl border border-line bg-white p-3 text-base aria-[invalid=true]:border-red-700"
          />
          <p id="return-comment-hint" className="mt-1 text-xs text-muted">
            {t("orders.returnForm.commentHint")}
          </p>
          <FieldError id="return-comment-error" text={error("comment")} />
        </div>
        <div>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? t("orders.returnForm.sending") : t("orders.returnForm.submit")}
          </button>
          <p className="mt-2 text-sm text-muted">{t("orders.returnForm.labelNote")}</p>
        </div>
      </Form>
    </>
  );
}

/** One item: a checkbox when it may be returned, with its reason; otherwise why not. */
function ReturnItem({ item, values, only, error }: { item: Item; values: ReturnFormValues | null; only: boolean; error: (name: string) => string | undefined }) {
  const { t } = useTranslation();
  const id = `item-${item.orderItemUuid}`;
  const itemError = error(`item.${item.orderItemUuid}`);
  const reasonError = error(`reason.${item.orderItemUuid}`);
  const picture = item.imageUrl ? <img src={item.imageUrl} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg bg-canvas object-contain" /> : null;
  if (!item.returnable) {
    return (
      <li className="flex items-center gap-3 py-3 text-sm text-muted" data-testid="return-item-taken">
        <span className="w-5 shrink-0" aria-hidden="true" />
        {picture}
        <span>
          <span className="block font-semibold text-ink">{item.name}</span>
          {item.returnNumber
            ? t("orders.returnForm.inReturn", { number: item.returnNumber })
            : item.openClaimNumber
              ? t("orders.returnForm.inClaim", { number: item.openClaimNumber })
              : t("orders.returnForm.errors.itemInvalid")}
        </span>
      </li>
    );
  }
  // The one item an order may return is chosen already.
  const checked = values ? values.items.includes(item.orderItemUuid) : only;
  return (
    // The reason shows once the item is checked, by CSS alone (works before and without JavaScript).
    <li className="group py-3" data-testid="return-item">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          name="item"
          value={item.orderItemUuid}
          defaultChecked={checked}
          aria-describedby={itemError ? `${id}-error` : undefined}
          className="h-5 w-5 shrink-0 accent-[var(--accent)]"
        />
        <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
          {picture}
          <span className="min-w-0 text-sm">
            <span className="block font-semibold [overflow-wrap:anywhere]">{item.name}</span>
            <span className="text-muted">{t(`grades.${item.grade}.name`)}</span>
          </span>
        </label>
      </div>
      <FieldError id={`${id}-error`} text={itemError} />
      <div className="mt-2 hidden pl-8 group-has-[input:checked]:block">
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
          {t("orders.returnForm.reason")}
          <span className="sr-only"> – {item.name}</span>
        </label>
        <select
          id={`${id}-reason`}
          name={`reason.${item.orderItemUuid}`}
          defaultValue={values?.reasons[item.orderItemUuid] ?? ""}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          className="mt-1 h-11 w-full max-w-sm rounded-xl border border-line bg-white px-3 text-base aria-[invalid=true]:border-red-700"
        >
          <option value="">{t("orders.returnForm.reasonChoose")}</option>
          {RETURN_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`orders.reasons.${reason}`)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-reason-error`} text={reasonError} />
      </div>
    </li>
  );
}
