import { useTranslation } from "../i18n/i18n.tsx";
import { Link, useLocation } from "react-router";
import type { Grade } from "../../domain/catalogue/grades.ts";
import { Price } from "./price.tsx";

interface PickerVariant {
  label: Grade;
  price: number;
  quantity: number;
}

/** Every grade with its name, meaning, price and stock; out-of-stock grades cannot be chosen. */
export function GradePicker({ variants, selected }: { variants: PickerVariant[]; selected?: Grade }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hrefFor = (label: Grade) => {
    const params = new URLSearchParams(location.search);
    params.set("variant", label);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <fieldset className="mt-6">
      <legend className="text-lg font-bold">{t("product.chooseGrade")}</legend>
      <ul className="mt-3 grid gap-2">
        {variants.map((v) => {
          const inStock = v.quantity > 0;
          const isSelected = v.label === selected;
          const body = (
            <>
              <span className="flex flex-col">
                <span className="font-semibold">
                  {t(`grades.${v.label}.name`)} <span className="text-xs font-normal text-muted">({v.label})</span>
                </span>
                <span className="text-xs text-muted">{t(`grades.${v.label}.description`)}</span>
                {inStock && v.quantity <= 3 && <span className="text-xs font-semibold text-amber-700">{t("product.onlyLeft", { count: v.quantity })}</span>}
              </span>
              <span className="text-right">
                {inStock ? <Price cents={v.price} className="whitespace-nowrap font-bold" /> : <span className="whitespace-nowrap text-sm text-muted">{t("product.soldOut")}</span>}
              </span>
            </>
          );
          const base = "flex items-center justify-between gap-4 rounded-xl border px-4 py-3 text-left";
          return (
            <li key={v.label}>
              {inStock ? (
                <Link
                  to={hrefFor(v.label)}
                  replace
                  preventScrollReset
                  aria-current={isSelected ? "true" : undefined}
                  data-grade={v.label}
                  className={`${base} ${isSelected ? "border-[var(--accent)] bg-[var(--accent)]/5 ring-2 ring-[var(--accent)]" : "border-line hover:border-[var(--accent)]"}`}
                >
                  {body}
                </Link>
              ) : (
                <div aria-disabled="true" data-grade={v.label} className={`${base} border-line bg-canvas opacity-60`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
