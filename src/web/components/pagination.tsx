import { useTranslation } from "../i18n/i18n.tsx";
import { Link, useLocation } from "react-router";

/**
 * Previous / next with the page count; the page lives in the URL, so it is shareable and the back button works.
 * `keep`: parameters every page's link carries besides the current URL's (a search's id).
 */
export function Pagination({ page, totalPages, keep = {} }: { page: number; totalPages: number; keep?: Record<string, string> | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (totalPages <= 1) return null;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(keep)) params.set(name, value);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  const button = "rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-[var(--accent)]";
  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={button}>
          {t("pagination.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-muted">{t("pagination.status", { page, totalPages })}</span>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={button}>
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
