import { formatDecimal } from "../../domain/money.ts";
import { useTranslation } from "../i18n/i18n.tsx";

/**
 * "56 Produkte" under a list's heading, the number grouped as the language writes it ("12.345
 * Produkte"); "more than" when a search counted only part of its matches.
 */
export function ProductCount({ total, atLeast = false }: { total: number; atLeast?: boolean | undefined }) {
  const { t, i18n } = useTranslation();
  const values = { count: total, number: formatDecimal(total, i18n.language, 0) };
  return <p className="mt-1 text-sm text-muted">{atLeast ? t("search.productCountAtLeast", values) : t("category.productCount", values)}</p>;
}
