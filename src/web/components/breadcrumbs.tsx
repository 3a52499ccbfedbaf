import { useTranslation } from "../i18n/i18n.tsx";
import { Link } from "react-router";
import type { Locale } from "../../domain/i18n/locales.ts";
import { categoryHref } from "../../domain/routing/paths.ts";

export function Breadcrumbs({ locale, items, current }: { locale: Locale; items: { id: number; name: string; path: string }[]; current?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("breadcrumbs.label")} className="mb-4 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-ink hover:underline">
            {t("breadcrumbs.home")}
          </Link>
        </li>
        {items.map((c, i) => {
          const last = i === items.length - 1 && current === undefined;
          return (
            <li key={c.id} className="flex items-center gap-1">
              <span aria-hidden="true">›</span>
              {last ? (
                <span aria-current="page" className="text-ink">{c.name}</span>
              ) : (
                <Link to={categoryHref(locale, c.path)} className="hover:text-ink hover:underline">
                  {c.name}
                </Link>
              )}
            </li>
          );
        })}
        {current !== undefined && (
          <li className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            <span aria-current="page" className="line-clamp-1 text-ink">{current}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
