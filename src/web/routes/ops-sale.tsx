import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsSaleReceiveError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { PARCEL_PHOTO_LIMITS, parcelPhotosState } from "../../domain/selling/parcel-photos.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { isApiError } from "../api-client/client.ts";
import { saleOpsApi } from "../api-client/sale-ops.ts";
import { opsButton, opsInput, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { ParcelPhotos, PhotoField, photoProblemBeforeSending, photoProblemOf, photosOf, type PhotoProblem } from "../features/ops/parcel-photos.tsx";
import { itemPath, ItemPicture, OutcomeBadge, SaleStatusBadge } from "../features/ops/sale-ops-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { isRoleRefusal, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-sale";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    return { sale: await saleOpsApi(storefront(context).api).sale(params.saleRef) };
  } catch (error) {
    staffPageOn(error, url);
  }
}

type Intent = "receive" | "addPhotos" | "deletePhoto";
interface ActionAnswer {
  intent: Intent;
  /** The receipt's refusal. */
  problem: "notAllowed" | "received" | "failed" | null;
  /** The photos' refusal: nothing of them was kept. */
  photoProblem: PhotoProblem | null;
  /** What was typed as the receipt's note, kept when it was not recorded. */
  note: string;
}

/**
 * Receiving records the parcel as here, with what they noticed and photos of any damage (the seller
 * gets the parcel-received mail), adds photos later, or removes one taken by mistake. A receipt
 * with photos too many or too large records nothing; photos the API refuses after the receipt are
 * said at the sale's photos, where they can be sent again.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = saleOpsApi(storefront(context).api);
  const saleUuid = String(form.get("saleUuid") ?? "");
  const intent: Intent = form.get("intent") === "addPhotos" ? "addPhotos" : form.get("intent") === "deletePhoto" ? "deletePhoto" : "receive";
  const note = String(form.get("note") ?? "").trim();
  const photos = photosOf(form);
  const answer = (change: Partial<ActionAnswer>, status = 200) => data<ActionAnswer>({ intent, problem: null, photoProblem: null, note, ...change }, { status });

  const before = intent === "deletePhoto" ? null : intent === "addPhotos" && photos.length === 0 ? ({ kind: "empty" } as const) : photoProblemBeforeSending(photos);
  if (before) return answer({ photoProblem: before }, 400);
  if (intent === "receive") {
    try {
      await api.receive(saleUuid, note ? { note } : {});
    } catch (error) {
      if (!isApiError<OpsSaleReceiveError>(error) || error.status >= 500) throw error;
      if (error.status === 401) staffPageOn(error, url);
      const problem = isRoleRefusal(error) ? "notAllowed" : error.code === "SALE_TRANSITION_NOT_ALLOWED" ? "received" : "failed";
      return answer({ problem }, error.status);
    }
    if (photos.length === 0) return answer({});
  }
  try {
    if (intent === "deletePhoto") await api.deletePhoto(saleUuid, String(form.get("photoUuid") ?? ""));
    else await api.uploadPhotos(saleUuid, photos);
    return answer({});
  } catch (error) {
    const photoProblem = photoProblemOf(error, photos);
    if (!photoProblem) {
      if (isApiError(error, 401)) staffPageOn(error, url);
      throw error;
    }
    // After a receipt the page is the received sale's: its status, not this refusal's.
    return answer({ photoProblem }, intent === "receive" ? 200 : isApiError(error) ? error.status : 400);
  }
}

/** One sale for receiving and grading: what is expected, how far it is, the parcel's receipt, and each item's inspection. */
export default function OpsSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { sale } = loaderData;
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const busy = navigation.state === "submitting" ? ((navigation.formData?.get("intent") as Intent | null) ?? "receive") : null;
  const sending = busy === "receive";
  const answered = actionData?.intent;
  const photoProblem = actionData?.photoProblem ?? null;
  const photoNotice =
    answered === "receive" ? (photoProblem ? t("ops.receiving.photos.receivedWithoutPhotos") : null) : answered && !photoProblem ? t(`ops.receiving.photos.${answered === "addPhotos" ? "added" : "deleted"}`) : null;
  const facts: [string, React.ReactNode][] = [
    [t("ops.receiving.sale.status"), <SaleStatusBadge key="status" status={sale.status} />],
    [t("ops.receiving.sale.seller"), <span key="seller" className="break-all">{sale.customerEmail}</span>],
    [t("ops.receiving.sale.shipping"), t("ops.receiving.parcels", { count: sale.parcels, carrier: sale.carrier })],
    [t("ops.receiving.sale.express"), sale.expressGrading ? t("ops.receiving.sale.yes") : t("ops.receiving.sale.no")],
    [t("ops.receiving.sale.created"), formatDate(sale.createdAt, i18n.language, "medium-time")],
  ];
  return (
    <>
      <p className="text-sm">
        <Link to="/ops/receiving" className="font-semibold text-blue-accent underline">
          {t("ops.receiving.sale.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.receiving.sale.title", { number: sale.number })} />
      <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl border border-line bg-white p-4 text-sm sm:grid-cols-3 lg:grid-cols-5" data-testid="sale-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{term}</dt>
            <dd className="mt-0.5 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>

      {sale.status === "created" ? (
        <section aria-labelledby="ops-receive" className="mt-4 rounded-xl border-2 border-blue-accent bg-white p-4">
          <h2 id="ops-receive" className="font-bold">
            {t("ops.receiving.receive.heading")}
          </h2>
          <p className="text-sm text-muted">{t("ops.receiving.receive.text")}</p>
          <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3" aria-busy={sending}>
            <input type="hidden" name="saleUuid" value={sale.uuid} />
            <label className="min-w-64 flex-1 text-sm font-semibold">
              {t("ops.receiving.receive.note")}
              <textarea name="note" maxLength={2000} rows={2} defaultValue={answered === "receive" ? actionData?.note : undefined} className={`${opsInput} h-auto py-1.5`} />
            </label>
            <PhotoField id="receive-photos" problem={answered === "receive" ? photoProblem : null} room={PARCEL_PHOTO_LIMITS.perSale} />
            <button type="submit" disabled={busy !== null} className={`${opsButton.primary} h-11 px-6 text-base`}>
              {sending ? t("ops.receiving.photos.sending") : t("ops.receiving.receive.submit")}
            </button>
          </Form>
          {actionData?.problem && (
            <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
              {t(`ops.receiving.receive.problems.${actionData.problem}`)}
            </p>
          )}
        </section>
      ) : (
        sale.received && (
          <p role={answered === "receive" ? "status" : undefined} className="mt-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900" data-testid="sale-received">
            {t("ops.receiving.receive.done", { at: formatDate(sale.received.at, i18n.language, "medium-time") })}
            {sale.received.note && <span className="mt-1 block text-ink">„{sale.received.note}“</span>}
          </p>
        )
      )}

      {sale.status !== "created" && (
        <ParcelPhotos
          sale={sale}
          canChange={mayAct(me.roles, ["receiving"]) && parcelPhotosState(sale.status) === "open"}
          problem={photoProblem && { of: answered === "deletePhoto" ? "removal" : "upload", problem: photoProblem }}
          busy={busy === "addPhotos" || busy === "deletePhoto" ? busy : null}
          notice={photoNotice}
        />
      )}

      <section aria-labelledby="ops-items" className="mt-4 rounded-xl border border-line bg-white">
        <h2 id="ops-items" className="px-4 pt-3 font-bold">
          {t("ops.receiving.sale.items", { count: sale.items.length })}
        </h2>
        <ul className="divide-y divide-line" data-testid="sale-items">
          {sale.items.map((item) => (
            <li key={item.uuid} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <ItemPicture item={item} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{item.product.name}</p>
                <p className="text-xs text-muted">{t(`ops.inspection.sets.${item.questionSet}`)}</p>
              </div>
              <OutcomeBadge outcome={item.inspection?.outcome ?? null} />
              <Link
                to={itemPath(sale, item)}
                aria-label={`${item.inspection ? t("ops.receiving.sale.viewInspection") : t("ops.receiving.sale.inspect")}: ${item.product.name}`}
                className={`${item.inspection ? opsButton.secondary : opsButton.primary} inline-flex h-11 items-center`}
              >
                {item.inspection ? t("ops.receiving.sale.viewInspection") : t("ops.receiving.sale.inspect")}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ops-timeline" className="mt-4 rounded-xl border border-line bg-white p-4">
        <h2 id="ops-timeline" className="font-bold">
          {t("ops.receiving.sale.timeline")}
        </h2>
        <ol className="mt-2 space-y-2 text-sm" data-testid="sale-timeline">
          {sale.timeline.map((step, i) => (
            <li key={i} className="flex flex-wrap gap-x-3">
              <time dateTime={step.at} className="w-36 shrink-0 text-muted">
                {formatDate(step.at, i18n.language, "medium-time")}
              </time>
              <span className="font-semibold">{t(`account.sale.events.${step.event}`, { defaultValue: step.event })}</span>
              <span className="text-muted">{step.actor}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
