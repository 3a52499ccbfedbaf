import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { SHIPPING_CARRIER_NAMES } from "../../domain/checkout/carriers.ts";
import { formatDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { returnOpsApi, type ClaimDecideError, type OpsClaim } from "../api-client/ops-returns.ts";
import { staffApi } from "../api-client/staff.ts";
import { claimActions, claimBodyOf, claimDraftOf, claimPath, claimProblemOf, CLAIMS_PATH, claimValuesOf, OPEN_DECISIONS, type ClaimField, type ClaimValues } from "../features/ops/claim-form.ts";
import { ClaimDecisionForm, RepairedForm } from "../features/ops/claim-forms.tsx";
import { customerPath } from "../features/ops/customer-form.ts";
import { OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { Card, ClaimStatusBadge, Fact, Notice } from "../features/ops/return-ui.tsx";
import { secondFactorIsFresh } from "../features/ops/second-factor.ts";
import { unitPath, type FieldProblem } from "../features/ops/unit-form.ts";
import { UnitStatusBadge } from "../features/ops/unit-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-claim";

await loadPageMessages();

const DONE = ["decided", "repaired"] as const;
type Done = (typeof DONE)[number];
const EMPTY: ClaimValues = { decision: "", reason: "", carrier: "", trackingNumber: "" };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    const [claim, me] = await Promise.all([returnOpsApi(storefront(context).api).claim(params.claimUuid), staffApi(storefront(context).api).opsMe()]);
    const done = url.searchParams.get("done");
    return { claim, fresh: secondFactorIsFresh(me), done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null, draft: claimDraftOf(url.searchParams) };
  } catch (error) {
    staffPageOn(error, url);
  }
}

interface ActionAnswer {
  intent: "decide" | "repaired";
  values: ClaimValues;
  problems: FieldProblem<ClaimField>[];
}

/** The first decision, or the repaired device's parcel, each a plain form that comes back here; a refusal is said at its field with what was typed. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "decide" && intent !== "repaired") throw data("Unknown form.", { status: 400 });
  const values = claimValuesOf(form);
  const refuse = (problems: ActionAnswer["problems"], status: number) => data<ActionAnswer>({ intent, values, problems }, { status });
  // The roles are the API's to check: the page offered this member's decisions.
  const made = claimBodyOf(values, intent === "repaired" ? ["repaired"] : OPEN_DECISIONS);
  if ("problems" in made) return refuse(made.problems, 400);
  try {
    const claim = await returnOpsApi(storefront(context).api).decideClaim(params.claimUuid, made.body);
    return redirect(`${claimPath(claim)}?done=${intent === "repaired" ? "repaired" : "decided"}`, 303);
  } catch (error) {
    if (!isApiError<ClaimDecideError>(error)) throw error;
    if (error.code === "STAFF_SESSION_EXPIRED") staffPageOn(error, url);
    if (error.status === 404) pageNotFoundOn(error);
    if (error.status >= 500 && error.status !== 502) throw error;
    return refuse([claimProblemOf(error)], error.status);
  }
}

/** What was decided: the reason the customer read, the money back, the replacement's order, the repaired device's parcel. */
function Outcome({ claim }: { claim: OpsClaim }) {
  const { t, i18n } = useTranslation();
  if (claim.status === "open") return null;
  return (
    <Card id="claim-outcome" heading={t("ops.claims.outcome.heading")} testId="claim-outcome">
      <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-3">
        <Fact term={t("ops.claims.columns.status")}>
          <ClaimStatusBadge status={claim.status} />
        </Fact>
        <Fact term={t("ops.claims.outcome.decidedAt")}>{claim.decidedAt ? <time dateTime={claim.decidedAt}>{formatDate(claim.decidedAt, i18n.language, "medium-time")}</time> : "–"}</Fact>
        {claim.refund && <Fact term={t("ops.claims.outcome.refund")}>{formatMoney(claim.refund.amount, i18n.language)}</Fact>}
        {claim.replacement && (
          <Fact term={t("ops.claims.outcome.replacement")}>
            <Link to={`/ops/orders/${claim.replacement.orderUuid}`} className="font-mono text-blue-accent underline" data-testid="replacement-order">
              {claim.replacement.number}
            </Link>
          </Fact>
        )}
        {claim.repairShipment && (
          <Fact term={t("ops.claims.outcome.shipment")}>
            {SHIPPING_CARRIER_NAMES[claim.repairShipment.carrier]}{" "}
            <a href={claim.repairShipment.trackingUrl} className="font-mono text-blue-accent underline" rel="noreferrer">
              {claim.repairShipment.trackingNumber}
            </a>
          </Fact>
        )}
      </dl>
      {claim.replacement && <p className="mt-3 text-sm">{t("ops.claims.outcome.replacementText")}</p>}
      {claim.decisionReason && (
        <div className="mt-3 text-sm">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t("ops.claims.outcome.reason")}</p>
          <p className="mt-0.5 whitespace-pre-line">{claim.decisionReason}</p>
        </div>
      )}
    </Card>
  );
}

/** One warranty claim: the customer's description, wished remedy and photos, the item and its unit, the decision while open, the repair's way back, and what was decided. */
export default function OpsClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const { claim, fresh, done, draft } = loaderData;
  const can = claimActions(me.roles, claim);
  const { item } = claim;
  const answerOf = (intent: ActionAnswer["intent"]) => (actionData?.intent === intent ? actionData : null);
  return (
    <>
      <p className="text-sm">
        <Link to={CLAIMS_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.claims.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.claims.claim.title", { number: claim.number })} intro={claim.itemName} />
      {done && !actionData && (
        <Notice tone="done" testId="claim-done">
          {t(`ops.claims.done.${done}`)}
        </Notice>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl border border-line bg-white p-4 text-sm sm:grid-cols-4" data-testid="claim-facts">
        <Fact term={t("ops.claims.columns.status")}>
          <ClaimStatusBadge status={claim.status} />
        </Fact>
        <Fact term={t("ops.claims.claim.wished")}>{t(`ops.claims.remedies.${claim.remedy}`)}</Fact>
        <Fact term={t("ops.claims.columns.order")}>
          <Link to={`/ops/orders/${claim.orderUuid}`} className="font-mono text-blue-accent underline">
            {claim.orderNumber}
          </Link>
        </Fact>
        <Fact term={t("ops.claims.columns.customer")}>
          {claim.customerUuid ? (
            <Link to={customerPath({ uuid: claim.customerUuid })} className="break-all text-blue-accent underline">
              {claim.email}
            </Link>
          ) : (
            <span className="break-all">
              {claim.email} <span className="font-normal text-muted">({t("ops.returns.return.guest")})</span>
            </span>
          )}
        </Fact>
        <Fact term={t("ops.claims.columns.created")}>
          <time dateTime={claim.createdAt}>{formatDate(claim.createdAt, i18n.language, "medium-time")}</time>
        </Fact>
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Card id="claim-description" heading={t("ops.claims.claim.description")}>
          <p className="mt-1 whitespace-pre-line text-sm" data-testid="claim-description-text">
            {claim.description}
          </p>
        </Card>
        <Card id="claim-item" heading={t("ops.claims.claim.item")}>
          <div className="text-sm">
            <p className="mt-1 font-semibold">{item.name}</p>
            <p>{t("ops.orders.order.grade", { grade: item.grade })}</p>
            <p className="text-muted">
              {t("ops.returns.item.paid", { amount: formatMoney(item.paid.amount, i18n.language) })}
              {" · "}
              {t("ops.returns.item.refundable", { amount: formatMoney(item.refundable.amount, i18n.language) })}
            </p>
            {item.unit ? (
              <>
                <p className="mt-2">
                  <Link to={unitPath(item.unit)} className="font-mono font-semibold text-blue-accent underline">
                    {item.unit.label}
                  </Link>{" "}
                  <UnitStatusBadge status={item.unit.status} />
                </p>
                {item.unit.identifier && <p className="font-mono text-xs">{t("ops.orders.order.identifier", { identifier: item.unit.identifier })}</p>}
              </>
            ) : (
              <p className="mt-2 text-muted">{t("ops.returns.item.noUnit")}</p>
            )}
          </div>
        </Card>
      </div>
      <Card id="claim-photos" heading={t("ops.claims.claim.photos", { count: claim.photoUrls.length })} className="mt-4">
        {claim.photoUrls.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{t("ops.claims.claim.noPhotos")}</p>
        ) : (
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="claim-photos-list">
            {claim.photoUrls.map((src, i) => (
              <li key={src}>
                <a href={src} className="block overflow-hidden rounded-lg border border-line hover:border-blue-accent">
                  <img src={src} alt={t("ops.claims.claim.photo", { n: i + 1, count: claim.photoUrls.length })} width={320} height={320} loading="lazy" className="aspect-square h-auto w-full bg-canvas object-cover" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="mt-4 space-y-4">
        {can.decisions.length > 0 && <ClaimDecisionForm claim={claim} decisions={can.decisions} values={answerOf("decide")?.values ?? draft ?? EMPTY} problems={answerOf("decide")?.problems ?? []} fresh={fresh} />}
        {claim.status === "open" && can.decisions.length === 0 && <p className="rounded-lg border border-line bg-white p-3 text-sm text-muted">{t("ops.claims.claim.toDecide")}</p>}
        {can.repaired && <RepairedForm claim={claim} values={answerOf("repaired")?.values ?? EMPTY} problems={answerOf("repaired")?.problems ?? []} />}
        <Outcome claim={claim} />
      </div>
    </>
  );
}
