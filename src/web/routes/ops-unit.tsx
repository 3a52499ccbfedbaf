import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsUnit, OpsUnitUpdateError } from "../../api/contract.ts";
import { GRADES } from "../../domain/catalogue/grades.ts";
import { formatDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { unitsApi } from "../api-client/units.ts";
import { opsButton, opsInput, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import {
  editableFields,
  statusMovesFrom,
  UNIT_FIELDS,
  unitPath,
  unitProblemsOf,
  UNITS_PATH,
  unitUpdateOf,
  unitValuesFrom,
  unitValuesOf,
  type FieldProblem,
  type UnitField,
  type UnitFormValues,
} from "../features/ops/unit-form.ts";
import { UnitEvent, UnitStatusBadge } from "../features/ops/unit-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-unit";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    return { unit: await unitsApi(storefront(context).api).unit(params.unitRef), saved: url.searchParams.get("saved") === "1" };
  } catch (error) {
    staffPageOn(error, url);
  }
}

interface Refusal {
  values: UnitFormValues;
  problems: FieldProblem<UnitField>[];
}

/** A correction by hand: only the fields that differ from the unit are sent, each refusal comes back at its field with what was typed. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = unitsApi(storefront(context).api);
  const fields = UNIT_FIELDS.filter((field) => form.has(field) || (field === "fullBattery" && form.has("fullBatteryShown")));
  const values = unitValuesOf(form, fields);
  const refuse = (problems: Refusal["problems"], status: number) => data<Refusal>({ values, problems }, { status });
  try {
    const unit = await api.unit(params.unitRef);
    const update = unitUpdateOf(unit, values, Number(form.get("version")));
    if ("problems" in update) return refuse(update.problems, 400);
    if (update.changed.length === 0 && !update.body.note) return refuse([{ field: null, problem: "nothingChanged" }], 400);
    const saved = await api.update(params.unitRef, update.body);
    return redirect(`${unitPath(saved)}?saved=1`, 303);
  } catch (error) {
    if (!isApiError<OpsUnitUpdateError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    // No longer staff, or the unit is gone: as for the page itself.
    if (error.status === 404) pageNotFoundOn(error);
    return refuse(unitProblemsOf(error, UNIT_FIELDS), error.status);
  }
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{term}</dt>
      <dd className="mt-0.5 font-semibold">{children}</dd>
    </div>
  );
}

/** Where the unit came from and who holds it: the trade-in's sale, the supplier, the order. */
function Origin({ unit }: { unit: OpsUnit }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="unit-origin" className="self-start rounded-xl border border-line bg-white p-4 text-sm" data-testid="unit-origin">
      <h2 id="unit-origin" className="font-bold">
        {t("ops.units.unit.origin")}
      </h2>
      <p className="mt-1">{t(`ops.units.sources.${unit.source}`)}</p>
      {unit.sale && (
        <p className="mt-1">
          {t("ops.units.unit.sale")}{" "}
          <Link to={`/ops/sales/${encodeURIComponent(unit.sale.number)}`} className="font-semibold text-blue-accent underline">
            {unit.sale.number}
          </Link>
        </p>
      )}
      {unit.supplier && <p className="mt-1">{t("ops.units.unit.supplier", { supplier: unit.supplier })}</p>}
      {unit.order && (
        <p className="mt-1">
          {t("ops.units.unit.order")}{" "}
          <Link to={`/ops/orders/${unit.order.uuid}`} className="font-semibold text-blue-accent underline">
            {unit.order.number}
          </Link>{" "}
          <span className="text-muted">({t(`ops.orders.statuses.${unit.order.status}`, { defaultValue: unit.order.status })})</span>
        </p>
      )}
    </section>
  );
}

const fieldId = (field: string) => `unit-${field}`;

/** A field's problem under it, tied to it by aria-describedby. */
function Problem({ field, problems }: { field: UnitField; problems: FieldProblem<UnitField>[] }) {
  const { t } = useTranslation();
  const problem = problems.find((p) => p.field === field);
  if (!problem) return null;
  return (
    <p id={`${fieldId(field)}-problem`} className="mt-1 text-sm text-red-800">
      {t(`ops.units.problems.${problem.problem}`)}
    </p>
  );
}

/** The correction form: the fields this member's roles change on this unit, as typed after a refusal. */
function EditForm({ unit, fields, refusal }: { unit: OpsUnit; fields: UnitField[]; refusal: Refusal | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = refusal?.values ?? unitValuesFrom(unit);
  const problems = refusal?.problems ?? [];
  const formProblems = problems.filter((p) => p.field === null);
  const invalid = (field: UnitField) => problems.some((p) => p.field === field);
  const attrs = (field: UnitField) => ({
    id: fieldId(field),
    name: field,
    "aria-invalid": invalid(field) ? true : undefined,
    "aria-describedby": invalid(field) ? `${fieldId(field)}-problem` : undefined,
  });
  const label = (field: UnitField) => (
    <label htmlFor={fieldId(field)} className="block text-sm font-semibold">
      {t(`ops.units.fields.${field}`)}
    </label>
  );
  const has = (field: UnitField) => fields.includes(field);
  return (
    <section aria-labelledby="unit-edit" className="rounded-xl border border-line bg-white p-4">
      <h2 id="unit-edit" className="font-bold">
        {t("ops.units.edit.heading")}
      </h2>
      {formProblems.map((p) => (
        <p key={p.problem} role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {t(`ops.units.problems.${p.problem}`)}
        </p>
      ))}
      {problems.some((p) => p.field !== null) && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {t("ops.units.problems.checkFields")}
        </p>
      )}
      <Form method="post" key={unit.version} className="mt-3 grid gap-3 sm:grid-cols-2" aria-busy={busy} data-testid="unit-edit">
        <input type="hidden" name="version" value={unit.version} />
        {has("grade") && (
          <div>
            {label("grade")}
            <select {...attrs("grade")} defaultValue={values.grade} className={opsInput}>
              {GRADES.map((grade) => (
                <option key={grade} value={grade}>
                  {grade}
                </option>
              ))}
            </select>
            <Problem field="grade" problems={problems} />
          </div>
        )}
        {has("batteryHealth") && (
          <div>
            {label("batteryHealth")}
            <input {...attrs("batteryHealth")} type="number" inputMode="numeric" min={0} max={100} step={1} defaultValue={values.batteryHealth} className={opsInput} />
            <Problem field="batteryHealth" problems={problems} />
          </div>
        )}
        {has("fullBattery") && (
          <div className="self-end">
            <input type="hidden" name="fullBatteryShown" value="1" />
            <label className="flex h-9 items-center gap-2 text-sm font-semibold">
              <input {...attrs("fullBattery")} type="checkbox" defaultChecked={values.fullBattery === "on"} className="h-5 w-5" />
              {t("ops.units.fields.fullBattery")}
            </label>
            <Problem field="fullBattery" problems={problems} />
          </div>
        )}
        {has("identifier") && (
          <div>
            {label("identifier")}
            <input {...attrs("identifier")} type="text" maxLength={40} autoComplete="off" spellCheck={false} defaultValue={values.identifier} className={`${opsInput} font-mono`} />
            <Problem field="identifier" problems={problems} />
          </div>
        )}
        {has("location") && (
          <div>
            {label("location")}
            <input {...attrs("location")} type="text" maxLength={40} autoComplete="off" defaultValue={values.location} className={opsInput} />
            <Problem field="location" problems={problems} />
          </div>
        )}
        {has("status") && (
          <div>
            {label("status")}
            <select {...attrs("status")} defaultValue={values.status} className={opsInput}>
              <option value={unit.status}>{t(`ops.units.statuses.${unit.status}`)}</option>
              {statusMovesFrom(unit.status).map((status) => (
                <option key={status} value={status}>
                  {t(`ops.units.statuses.${status}`)}
                </option>
              ))}
            </select>
            <Problem field="status" problems={problems} />
          </div>
        )}
        {has("purchasePrice") && (
          <div>
            {label("purchasePrice")}
            <input {...attrs("purchasePrice")} type="text" inputMode="decimal" autoComplete="off" defaultValue={values.purchasePrice} className={opsInput} />
            <Problem field="purchasePrice" problems={problems} />
          </div>
        )}
        <div className="sm:col-span-2">
          <label htmlFor="unit-note" className="block text-sm font-semibold">
            {t("ops.units.edit.note")}
          </label>
          <textarea id="unit-note" name="note" rows={2} maxLength={500} defaultValue={values.note} className={`${opsInput} h-auto py-1.5`} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" disabled={busy} className={opsButton.primary}>
            {busy ? t("ops.units.edit.saving") : t("ops.units.edit.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** One unit: what it is, where it came from, its correction by the member's roles, and its history. */
export default function OpsUnitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const { unit, saved } = loaderData;
  const fields = editableFields(me.roles, unit);
  const held = unit.status === "reserved" || unit.status === "picked" || unit.status === "shipped";
  return (
    <>
      <p className="text-sm">
        <Link to={UNITS_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.units.unit.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.units.unit.title", { label: unit.label })} intro={unit.product.name} />
      {saved && !actionData && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t("ops.units.edit.saved")}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl border border-line bg-white p-4 text-sm sm:grid-cols-4" data-testid="unit-facts">
        <Fact term={t("ops.units.fields.status")}>
          <UnitStatusBadge status={unit.status} />
        </Fact>
        <Fact term={t("ops.units.fields.grade")}>
          {unit.grade}
          {unit.fullBattery && <span className="block text-xs font-normal">{t("ops.units.fullBattery")}</span>}
        </Fact>
        <Fact term={t("ops.units.fields.batteryHealth")}>{unit.batteryHealth === null ? "–" : `${unit.batteryHealth} %`}</Fact>
        <Fact term={t("ops.units.fields.identifier")}>
          <span className="break-all font-mono">{unit.identifier ?? "–"}</span>
        </Fact>
        <Fact term={t("ops.units.fields.location")}>{unit.location ?? "–"}</Fact>
        <Fact term={t("ops.units.fields.purchasePrice")}>{formatMoney(unit.purchasePrice.amount, i18n.language)}</Fact>
        <Fact term={t("ops.units.unit.received")}>
          <time dateTime={unit.receivedAt}>{formatDate(unit.receivedAt, i18n.language, "medium")}</time>{" "}
          <span className="font-normal text-muted">({t("ops.units.ageDays", { count: unit.ageDays })})</span>
        </Fact>
        <Fact term={t("ops.units.unit.product")}>
          <span className="font-normal">#{unit.product.id}</span>
        </Fact>
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          {fields.length > 0 ? (
            <>
              {held && <p className="rounded-lg border border-line bg-white p-3 text-sm">{t("ops.units.edit.held")}</p>}
              <EditForm unit={unit} fields={fields} refusal={actionData ?? null} />
            </>
          ) : (
            <p className="rounded-lg border border-line bg-white p-3 text-sm text-muted" data-testid="unit-read-only">
              {held ? t("ops.units.edit.held") : t("ops.units.edit.readOnly")}
            </p>
          )}
        </div>
        <Origin unit={unit} />
      </div>
      <section aria-labelledby="unit-history" className="mt-4 rounded-xl border border-line bg-white p-4">
        <h2 id="unit-history" className="font-bold">
          {t("ops.units.unit.history")}
        </h2>
        {unit.history.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("ops.units.unit.noHistory")}</p>
        ) : (
          <ol className="mt-2 space-y-2 text-sm" data-testid="unit-history">
            {unit.history.map((entry, i) => (
              <li key={i} className="flex flex-wrap gap-x-3">
                <time dateTime={entry.at} className="w-36 shrink-0 text-muted">
                  {formatDate(entry.at, i18n.language, "medium-time")}
                </time>
                <span className="min-w-0 flex-1">
                  <UnitEvent entry={entry} />
                </span>
                <span className="text-muted">{entry.actor}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
