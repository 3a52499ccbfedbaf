import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { NavigationNode } from "../../../api/contract.ts";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { TextField } from "../../components/text-field.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { OpsPageTitle } from "./ops-ui.tsx";
import { PRICES_PATH, type RuleField, type RuleFormValues } from "./price-form.ts";

/** A page below /ops/prices: the way back to it, then the page's title and introduction. */
export function PricesSubpageTitle({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm">
        <Link to={PRICES_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.prices.back")}
        </Link>
      </p>
      <OpsPageTitle title={title} intro={intro} />
    </>
  );
}

/** A card of the prices pages with its heading, which names it as a region. */
export function PriceCard({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-line bg-white p-3" aria-labelledby={id}>
      <h2 id={id} className="font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The category tree as options of a select, each indented by its depth. */
export function categoryOptions(nodes: readonly NavigationNode[], depth = 0): { id: number; label: string }[] {
  return nodes.flatMap((node) => [{ id: node.id, label: `${"\u2003".repeat(depth)}${node.name}` }, ...categoryOptions(node.children, depth + 1)]);
}

/**
 * A price rule's fields: its name, its scope (every product or a category with its subcategories),
 * a share of the new price per grade (empty: the grade keeps its prices) and the floor's margin
 * (empty: no floor); filled with what was typed or the rule's values, each with its problem.
 */
export function PriceRuleFields({ values, errorOf, categories }: { values: RuleFormValues; errorOf: (field: RuleField) => string | undefined; categories: { id: number; label: string }[] }) {
  const { t } = useTranslation();
  const categoryId = useId();
  const categoryError = useId();
  const sharesHint = useId();
  return (
    <>
      <TextField label={t("ops.prices.fields.name")} name="name" defaultValue={values.name ?? ""} error={errorOf("name")} maxLength={100} autoComplete="off" />
      <div>
        <label htmlFor={categoryId} className="block text-sm font-semibold">
          {t("ops.prices.fields.categoryId")}
        </label>
        <select
          id={categoryId}
          name="categoryId"
          defaultValue={values.categoryId ?? ""}
          aria-invalid={errorOf("categoryId") ? true : undefined}
          aria-describedby={errorOf("categoryId") ? categoryError : undefined}
          className="mt-1 h-11 w-full rounded-xl border border-line bg-white px-3 text-base aria-[invalid=true]:border-red-700"
        >
          <option value="">{t("ops.prices.allProducts")}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
        {errorOf("categoryId") && (
          <p id={categoryError} className="mt-1 text-sm text-red-700">
            {errorOf("categoryId")}
          </p>
        )}
      </div>
      <fieldset aria-describedby={sharesHint}>
        <legend className="text-sm font-semibold">{t("ops.prices.fields.shares")}</legend>
        <p id={sharesHint} className="text-xs text-muted">
          {t("ops.prices.fields.sharesHint")}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {GRADES.map((grade) => (
            <TextField
              key={grade}
              label={t("ops.prices.fields.share", { grade })}
              name={`share.${grade}`}
              defaultValue={values[`share.${grade}`] ?? ""}
              error={errorOf(`share.${grade}`)}
              inputMode="decimal"
              autoComplete="off"
              data-testid={`share-${grade}`}
            />
          ))}
        </div>
      </fieldset>
      <TextField
        label={t("ops.prices.fields.minMargin")}
        name="minMargin"
        defaultValue={values.minMargin ?? ""}
        error={errorOf("minMargin")}
        hint={t("ops.prices.fields.minMarginHint")}
        inputMode="decimal"
        autoComplete="off"
      />
    </>
  );
}
