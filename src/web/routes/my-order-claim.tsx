import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { CLAIM_PHOTO_LIMITS, CLAIM_REMEDIES } from "../../domain/returns/returns.ts";
import { browserApi } from "../api-client/browser.ts";
import { returnsApi, type ReturnOverview } from "../api-client/returns.ts";
import { BackToOrder, FieldError, FormProblem, NothingToAsk, OrderFrame, primaryButton, secondaryButton } from "../features/account/order-frame.tsx";
import {
  DESCRIPTION_MAX,
  keyOf,
  orderPath,
  photoProblemBeforeSending,
  photosOf,
  returnsOffer,
  sendClaim,
  withKey,
  type ClaimFormValues,
} from "../features/account/order-returns.ts";
import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { answerOrderRequest, loadOrderOffer } from "../features/account/order-request-route.ts";
import type { Route } from "./+types/my-order-claim";

await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

const MB = 1024 * 1024;
const PHOTO_LIMITS = { max: CLAIM_PHOTO_LIMITS.perUpload, mb: CLAIM_PHOTO_LIMITS.fileBytes / MB };

/** The order and which of its devices may be claimed now; an order the visitor may not see does not exist. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadOrderOffer(params.orderUuid, url, context);
}

/** Without JavaScript: the claim, then its photos (as far as a page's form may carry them). */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  return answerOrderRequest(request, url, context, (api, key, form) => sendClaim(api, params.orderUuid, key, form));
}

/**
 * With JavaScript and photos: the browser sends the claim and then the photos to the API itself,
 * so photos as a phone takes them (several MB each) need not pass through the page's form.
 */
export async function clientAction({ request, params, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  if (photosOf(form).length === 0) return serverAction();
  const sent = await sendClaim(returnsApi(browserApi), params.orderUuid, keyOf(new URL(request.url)), form);
  if ("redirect" in sent) return redirect(sent.redirect);
  const { status: _status, ...answer } = sent;
  return answer;
}

type Item = ReturnOverview["items"][number];

/** Reporting a defect under warranty: which device, what is wrong, the remedy wished, photos if at hand. */
export default function MyOrderClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order, overview, key } = loaderData;
  const offer = returnsOffer(overview);
  const date = (at: string | null) => (at ? formatDate(at, i18n.language, "long") : "");
  const title = t("orders.claimForm.title");
  const back = <BackToOrder orderUuid={order.orderUuid} number={order.number} orderKey={key} />;
  if (!offer.canClaim) {
    const reason = !offer.delivered
      ? t("orders.returnForm.nothing.notDelivered")
      : !offer.warrantyOpen
        ? t("orders.returns.warrantyOver", { date: date(offer.warrantyEndsAt) })
        : t("orders.claimForm.nothing.allTaken");
    return (
      <OrderFrame title={title}>
        {back}
        <NothingToAsk title={t("orders.claimForm.nothing.title")} reasons={[reason]}>
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
      <p className="mt-4 rounded-2xl border border-line bg-canvas p-4 text-sm">{t("orders.claimForm.intro", { date: date(offer.warrantyEndsAt) })}</p>
      <ClaimForm overview={overview} action={withKey(`${orderPath(order.orderUuid)}/warranty-claim`, key)} answer={actionData ?? null} />
    </OrderFrame>
  );
}

function ClaimForm({
  overview,
  action,
  answer,
}: {
  overview: ReturnOverview;
  action: string;
  answer: { values: ClaimFormValues; fields: Record<string, string>; problem: string | null; photoName?: string } | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const fields = answer?.fields ?? {};
  const error = (name: string) => (fields[name] ? t(`orders.claimForm.errors.${fields[name]}`, { ...PHOTO_LIMITS, name: answer?.photoName ?? "" }) : undefined);
  const problem = answer?.problem ? t(`orders.claimForm.errors.${answer.problem}`) : Object.keys(fields).length > 0 ? t("orders.claimForm.errors.summary") : null;
  const claimable = overview.items.filter((item) => item.claimable);
  // The one device an order may claim is chosen already.
  const chosen = answer?.values.item ?? (claimable.length === 1 ? claimable[0]!.orderItemUuid : "");
  return (
    <>
      <FormProblem text={problem} />
      <Form method="post" action={action} encType="multipart/form-data" className="mt-6 space-y-6" aria-busy={busy}>
        <fieldset aria-describedby={error("item") ? "claim-item-error" : undefined}>
          <legend className="font-bold">{t("orders.claimForm.item")}</legend>
          <FieldError id="claim-item-error" text={error("item")} />
          <ul className="mt-2 divide-y divide-line rounded-2xl border border-line px-4">
            {overview.items.map((item) => (
              <ClaimItem key={item.orderItemUuid} item={item} chosen={chosen === item.orderItemUuid} />
            ))}
          </ul>
        </fieldset>
        <div>
          <label htmlFor="claim-description" className="block font-bold">
            {t("orders.claimForm.description")}
          </label>
          <textarea
            id="claim-description"
            name="description"
            rows={5}
            maxLength={DESCRIPTION_MAX}
            defaultValue={answer?.values.description ?? ""}
            aria-invalid={error("description") ? true : undefined}
            aria-describedby={`claim-description-hint${error("description") ? " claim-description-error" : ""}`}
            className="mt-1 w-full rounded-xl border border-line bg-white p-3 text-base aria-[invalid=true]:border-red-700"
          />
          <p id="claim-description-hint" className="mt-1 text-xs text-muted">
            {t("orders.claimForm.descriptionHint")}
          </p>
          <FieldError id="claim-description-error" text={error("description")} />
        </div>
        <fieldset aria-describedby={`claim-remedy-hint${error("remedy") ? " claim-remedy-error" : ""}`}>
          <legend className="font-bold">{t("orders.claimForm.remedy")}</legend>
          <p id="claim-remedy-hint" className="mt-1 text-sm text-muted">
            {t("orders.claimForm.remedyHint")}
          </p>
          <FieldError id="claim-remedy-error" text={error("remedy")} />
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {CLAIM_REMEDIES.map((remedy) => (
              <label key={remedy} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line p-3 text-sm has-[:checked]:border-[var(--accent)] has-[:checked]:bg-canvas">
                <input type="radio" name="remedy" value={remedy} defaultChecked={answer?.values.remedy === remedy} className="h-5 w-5 shrink-0 accent-[var(--accent)]" />
                <span className="font-semibold">{t(`orders.remedies.${remedy}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <PhotoField error={error("photos")} />
        <div>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? t("orders.returnForm.sending") : t("orders.claimForm.submit")}
          </button>
          <p className="mt-2 text-sm text-muted">{t("orders.claimForm.labelNote")}</p>
        </div>
      </Form>
    </>
  );
}

/** One device: a radio button when it may be claimed now; otherwise what it is in already. */
function ClaimItem({ item, chosen }: { item: Item; chosen: boolean }) {
  const { t } = useTranslation();
  const id = `claim-item-${item.orderItemUuid}`;
  const picture = item.imageUrl ? <img src={item.imageUrl} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg bg-canvas object-contain" /> : null;
  const text = (
    <span className="min-w-0 text-sm">
      <span className="block font-semibold text-ink [overflow-wrap:anywhere]">{item.name}</span>
      {item.claimable
        ? t(`grades.${item.grade}.name`)
        : item.openClaimNumber
          ? t("orders.returnForm.inClaim", { number: item.openClaimNumber })
          : t("orders.returnForm.inReturn", { number: item.returnNumber ?? "" })}
    </span>
  );
  if (!item.claimable) {
    return (
      <li className="flex items-center gap-3 py-3 text-muted" data-testid="claim-item-taken">
        <span className="w-5 shrink-0" aria-hidden="true" />
        {picture}
        {text}
      </li>
    );
  }
  return (
    <li className="py-3" data-testid="claim-item">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
        <input id={id} type="radio" name="item" value={item.orderItemUuid} defaultChecked={chosen} className="h-5 w-5 shrink-0 accent-[var(--accent)]" />
        {picture}
        <span className="text-muted">{text}</span>
      </label>
    </li>
  );
}

/** Optional photos of the defect: too many or one too large is said at the field as soon as they are picked. */
function PhotoField({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const shown = picked ?? error;
  return (
    <div>
      <label htmlFor="claim-photos" className="block font-bold">
        {t("orders.claimForm.photos")}
      </label>
      <input
        id="claim-photos"
        type="file"
        name="photos"
        accept="image/*"
        multiple
        aria-invalid={shown ? true : undefined}
        aria-describedby={`claim-photos-hint${shown ? " claim-photos-error" : ""}`}
        onChange={(event) => {
          const input = event.currentTarget;
          const found = photoProblemBeforeSending([...(input.files ?? [])]);
          const message = found ? t(`orders.claimForm.errors.${found.kind}`, { ...PHOTO_LIMITS, name: found.name ?? "" }) : null;
          setPicked(message ?? "");
          // The browser then keeps the form from being sent, and says why at the field.
          input.setCustomValidity(message ?? "");
        }}
        className="mt-1 block w-full rounded-xl border border-line bg-white p-2 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-canvas file:px-3 file:py-2 file:font-semibold aria-[invalid=true]:border-red-700"
      />
      <p id="claim-photos-hint" className="mt-1 text-xs text-muted">
        {t("orders.claimForm.photosHint", PHOTO_LIMITS)}
      </p>
      <FieldError id="claim-photos-error" text={shown || undefined} />
      {error && picked === null && <p className="mt-1 text-sm text-muted">{t("orders.claimForm.photosAgain")}</p>}
    </div>
  );
}
