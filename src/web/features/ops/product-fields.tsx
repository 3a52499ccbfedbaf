import { useEffect, useState, type ReactNode } from "react";
import { Form } from "react-router";
import type { OpsCategoryNode } from "../../../api/contract.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { CategoryOptions, ProblemSummary, SubmitButton } from "./catalogue-ui.tsx";
import { opsInput } from "./ops-ui.tsx";
import { BLANK_ATTRIBUTE_ROWS, descriptionField, FLAG_FIELDS, type ProductField, type ProductFormValues, type ProductProblem } from "./product-form.ts";

const fieldId = (field: string) => `product-${field.replace(/\./g, "-")}`;
const fieldset = "rounded-xl border border-line bg-white p-4";
const legend = "px-1 text-base font-bold";

/** The problem of a field, said under it, and the attributes that tie the field to it and to its hint. */
function useFieldProblems(problems: readonly ProductProblem[]) {
  const { t } = useTranslation();
  const problemOf = (field: ProductField) => problems.find((p) => p.field === field);
  const describedBy = (field: ProductField, hint: boolean) => [hint ? `${fieldId(field)}-hint` : "", problemOf(field) ? `${fieldId(field)}-problem` : ""].filter(Boolean).join(" ") || undefined;
  const attrs = (field: ProductField, hint = false) => ({ id: fieldId(field), "aria-invalid": problemOf(field) ? true : undefined, "aria-describedby": describedBy(field, hint) });
  const problemText = (field: ProductField) => {
    const problem = problemOf(field);
    return (
      problem && (
        <p id={`${fieldId(field)}-problem`} className="mt-1 text-sm text-red-800">
          {t(`ops.catalogue.problems.${problem.problem}`, { expected: problem.expected ?? "" })}
        </p>
      )
    );
  };
  return { problemOf, attrs, problemText };
}

/**
 * The product's form, new or changed: name, category and price; the description in six languages
 * on tabs (all shown one below the other until the page's script runs); identifiers; attributes;
 * flags. What was typed comes back in `values` with the problems at their fields.
 */
export function ProductForm({ values, problems, categories, busy, submit, testId }: { values: ProductFormValues; problems: readonly ProductProblem[]; categories: readonly OpsCategoryNode[]; busy: boolean; submit: { label: string; busyLabel: string }; testId: string }) {
  const { t } = useTranslation();
  const { attrs, problemText } = useFieldProblems(problems);
  const value = (field: keyof ProductFormValues["fields"]) => values.fields[field] ?? "";
  const field = (name: ProductField, label: string, control: ReactNode, hint?: string) => (
    <div>
      <label htmlFor={fieldId(name)} className="block text-sm font-semibold">
        {label}
      </label>
      {control}
      {hint && (
        <p id={`${fieldId(name)}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {problemText(name)}
    </div>
  );
  const text = (name: "name" | "brand" | "colour" | "storage" | "ean" | "isbn" | "asin" | "bluePrice", options: { hint?: boolean; required?: boolean; maxLength: number; mono?: boolean; inputMode?: "decimal" | "numeric" } = { maxLength: 100 }) =>
    field(
      name,
      `${t(`ops.catalogue.fields.${name}`)}${options.required ? "" : ` ${t("ops.catalogue.hints.optional")}`}`,
      <input
        {...attrs(name, options.hint)}
        name={name}
        type="text"
        defaultValue={value(name)}
        required={options.required}
        maxLength={options.maxLength}
        autoComplete="off"
        spellCheck={options.mono ? false : undefined}
        inputMode={options.inputMode}
        className={`${opsInput}${options.mono ? " font-mono" : ""}`}
      />,
      options.hint ? t(`ops.catalogue.hints.${name}`) : undefined,
    );
  const attributeRows = [...values.attributes, ...Array.from({ length: BLANK_ATTRIBUTE_ROWS }, () => ({ key: "", value: "" }))];
  return (
    <Form method="post" className="mt-4 grid max-w-5xl gap-4" aria-busy={busy} data-testid={testId} noValidate>
      <input type="hidden" name="intent" value="save" />
      <ProblemSummary problems={problems} textOf={(problem) => t(`ops.catalogue.problems.${problem}`)} />
      <fieldset className={`${fieldset} grid gap-3 sm:grid-cols-2`}>
        <legend className={legend}>{t("ops.catalogue.groups.basics")}</legend>
        <div className="sm:col-span-2">{text("name", { hint: true, required: true, maxLength: 200 })}</div>
        {text("brand", { required: true, maxLength: 100 })}
        {field(
          "categoryId",
          t("ops.catalogue.fields.categoryId"),
          <select {...attrs("categoryId")} name="categoryId" required defaultValue={value("categoryId")} className={opsInput}>
            <option value="" disabled>
              {t("ops.catalogue.hints.chooseCategory")}
            </option>
            <CategoryOptions categories={categories} />
          </select>,
        )}
        {text("bluePrice", { hint: true, required: true, maxLength: 12, inputMode: "decimal" })}
        {text("colour", { maxLength: 60 })}
        {text("storage", { maxLength: 30 })}
      </fieldset>
      <DescriptionTabs values={values} problems={problems} />
      <fieldset className={`${fieldset} grid gap-3 sm:grid-cols-3`}>
        <legend className={legend}>{t("ops.catalogue.groups.identifiers")}</legend>
        {text("ean", { hint: true, maxLength: 20, mono: true, inputMode: "numeric" })}
        {text("isbn", { hint: true, maxLength: 20, mono: true })}
        {text("asin", { hint: true, maxLength: 20, mono: true })}
      </fieldset>
      <AttributeRows rows={attributeRows} problems={problems} />
      <fieldset className={`${fieldset} grid gap-2`}>
        <legend className={legend}>{t("ops.catalogue.groups.flags")}</legend>
        {FLAG_FIELDS.map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm font-semibold">
            <input id={fieldId(flag)} name={flag} type="checkbox" defaultChecked={value(flag) === "on"} className="h-5 w-5" />
            {t(`ops.catalogue.fields.${flag}`)}
          </label>
        ))}
      </fieldset>
      <SubmitButton busy={busy} {...submit} />
    </Form>
  );
}

/**
 * The description per language on tabs (ARIA tabs: arrow keys move between them). Every language's
 * text stays in the form, so all six are sent; before the script runs, they stand one below the
 * other. The first tab with a problem opens first.
 */
function DescriptionTabs({ values, problems }: { values: ProductFormValues; problems: readonly ProductProblem[] }) {
  const { t } = useTranslation();
  const { attrs, problemOf, problemText } = useFieldProblems(problems);
  const withProblem = LOCALES.find((l) => problemOf(descriptionField(l)));
  const [active, setActive] = useState<Locale>(withProblem ?? DEFAULT_LOCALE);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  // A new refusal opens its language.
  useEffect(() => {
    if (withProblem) setActive(withProblem);
  }, [withProblem, problems]);
  const [filled, setFilled] = useState(() => new Set(LOCALES.filter((l) => (values.fields[descriptionField(l)] ?? "").trim())));
  const state = (locale: Locale) => (problemOf(descriptionField(locale)) ? "problem" : filled.has(locale) ? "filled" : "empty");
  const move = (from: Locale, step: number) => {
    const next = LOCALES[(LOCALES.indexOf(from) + step + LOCALES.length) % LOCALES.length]!;
    setActive(next);
    document.getElementById(`product-tab-${next}`)?.focus();
  };
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>{t("ops.catalogue.groups.texts")}</legend>
      <p id="product-description-hint" className="text-xs text-muted">
        {t("ops.catalogue.hints.description")}
      </p>
      {scripted && (
        <div role="tablist" aria-label={t("ops.catalogue.languages.label")} className="mt-3 flex flex-wrap gap-1 border-b border-line">
          {LOCALES.map((locale) => (
            <button
              key={locale}
              id={`product-tab-${locale}`}
              type="button"
              role="tab"
              aria-selected={active === locale}
              aria-controls={`product-panel-${locale}`}
              tabIndex={active === locale ? 0 : -1}
              onClick={() => setActive(locale)}
              onKeyDown={(event) => {
                if (event.key === "ArrowRight") move(locale, 1);
                if (event.key === "ArrowLeft") move(locale, -1);
              }}
              className={`-mb-px rounded-t-lg border px-3 py-1.5 text-sm font-semibold ${active === locale ? "border-line border-b-white bg-white" : "border-transparent text-muted hover:text-ink"}`}
            >
              {t(`ops.catalogue.languages.${locale}`)}
              <span className={`ml-1 text-xs ${state(locale) === "problem" ? "text-red-800" : "font-normal"}`}>
                {state(locale) === "filled" ? "✓" : state(locale) === "problem" ? "!" : "–"}
                <span className="sr-only"> ({t(`ops.catalogue.languages.${state(locale)}`)})</span>
              </span>
            </button>
          ))}
        </div>
      )}
      {LOCALES.map((locale) => {
        const name = descriptionField(locale);
        const language = t(`ops.catalogue.languages.${locale}`);
        return (
          <div key={locale} id={`product-panel-${locale}`} role={scripted ? "tabpanel" : undefined} aria-labelledby={scripted ? `product-tab-${locale}` : undefined} hidden={scripted && active !== locale} className="mt-3">
            <label htmlFor={fieldId(name)} className="block text-sm font-semibold">
              {t("ops.catalogue.fields.description", { language })}
              <span className="font-normal text-muted"> {locale === DEFAULT_LOCALE ? t("ops.catalogue.hints.required") : t("ops.catalogue.hints.optional")}</span>
            </label>
            <textarea
              {...attrs(name)}
              aria-describedby={[`product-description-hint`, problemOf(name) ? `${fieldId(name)}-problem` : ""].filter(Boolean).join(" ")}
              name={name}
              lang={locale}
              rows={8}
              maxLength={10_000}
              defaultValue={values.fields[name] ?? ""}
              onChange={(event) => {
                const has = event.currentTarget.value.trim() !== "";
                setFilled((now) => (has === now.has(locale) ? now : new Set(has ? [...now, locale] : [...now].filter((l) => l !== locale))));
              }}
              className={`${opsInput} h-auto py-1.5`}
            />
            {problemText(name)}
          </div>
        );
      })}
    </fieldset>
  );
}

/** Attribute rows: the product's own and a few blank ones to add more; a row's problem is said under it. */
function AttributeRows({ rows, problems }: { rows: readonly { key: string; value: string }[]; problems: readonly ProductProblem[] }) {
  const { t } = useTranslation();
  const { problemOf, problemText } = useFieldProblems(problems);
  return (
    <fieldset className={fieldset} aria-describedby="product-attributes-hint">
      <legend className={legend}>{t("ops.catalogue.groups.attributes")}</legend>
      <p id="product-attributes-hint" className="text-xs text-muted">
        {t("ops.catalogue.hints.attributes")}
      </p>
      <ol className="mt-2 grid gap-2">
        {rows.map((row, i) => {
          const field: ProductField = `attributes.${i}`;
          const invalid = problemOf(field) ? true : undefined;
          const described = invalid ? `${fieldId(field)}-problem` : undefined;
          return (
            <li key={i}>
              <div className="grid gap-2 sm:grid-cols-2">
                <label className="text-sm font-semibold">
                  {t("ops.catalogue.fields.attributeKey", { n: i + 1 })}
                  <input name="attributeKey" type="text" maxLength={60} defaultValue={row.key} aria-invalid={invalid} aria-describedby={described} className={`${opsInput} font-normal`} />
                </label>
                <label className="text-sm font-semibold">
                  {t("ops.catalogue.fields.attributeValue", { n: i + 1 })}
                  <input name="attributeValue" type="text" maxLength={200} defaultValue={row.value} aria-invalid={invalid} aria-describedby={described} className={`${opsInput} font-normal`} />
                </label>
              </div>
              {problemText(field)}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
