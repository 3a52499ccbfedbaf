import { Link, useRouteLoaderData } from "react-router";
import { sectionsFor } from "../features/ops/sections.ts";
import { OpsPageTitle, RoleBadges } from "../features/ops/ops-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";

await loadPageMessages();

/** The back-office's start: who is signed in, with which roles, and the sections those open. */
export default function OpsOverview() {
  const { t } = useTranslation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const sections = sectionsFor(me.roles).filter((section) => section.id !== "overview");
  return (
    <>
      <OpsPageTitle title={t("ops.overview.title")} intro={t("ops.overview.greeting", { email: me.email })} />
      <section aria-labelledby="ops-roles" className="mt-5">
        <h2 id="ops-roles" className="text-sm font-bold uppercase tracking-wide text-muted">
          {t("ops.overview.roles")}
        </h2>
        <div className="mt-2" data-testid="ops-roles">
          <RoleBadges roles={me.roles} />
        </div>
      </section>
      <section aria-labelledby="ops-sections" className="mt-6">
        <h2 id="ops-sections" className="text-sm font-bold uppercase tracking-wide text-muted">
          {t("ops.overview.sections")}
        </h2>
        {sections.length === 0 ? (
          <p className="mt-2 rounded-xl border border-dashed border-line bg-white p-4 text-sm text-muted">{t("ops.overview.noSections")}</p>
        ) : (
          <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((section) => (
              <li key={section.id}>
                <Link to={section.path} className="block h-full rounded-xl border border-line bg-white p-4 hover:border-blue-accent">
                  <span className="font-bold text-blue-accent">{t(`ops.sections.${section.id}.label`)}</span>
                  <span className="mt-1 block text-sm text-muted">{t(`ops.sections.${section.id}.text`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
