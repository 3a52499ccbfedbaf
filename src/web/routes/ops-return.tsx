import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { returnOpsApi, type OpsReturn, type ReceiveError, type ReturnDecideError } from "../api-client/ops-returns.ts";
import { staffApi } from "../api-client/staff.ts";
import { customerPath } from "../features/ops/customer-form.ts";
import { OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { DecisionForm } from "../features/ops/return-decision.tsx";
import { ItemRow, ReceiveForm } from "../features/ops/return-items.tsx";
import {
  decideProblemOf,
  decisionBodyOf,
  decisionDraftOf,
  decisionValuesFrom,
  decisionValuesOf,
  receiveBodyOf,
  receiveProblemOf,
  receiveValuesOf,
  returnActions,
  returnPath,
  RETURNS_PATH,
  type DecisionField,
  type DecisionValues,
} from "../features/ops/return-form.ts";
import { Card, Fact, Notice, ReturnStatusBadge } from "../features/ops/return-ui.tsx";
import { secondFactorIsFresh } from "../features/ops/second-factor.ts";
import type { FieldProblem } from "../features/ops/unit-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-return";

await loadPageMessages();

const DONE = ["received", "decided"] as const;
const SCAN = ["identifiers", "several"] as const;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => ((values as readonly string[]).includes(value ?? "") ? (value as T) : null);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    const [ret, me] = await Promise.all([returnOpsApi(storefront(context).api).return(params.returnUuid), staffApi(storefront(context).api).opsMe()]);
    return {
      ret,
      // A refund wants a recent second factor: the form says so before anything is typed.
      fresh: secondFactorIsFresh(me),
      done: oneOf(DONE, url.searchParams.get("done")),
      scan: oneOf(SCAN, url.searchParams.get("scan")),
      // A decision typed before the second factor was asked again comes back through the address.
      draft: decisionDraftOf(url.searchParams, ret),
    };
  } catch (error) {
    staffPageOn(error, url);
  }
}

type ActionAnswer = { intent: "receive"; values: Record<string, string>; problems: FieldProblem<string>[] } | { intent: "decide"; values: DecisionValues; problems: FieldProblem<DecisionField>[] };

/** Receiving (each device's IMEI read off it) and the decision, each a plain form that comes back here; a refusal is said at its field with what was typed. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "receive" && intent !== "decide") throw data("Unknown form.", { status: 400 });
  const api = returnOpsApi(storefront(context).api);
  let ret: OpsReturn;
  try {
    ret = await api.return(params.returnUuid);
  } catch (error) {
    staffPageOn(error, url);
  }
  const done = (what: (typeof DONE)[number]) => redirect(`${returnPath(ret)}?done=${what}`, 303);
  if (intent === "receive") {
    const values = receiveValuesOf(form, ret);
    const refuse = (problems: FieldProblem<string>[], status: number) => data<ActionAnswer>({ intent, values, problems }, { status });
    const made = receiveBodyOf(ret, values);
    if ("problems" in made) return refuse(made.problems, 400);
    try {
      await api.receive(made.body);
      return done("received");
    } catch (error) {
      if (!isApiError<ReceiveError>(error) || error.status >= 500) throw error;
      if (error.status === 401) staffPageOn(error, url);
      return refuse([receiveProblemOf(error, made.body.identifiers ?? [])], error.status);
    }
  }
  const values = decisionValuesOf(form, ret);
  const refuse = (problems: FieldProblem<DecisionField>[], status: number) => data<ActionAnswer>({ intent: "decide", values, problems }, { status });
  const made = decisionBodyOf(ret, values);
  if ("problems" in made) return refuse(made.problems, 400);
  try {
    await api.decide(ret.uuid, made.body);
    return done("decided");
  } catch (error) {
    if (!isApiError<ReturnDecideError>(error)) throw error;
    // An idle session logs in again; a second factor grown old is asked again with the form kept (decideProblemOf).
    if (error.code === "STAFF_SESSION_EXPIRED") staffPageOn(error, url);
    if (error.status === 404) pageNotFoundOn(error);
    if (error.status >= 500 && error.status !== 502) throw error;
    return refuse([decideProblemOf(error)], error.status);
  }
}

/** What was decided: refund or refusal, the amount, the reason the customer read, and when. */
function Outcome({ ret }: { ret: OpsReturn }) {
  const { t, i18n } = useTranslation();
  if (!ret.decision) return null;
  return (
    <Card id="return-outcome" heading={t("ops.returns.outcome.heading")} testId="return-outcome">
      <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-3">
        <Fact term={t("ops.returns.outcome.decision")}>{t(`ops.returns.statuses.${ret.status}`)}</Fact>
        <Fact term={t("ops.returns.outcome.refund")}>{ret.refund ? formatMoney(ret.refund.amount, i18n.language) : "–"}</Fact>
        <Fact term={t("ops.returns.outcome.decidedAt")}>{ret.decidedAt ? <time dateTime={ret.decidedAt}>{formatDate(ret.decidedAt, i18n.language, "medium-time")}</time> : "–"}</Fact>
      </dl>
      {ret.decisionReason && (
        <div className="mt-3 text-sm">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t("ops.returns.outcome.reason")}</p>
          <p className="mt-0.5 whitespace-pre-line">{ret.decisionReason}</p>
        </div>
      )}
      {ret.unitDestination && <p className="mt-3 text-sm">{t("ops.returns.outcome.destination", { destination: t(`ops.returns.destinations.${ret.unitDestination}`) })}</p>}
    </Card>
  );
}

/** One return: who sent what back and why, the devices shipped and scanned, receiving while its parcel is expected, the decision once it is in, and what was decided. */
export default function OpsReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const { ret, fresh, done, scan, draft } = loaderData;
  const can = returnActions(me.roles, ret);
  const receiving = actionData?.intent === "receive" ? actionData : null;
  const deciding = actionData?.intent === "decide" ? actionData : null;
  const date = (at: string | null) => (at ? <time dateTime={at}>{formatDate(at, i18n.language, "medium-time")}</time> : "–");
  return (
    <>
      <p className="text-sm">
        <Link to={RETURNS_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.returns.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.returns.return.title", { number: ret.number })} />
      {done && !actionData && (
        <Notice tone="done" testId="return-done">
          {t(`ops.returns.done.${done}`)}{" "}
          {done === "received" && (
            <Link to={RETURNS_PATH} className="font-semibold underline">
              {t("ops.returns.done.next")}
            </Link>
          )}
        </Notice>
      )}
      {scan && ret.status === "requested" && !actionData && <Notice tone="done">{t(`ops.returns.scanned.${scan}`, { number: ret.number })}</Notice>}
      {ret.identifierMismatch && (
        <section aria-labelledby="return-mismatch" className="mt-3 rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-950" data-testid="return-mismatch">
          <h2 id="return-mismatch" className="flex items-center gap-2 text-lg font-extrabold">
            <span aria-hidden="true" className="rounded bg-red-700 px-1.5 text-white">
              !!
            </span>
            {t("ops.returns.mismatch.heading")}
          </h2>
          <p className="mt-1 text-sm">{t(ret.status === "received" ? "ops.returns.mismatch.text" : "ops.returns.mismatch.textDecided")}</p>
        </section>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl border border-line bg-white p-4 text-sm sm:grid-cols-4" data-testid="return-facts">
        <Fact term={t("ops.returns.columns.status")}>
          <ReturnStatusBadge status={ret.status} />
        </Fact>
        <Fact term={t("ops.returns.columns.kind")}>{t(`ops.returns.kinds.${ret.kind}`)}</Fact>
        <Fact term={t("ops.returns.columns.order")}>
          <Link to={`/ops/orders/${ret.orderUuid}`} className="font-mono text-blue-accent underline">
            {ret.orderNumber}
          </Link>
        </Fact>
        <Fact term={t("ops.returns.columns.customer")}>
          {ret.customerUuid ? (
            <Link to={customerPath({ uuid: ret.customerUuid })} className="break-all text-blue-accent underline">
              {ret.email}
            </Link>
          ) : (
            <span className="break-all">
              {ret.email} <span className="font-normal text-muted">({t("ops.returns.return.guest")})</span>
            </span>
          )}
        </Fact>
        <Fact term={t("ops.returns.columns.created")}>{date(ret.createdAt)}</Fact>
        <Fact term={t("ops.returns.columns.sendBy")}>{formatDate(ret.sendBy, i18n.language, "medium")}</Fact>
        <Fact term={t("ops.returns.return.receivedAt")}>{date(ret.receivedAt)}</Fact>
        <Fact term={t("ops.returns.return.decidedAt")}>{date(ret.decidedAt)}</Fact>
      </dl>
      {ret.comment && (
        <Card id="return-comment" heading={t("ops.returns.return.comment")} className="mt-4">
          <p className="mt-1 whitespace-pre-line text-sm">{ret.comment}</p>
        </Card>
      )}
      <section aria-labelledby="return-items" className="mt-4 rounded-xl border border-line bg-white">
        <h2 id="return-items" className="px-4 pt-3 font-bold">
          {t("ops.returns.return.items", { count: ret.items.length })}
        </h2>
        <ul className="divide-y divide-line">
          {ret.items.map((item) => (
            <ItemRow key={item.orderItemUuid} ret={ret} item={item} />
          ))}
        </ul>
      </section>
      <div className="mt-4 space-y-4">
        {can.receive && <ReceiveForm ret={ret} answer={receiving} scanned={scan !== null} />}
        {ret.status === "requested" && !can.receive && <p className="rounded-lg border border-line bg-white p-3 text-sm text-muted">{t("ops.returns.return.waiting", { date: formatDate(ret.sendBy, i18n.language, "medium") })}</p>}
        {can.decide && <DecisionForm ret={ret} values={deciding?.values ?? draft ?? decisionValuesFrom(ret)} problems={deciding?.problems ?? []} fresh={fresh} />}
        {ret.status === "received" && !can.decide && <p className="rounded-lg border border-line bg-white p-3 text-sm text-muted">{t("ops.returns.return.toDecide")}</p>}
        <Outcome ret={ret} />
      </div>
    </>
  );
}
