import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";

/** A list's pages: the one shown of how many, and links to the one before and after (ops.pager). */
export function Pager({ page, pageSize, total, pathOf }: { page: number; pageSize: number; total: number; pathOf: (page: number) => string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("ops.pager.label")} className="mt-3 flex items-center gap-3 text-sm">
      {page > 1 && (
        <Link to={pathOf(page - 1)} className="font-semibold text-blue-accent underline">
          {t("ops.pager.previous")}
        </Link>
      )}
      <span>{t("ops.pager.pageOf", { page, pages })}</span>
      {page < pages && (
        <Link to={pathOf(page + 1)} className="font-semibold text-blue-accent underline">
          {t("ops.pager.next")}
        </Link>
      )}
    </nav>
  );
}
