import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsUnitCreateError } from "../../api/contract.ts";
import { GRADES } from "../../domain/catalogue/grades.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { isApiError } from "../api-client/client.ts";
import { unitsApi } from "../api-client/units.ts";
import { NotAllowed, opsButton, opsInput, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import {
  CREATE_FIELDS,
  createValuesOf,
  UNIT_CREATE_ROLES,
  unitCreateOf,
  unitPath,
  unitProblemsOf,
  UNITS_PATH,
  type CreateField,
  type CreateFormValues,
  type FieldProblem,
} from "../features/ops/unit-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-unit-new";

await loadPageMessages();

interface Refusal {
  values: CreateFormValues;
  problems: FieldProblem<CreateField>[];
}

/** A unit bought from a supplier: in stock at once; the page opens it after. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const values = createValuesOf(await readForm(request));
  const input = unitCreateOf(values);
  if ("problems" in input) return data<Refusal>({ values, problems: input.problems }, { status: 400 });
  try {
    const unit = await unitsApi(storefront(context).api).create(input.body);
    return redirect(`${unitPath(unit)}?saved=1`, 303);
  } catch (error) {
    if (!isApiError<OpsUnitCreateError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404 && error.code !== "PRODUCT_DOESNT_EXIST") pageNotFoundOn(error);
    return data<Refusal>({ values, problems: unitProblemsOf(error, CREATE_FIELDS) }, { status: error.status });
  }
}

const fieldId = (field: CreateField) => `new-unit-${field}`;

/** Receiving and finance: a unit bought from a supplier taken into stock. */
export default function OpsUnitNew({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, UNIT_CREATE_ROLES)) return <NotAllowed />;
  const busy = navigation.state === "submitting";
  const values = actionData?.values ?? { fullBattery: "" };
  const problems = actionData?.problems ?? [];
  const problemOf = (field: CreateField) => problems.find((p) => p.field === field);
  const attrs = (field: CreateField, hint = false) => {
    const described = [hint ? `${fieldId(field)}-hint` : "", problemOf(field) ? `${fieldId(field)}-problem` : ""].filter(Boolean).join(" ");
    return { id: fieldId(field), name: field, "aria-invalid": problemOf(field) ? true : undefined, "aria-describedby": described || undefined };
  };
  const field = (name: CreateField, control: React.ReactNode, hint?: string, required = false) => (
    <div>
      <label htmlFor={fieldId(name)} className="block text-sm font-semibold">
        {t(`ops.units.fields.${name}`)}
        {!required && <span className="font-normal text-muted"> {t("ops.units.create.optional")}</span>}
      </label>
      {control}
      {hint && (
        <p id={`${fieldId(name)}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {problemOf(name) && (
        <p id={`${fieldId(name)}-problem`} className="mt-1 text-sm text-red-800">
          {t(`ops.units.problems.${problemOf(name)!.problem}`)}
        </p>
      )}
    </div>
  );
  return (
    <>
      <p className="text-sm">
        <Link to={UNITS_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.units.unit.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.units.create.title")} intro={t("ops.units.create.intro")} />
      {problems.length > 0 && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {problems.find((p) => p.field === null) ? t(`ops.units.problems.${problems.find((p) => p.field === null)!.problem}`) : t("ops.units.problems.checkFields")}
        </p>
      )}
      <Form method="post" className="mt-4 grid max-w-3xl gap-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-2" aria-busy={busy} data-testid="unit-create">
        {field("productId", <input {...attrs("productId", true)} type="number" inputMode="numeric" min={1} required defaultValue={values.productId} className={opsInput} />, t("ops.units.create.productIdHint"), true)}
        {field(
          "grade",
          <select {...attrs("grade")} required defaultValue={values.grade ?? ""} className={opsInput}>
            <option value="" disabled>
              {t("ops.units.create.chooseGrade")}
            </option>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {grade}
              </option>
            ))}
          </select>,
          undefined,
          true,
        )}
        {field("purchasePrice", <input {...attrs("purchasePrice", true)} type="text" inputMode="decimal" required autoComplete="off" defaultValue={values.purchasePrice} className={opsInput} />, t("ops.units.create.priceHint"), true)}
        {field("supplier", <input {...attrs("supplier")} type="text" maxLength={120} required defaultValue={values.supplier} className={opsInput} />, undefined, true)}
        {field("identifier", <input {...attrs("identifier")} type="text" maxLength={40} autoComplete="off" spellCheck={false} defaultValue={values.identifier} className={`${opsInput} font-mono`} />)}
        {field("batteryHealth", <input {...attrs("batteryHealth")} type="number" inputMode="numeric" min={0} max={100} defaultValue={values.batteryHealth} className={opsInput} />)}
        {field("location", <input {...attrs("location")} type="text" maxLength={40} autoComplete="off" defaultValue={values.location} className={opsInput} />)}
        <div className="self-end">
          <label className="flex h-9 items-center gap-2 text-sm font-semibold">
            <input {...attrs("fullBattery")} type="checkbox" defaultChecked={values.fullBattery === "on"} className="h-5 w-5" />
            {t("ops.units.fields.fullBattery")}
          </label>
          {problemOf("fullBattery") && (
            <p id={`${fieldId("fullBattery")}-problem`} className="mt-1 text-sm text-red-800">
              {t(`ops.units.problems.${problemOf("fullBattery")!.problem}`)}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" disabled={busy} className={opsButton.primary}>
            {busy ? t("ops.units.create.saving") : t("ops.units.create.submit")}
          </button>
        </div>
      </Form>
    </>
  );
}
