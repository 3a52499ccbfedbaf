import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { OpsInspectionError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { INSPECTION_CHECKS, type CheckId } from "../../domain/selling/inspection.ts";
import { isApiError } from "../api-client/client.ts";
import { saleOpsApi } from "../api-client/sale-ops.ts";
import { Price } from "../components/price.tsx";
import { opsButton, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { itemPath, ItemPicture, OutcomeBadge, salePath, SaleStatusBadge, type OpsSaleItem } from "../features/ops/sale-ops-ui.tsx";
import { SellGradeName } from "../features/trade-in/sell-grade-name.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { isRoleRefusal, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-sale-item";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    const sale = await saleOpsApi(storefront(context).api).sale(params.saleRef);
    const item = sale.items.find((i) => i.uuid === params.itemUuid);
    if (!item) throw data(null, { status: 404 });
    return { sale, item, saved: url.searchParams.has("saved") };
  } catch (error) {
    staffPageOn(error, url);
  }
}

const isCheck = (name: string): name is CheckId => Object.hasOwn(INSPECTION_CHECKS, name);

/** The checklist as the form sent it: each check answered, a percentage as a number (anything else as typed, for the API to refuse). */
function checklistOf(form: FormData): Record<string, string | number> {
  const checklist: Record<string, string | number> = {};
  for (const [name, raw] of form.entries()) {
    const value = String(raw).trim();
    if (!isCheck(name) || value === "") continue;
    checklist[name] = INSPECTION_CHECKS[name] === "percent" && /^\d{1,3}$/.test(value) ? Number(value) : value;
  }
  return checklist;
}

type Refusal = { values: Record<string, string | number>; problems: Partial<Record<CheckId, "missing" | "invalid">>; general: "conflict" | "notReceived" | "decided" | "notAllowed" | "failed" | null };

/** Grading saves the item's checklist; a refusal keeps every answer entered and says each check's problem at its place. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = checklistOf(form);
  try {
    await saleOpsApi(storefront(context).api).inspect(String(form.get("saleUuid") ?? ""), params.itemUuid, { version: Number(form.get("version")), checklist: values });
    return redirect(`${url.pathname}?saved=1`, 303);
  } catch (error) {
    if (!isApiError<OpsInspectionError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    const problems: Refusal["problems"] = {};
    for (const item of error.errors) {
      const check = /checklist\.(\w+)$/.exec(item.reference)?.[1];
      if (item.code === "CHECKLIST_INVALID" && check && isCheck(check)) problems[check] = values[check] === undefined ? "missing" : "invalid";
    }
    const general: Refusal["general"] = isRoleRefusal(error)
      ? "notAllowed"
      : error.code === "INSPECTION_CONFLICT"
        ? "conflict"
        : error.code === "SALE_NOT_RECEIVED"
          ? "notReceived"
          : error.code === "SALE_TRANSITION_NOT_ALLOWED"
            ? "decided"
            : Object.keys(problems).length > 0
              ? null
              : "failed";
    return data<Refusal>({ values, problems, general }, { status: error.status });
  }
}

const OPTION_ROW = "flex flex-wrap gap-2";
const OPTION =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-line bg-white px-3 text-sm font-semibold has-[:checked]:border-blue-accent has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-accent";

/** One check: its options as radio buttons in a row, or a field for what is measured or read off the device. */
function CheckField({ check, value, problem }: { check: CheckId; value: string | number | undefined; problem: "missing" | "invalid" | undefined }) {
  const { t } = useTranslation();
  const spec = INSPECTION_CHECKS[check];
  const errorId = `check-${check}-error`;
  const invalid = problem !== undefined;
  return (
    <fieldset id={`check-${check}`} aria-describedby={invalid ? errorId : undefined} className={`rounded-xl border p-3 ${invalid ? "border-red-700 bg-red-50" : "border-line bg-white"}`} data-testid={`check-${check}`}>
      <legend className="px-1 font-bold">{t(`ops.inspection.checks.${check}`)}</legend>
      {invalid && (
        <p id={errorId} className="mb-2 text-sm font-semibold text-red-800">
          {t(`ops.inspection.problems.${problem}`)}
        </p>
      )}
      {typeof spec === "string" ? (
        <label className="block max-w-xs text-sm">
          <span className="sr-only">{t(`ops.inspection.checks.${check}`)}</span>
          <span className="flex items-center gap-2">
            <input
              name={check}
              type={spec === "percent" ? "number" : "text"}
              inputMode={spec === "serial" ? "text" : "numeric"}
              {...(spec === "percent" ? { min: 0, max: 100 } : { maxLength: 40, autoCapitalize: "characters", spellCheck: false })}
              autoComplete="off"
              defaultValue={value ?? ""}
              aria-invalid={invalid || undefined}
              className="h-11 w-full rounded-lg border-2 border-line bg-white px-3 font-mono text-base aria-[invalid=true]:border-red-700"
            />
            {spec === "percent" && <span aria-hidden="true">%</span>}
          </span>
        </label>
      ) : (
        <div className={OPTION_ROW}>
          {spec.map((option) => (
            <label key={option} className={OPTION}>
              <input type="radio" name={check} value={option} defaultChecked={value === option} className="h-5 w-5 accent-blue-accent" />
              {t(`ops.inspection.options.${option}`)}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function ChecklistForm({ saleUuid, item, refusal }: { saleUuid: string; item: OpsSaleItem; refusal: Refusal | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const summary = useRef<HTMLDivElement>(null);
  const problems = refusal?.problems ?? {};
  const named = item.checks.filter((check): check is CheckId => isCheck(check) && problems[check as CheckId] !== undefined);
  // After a refusal the keyboard goes to what says why, and from there to the checks named.
  useEffect(() => {
    if (refusal) summary.current?.focus();
  }, [refusal]);
  return (
    <Form method="post" className="mt-4 space-y-3" aria-busy={sending} aria-labelledby="ops-checklist" data-testid="inspection-form">
      <h2 id="ops-checklist" className="text-lg font-bold">
        {t("ops.inspection.heading")}
      </h2>
      <p className="text-sm text-muted">{t("ops.inspection.blind")}</p>
      {refusal && (named.length > 0 || refusal.general) && (
        <div ref={summary} tabIndex={-1} role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900" data-testid="inspection-problems">
          {refusal.general ? (
            <p>
              {t(`ops.inspection.general.${refusal.general}`)}{" "}
              {refusal.general === "conflict" && (
                <a href="?" className="font-semibold underline">
                  {t("ops.inspection.reload")}
                </a>
              )}
            </p>
          ) : (
            <>
              <p className="font-semibold">{t("ops.inspection.summary", { count: named.length })}</p>
              <ul className="mt-1 list-disc pl-5">
                {named.map((check) => (
                  <li key={check}>
                    <a href={`#check-${check}`} className="underline">
                      {t(`ops.inspection.checks.${check}`)}: {t(`ops.inspection.problems.${problems[check]!}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <input type="hidden" name="saleUuid" value={saleUuid} />
      <input type="hidden" name="version" value={item.version} />
      <div className="grid gap-3 lg:grid-cols-2">
        {item.checks.filter(isCheck).map((check) => (
          <CheckField key={check} check={check} value={refusal?.values[check]} problem={problems[check]} />
        ))}
      </div>
      <button type="submit" disabled={sending} className={`${opsButton.primary} h-12 w-full px-8 text-base sm:w-auto`}>
        {sending ? t("ops.inspection.saving") : t("ops.inspection.save")}
      </button>
    </Form>
  );
}

/** An answer's words: a check's option, or the number or identifier as entered. */
function useAnswerText() {
  const { t } = useTranslation();
  return (check: string, value: unknown) => {
    const spec = isCheck(check) ? INSPECTION_CHECKS[check] : null;
    if (spec === "percent") return `${String(value)} %`;
    if (typeof spec === "string") return String(value);
    return t(`ops.inspection.options.${String(value)}`, { defaultValue: String(value) });
  };
}

/** What the inspection found next to what the seller said (shown only now), the outcome and the price it gives. */
function InspectionResult({ item }: { item: OpsSaleItem }) {
  const { t, i18n } = useTranslation();
  const answerText = useAnswerText();
  const inspection = item.inspection!;
  const worse = new Set(inspection.reasons);
  return (
    <section aria-labelledby="ops-result" className="mt-4 space-y-3" data-testid="inspection-result">
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white p-4">
        <h2 id="ops-result" className="text-lg font-bold">
          {t("ops.inspection.result.heading")}
        </h2>
        <OutcomeBadge outcome={inspection.outcome} />
        <p className="w-full text-sm text-muted">
          {t("ops.inspection.result.by", { at: formatDate(inspection.inspectedAt, i18n.language, "medium-time"), by: inspection.inspectorEmail ?? "—" })}
        </p>
        {inspection.reasons.length > 0 && (
          <p className="w-full text-sm" data-testid="inspection-reasons">
            <span className="font-semibold">{inspection.outcome === "refused" ? t("ops.inspection.result.refusedFor") : t("ops.inspection.result.worse")}</span>{" "}
            {inspection.reasons.map((reason) => t(`ops.inspection.reasons.${reason}`, { defaultValue: t(`sell.questions.${reason}.label`, { defaultValue: reason }) })).join(", ")}
          </p>
        )}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="rounded-xl border border-line bg-white p-4">
          <h3 className="font-bold">{t("ops.inspection.result.found")}</h3>
          <p className="mt-1 text-sm">
            {t("ops.inspection.result.grade")}: <strong>{inspection.grade ? <SellGradeName grade={inspection.grade} /> : "—"}</strong>
            {item.counteroffer && (
              <>
                {" · "}
                {t("ops.inspection.result.counteroffer")}: <Price cents={item.counteroffer.price.amount} className="font-bold" />
              </>
            )}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="found-answers">
            {item.checks.map((check) => (
              <div key={check} className="contents">
                <dt className="text-muted">{t(`ops.inspection.checks.${check}`)}</dt>
                <dd className="font-semibold">{check in inspection.checklist ? answerText(check, inspection.checklist[check]) : "—"}</dd>
              </div>
            ))}
          </dl>
        </div>
        {item.seller && (
          <div className="rounded-xl border border-line bg-white p-4">
            <h3 className="font-bold">{t("ops.inspection.result.sellerSaid")}</h3>
            <p className="mt-1 text-sm">
              {t("ops.inspection.result.grade")}: <strong><SellGradeName grade={item.seller.grade} /></strong> · {t("ops.inspection.result.offered")}: <Price cents={item.seller.price.amount} className="font-bold" />
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="seller-answers">
              {Object.entries(item.seller.answers).map(([question, answer]) => (
                <div key={question} className={`contents ${worse.has(question) ? "text-red-800" : ""}`}>
                  <dt className={worse.has(question) ? "" : "text-muted"}>{t(`sell.questions.${question}.label`, { defaultValue: question })}</dt>
                  <dd className="font-semibold">
                    {t(`sell.questions.${question}.options.${answer}`, { defaultValue: answer })}
                    {worse.has(question) && <span className="ml-1 text-xs font-bold uppercase">({t("ops.inspection.result.worseMark")})</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}

/** Grading: one item's blind checklist, then what it found against what the seller said. */
export default function OpsSaleItem({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sale, item, saved } = loaderData;
  const next = sale.items.find((i) => i.inspection === null && i.uuid !== item.uuid);
  const decided = sale.items.every((i) => i.inspection !== null);
  return (
    <>
      <p className="text-sm">
        <Link to={salePath(sale)} className="font-semibold text-blue-accent underline">
          {t("ops.inspection.back", { number: sale.number })}
        </Link>
      </p>
      <div className="mt-1 flex items-center gap-3">
        <ItemPicture item={item} size="h-20 w-20" />
        <div>
          <OpsPageTitle title={t("ops.inspection.itemTitle", { name: item.product.name })} />
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            {t(`ops.inspection.sets.${item.questionSet}`)} · {sale.number} <SaleStatusBadge status={sale.status} />
          </p>
        </div>
      </div>
      {item.inspection ? (
        <>
          {saved && (
            <p role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900" data-testid="inspection-saved">
              {decided ? t("ops.inspection.savedDecided", { status: t(`ops.receiving.status.${sale.status}`) }) : t("ops.inspection.saved")}
            </p>
          )}
          <InspectionResult item={item} />
          {next && (
            <Link to={itemPath(sale, next)} className={`${opsButton.primary} mt-4 inline-flex h-12 items-center text-base`}>
              {t("ops.inspection.next", { name: next.product.name })}
            </Link>
          )}
        </>
      ) : sale.status === "created" ? (
        <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          {t("ops.inspection.general.notReceived")}{" "}
          <Link to={salePath(sale)} className="font-semibold underline">
            {t("ops.inspection.toSale")}
          </Link>
        </p>
      ) : (
        <ChecklistForm key={item.version} saleUuid={sale.uuid} item={item} refusal={actionData ?? null} />
      )}
    </>
  );
}
