import type { ReactNode } from "react";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

/** A back-office page's title (the tab's, too) and its line of introduction. */
export function OpsPageTitle({ title, intro }: { title: string; intro?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("ops.frame.pageTitle", { page: title })}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-xl font-extrabold md:text-2xl">{title}</h1>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
    </>
  );
}

/** What a page says to staff whose roles do not open it (the API's 403 ROLE_REQUIRED), in place of the page. */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <>
      <OpsPageTitle title={t("ops.notAllowed.title")} />
      <p role="alert" className="mt-3 max-w-xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="ops-not-allowed">
        {t("ops.notAllowed.text")}
      </p>
    </>
  );
}

/** Roles as short labels, in the order given. */
export function RoleBadges({ roles }: { roles: readonly StaffRole[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <li key={role} className="rounded border border-line bg-white px-1.5 py-0.5 text-xs font-semibold">
          {t(`ops.roles.${role}`)}
        </li>
      ))}
    </ul>
  );
}

/** Classes of the back-office's compact controls. */
export const opsButton = {
  primary: "h-9 rounded-lg bg-blue-accent px-4 text-sm font-semibold text-white hover:bg-blue-accent-dark disabled:opacity-60",
  secondary: "h-9 rounded-lg border border-line bg-white px-4 text-sm font-semibold hover:border-blue-accent disabled:opacity-60",
  danger: "h-9 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60",
};
export const opsInput = "mt-1 h-9 w-full rounded-lg border border-line bg-white px-2 text-sm aria-[invalid=true]:border-red-700";

/**
 * A card with a heading and a dense table: header cells `columns`, body `rows`, or the `empty`
 * line when there are none. A table wider than a phone scrolls sideways on its own: its region
 * takes the keyboard's focus, so it scrolls without a mouse too, and is named by the heading. It
 * is positioned, so the visually hidden texts in it (absolutely placed) scroll with it instead of
 * widening the page.
 */
export function TableCard({ id, heading, columns, rows, empty, minWidth, testId }: { id: string; heading: string; columns: ReactNode[]; rows: ReactNode[]; empty?: string; minWidth: string; testId: string }) {
  return (
    <section className="rounded-xl border border-line bg-white">
      <h2 id={id} className="px-3 pt-3 font-bold">
        {heading}
      </h2>
      {rows.length === 0 ? (
        <p className="p-3 text-sm text-muted">{empty}</p>
      ) : (
        <div role="region" aria-labelledby={id} tabIndex={0} className="relative overflow-x-auto">
          <table className={`mt-2 w-full text-sm ${minWidth}`} data-testid={testId}>
            <thead className="border-b border-line">
              <tr>
                {columns.map((column, i) => (
                  <th key={i} scope="col" className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="[&>tr]:border-b [&>tr]:border-line [&>tr:last-child]:border-0">{rows}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export const tableCell = "px-3 py-2 align-top";
