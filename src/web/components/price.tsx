import { useTranslation } from "../i18n/i18n.tsx";
import { formatMoney } from "../../domain/money.ts";
import { resolveLocale } from "../../domain/i18n/locales.ts";

/** An amount in cents, formatted for the page's language. */
export function Price({ cents, className }: { cents: number; className?: string }) {
  const { i18n } = useTranslation();
  return <span className={className}>{formatMoney(cents, resolveLocale(i18n.language))}</span>;
}
