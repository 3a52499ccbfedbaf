import { Form } from "react-router";
import type { OpsCategory, OpsCategoryNode } from "../../../api/contract.ts";
import { DEFAULT_LOCALE, LOCALES } from "../../../domain/i18n/locales.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { CategoryOptions, ProblemSummary, SubmitButton } from "./catalogue-ui.tsx";
import type { CategoryField, CategoryFormValues, CategoryProblem } from "./category-form.ts";
import { opsInput } from "./ops-ui.tsx";

const fieldId = (field: CategoryField) => `category-${field.replace(/\./g, "-")}`;

/**
 * A category's form, new or changed: its place (parent, position), kind and accessory flag, and its
 * name and path segment in each of the six languages, with the full paths it has now. What was typed
 * comes back in `values`, with the problems at their fields.
 */
export function CategoryForm({
  values,
  problems,
  parents,
  category,
  busy,
  submit,
}: {
  values: CategoryFormValues;
  problems: readonly CategoryProblem[];
  parents: readonly OpsCategoryNode[];
  category: OpsCategory | null;
  busy: boolean;
  submit: { label: string; busyLabel: string };
}) {
  const { t } = useTranslation();
  const problemOf = (field: CategoryField) => problems.find((p) => p.field === field);
  const attrs = (field: CategoryField, hint?: string) => {
    const described = [hint ?? "", problemOf(field) ? `${fieldId(field)}-problem` : ""].filter(Boolean).join(" ");
    return { id: fieldId(field), name: field, "aria-invalid": problemOf(field) ? true : undefined, "aria-describedby": described || undefined };
  };
  const problemText = (field: CategoryField) =>
    problemOf(field) && (
      <p id={`${fieldId(field)}-problem`} className="mt-1 text-sm text-red-800">
        {t(`ops.categories.problems.${problemOf(field)!.problem}`)}
      </p>
    );
  const label = (field: CategoryField, text: string) => (
    <label htmlFor={fieldId(field)} className="block text-sm font-semibold">
      {text}
    </label>
  );
  return (
    <Form method="post" className="mt-4 grid max-w-5xl gap-4" aria-busy={busy} data-testid="category-form" noValidate>
      <ProblemSummary problems={problems} textOf={(problem) => t(`ops.categories.problems.${problem}`)} />
      <div className="grid gap-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-2">
        <div>
          {label("parentId", t("ops.categories.fields.parentId"))}
          <select {...attrs("parentId", "category-move-hint")} defaultValue={values.parentId ?? ""} className={opsInput}>
            <option value="">{t("ops.categories.fields.topLevel")}</option>
            <CategoryOptions categories={parents} />
          </select>
          <p id="category-move-hint" className="mt-1 text-xs text-muted">
            {t("ops.categories.hints.move")}
          </p>
          {problemText("parentId")}
        </div>
        <div>
          {label("position", t("ops.categories.fields.position"))}
          <input {...attrs("position", "category-position-hint")} type="number" inputMode="numeric" min={0} max={100000} defaultValue={values.position ?? ""} className={opsInput} />
          <p id="category-position-hint" className="mt-1 text-xs text-muted">
            {t("ops.categories.hints.position")}
          </p>
          {problemText("position")}
        </div>
        <div>
          {label("rootKind", t("ops.categories.fields.rootKind"))}
          <select {...attrs("rootKind")} defaultValue={values.rootKind ?? "electronics"} className={opsInput}>
            <option value="electronics">{t("ops.categories.rootKinds.electronics")}</option>
            <option value="media">{t("ops.categories.rootKinds.media")}</option>
          </select>
        </div>
        <label className="flex items-center gap-2 self-end text-sm font-semibold">
          <input id={fieldId("isAccessory")} name="isAccessory" type="checkbox" defaultChecked={values.isAccessory === "on"} className="h-5 w-5" />
          {t("ops.categories.fields.isAccessory")}
        </label>
      </div>
      <fieldset className="rounded-xl border border-line bg-white p-4">
        <legend className="px-1 text-base font-bold">{t("ops.categories.category.texts")}</legend>
        <p id="category-segment-hint" className="text-xs text-muted">
          {t("ops.categories.hints.segment")}
        </p>
        <div role="region" aria-label={t("ops.categories.category.texts")} tabIndex={0} className="relative mt-2 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="border-b border-line">
              <tr>
                <th scope="col" className="px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-muted">
                  {t("ops.categories.fields.language")}
                </th>
                <th scope="col" className="px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-muted">
                  {t("ops.categories.fields.name")}
                </th>
                <th scope="col" className="px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-muted">
                  {t("ops.categories.fields.segment")}
                </th>
                {category && (
                  <th scope="col" className="px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-muted">
                    {t("ops.categories.fields.path")}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {LOCALES.map((locale) => {
                const language = t(`ops.catalogue.languages.${locale}`);
                return (
                  <tr key={locale} className="border-b border-line last:border-0 align-top">
                    <th scope="row" className="px-2 py-2 text-left font-semibold">
                      {language}
                      {locale === DEFAULT_LOCALE && <span className="block text-xs font-normal text-muted">{t("ops.catalogue.hints.required")}</span>}
                    </th>
                    <td className="px-2 py-1">
                      <input {...attrs(`name.${locale}`)} aria-label={`${t("ops.categories.fields.name")} (${language})`} type="text" maxLength={100} lang={locale} defaultValue={values[`name.${locale}`] ?? ""} className={opsInput} />
                      {problemText(`name.${locale}`)}
                    </td>
                    <td className="px-2 py-1">
                      <input
                        {...attrs(`segment.${locale}`, "category-segment-hint")}
                        aria-label={`${t("ops.categories.fields.segment")} (${language})`}
                        type="text"
                        maxLength={80}
                        autoComplete="off"
                        spellCheck={false}
                        defaultValue={values[`segment.${locale}`] ?? ""}
                        className={`${opsInput} font-mono`}
                      />
                      {problemText(`segment.${locale}`)}
                    </td>
                    {category && <td className="break-all px-2 py-2 font-mono text-xs text-muted">{category.translations[locale].path}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>
      <SubmitButton busy={busy} {...submit} />
    </Form>
  );
}
