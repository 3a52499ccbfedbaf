import { Link, useNavigation, useRouteLoaderData } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { dashboardApi } from "../api-client/dashboard.ts";
import { isApiError } from "../api-client/client.ts";
import { FulfilmentPart, IntakePart, PayoutsPart, ReturnsPart, SalesPart, StockPart, TradeInPart } from "../features/ops/dashboard-parts.tsx";
import { dashboardPeriodOf } from "../features/ops/dashboard-period.ts";
import { PeriodSwitch } from "../features/ops/dashboard-ui.tsx";
import { OpsPageTitle, RoleBadges } from "../features/ops/ops-ui.tsx";
import { sectionsFor } from "../features/ops/sections.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-overview";

await loadPageMessages();

/**
 * The figures of the member's work over the period asked for. A refusal goes as on every staff page;
 * figures that fail to load (our fault) leave the page standing, with the greeting, the sections and
 * a way to try again.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const days = dashboardPeriodOf(url.searchParams.get("days"));
  try {
    return { days, dashboard: await dashboardApi(storefront(context).api).dashboard({ days }) };
  } catch (error) {
    if (error instanceof Response || (isApiError(error) && error.status < 500)) staffPageOn(error, url);
    return { days, dashboard: null };
  }
}

/**
 * The back-office's start: who is signed in and which sections their roles open, then the dashboard —
 * the parts of it their roles concern, numbers and charts side by side. The start page rather than a
 * page of its own: it is where every member lands, and what waits for them is the first thing to see.
 */
export default function OpsOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const { days, dashboard } = loaderData;
  const sections = sectionsFor(me.roles).filter((section) => section.id !== "overview");
  const loading = navigation.state === "loading" && navigation.location.pathname === "/ops";
  const overPeriod = Boolean(dashboard?.sales || dashboard?.tradeIn);
  return (
    <>
      <OpsPageTitle title={t("ops.overview.title")} intro={t("ops.overview.greeting", { email: me.email })} />
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <div className="flex items-center gap-2" data-testid="ops-roles">
          <span className="font-semibold text-muted">{t("ops.overview.roles")}</span>
          <RoleBadges roles={me.roles} />
        </div>
        {/* Not a second navigation landmark: the frame's navigation holds the same links. */}
        <div className="flex flex-wrap items-center gap-1" data-testid="ops-sections">
          <span className="mr-1 font-semibold text-muted">{t("ops.overview.sections")}</span>
          {sections.length === 0 ? (
            <span className="text-muted">{t("ops.overview.noSections")}</span>
          ) : (
            sections.map((section) => (
              <Link key={section.id} to={section.path} className="rounded border border-line bg-white px-2 py-0.5 font-semibold text-blue-accent hover:border-blue-accent">
                {t(`ops.sections.${section.id}.label`)}
              </Link>
            ))
          )}
        </div>
      </div>

      <section aria-labelledby="dashboard-heading" className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="dashboard-heading" className="text-lg font-extrabold">
              {t("ops.dashboard.heading")}
            </h2>
            {dashboard && (
              <p className="text-xs text-muted" data-testid="dashboard-as-of">
                {t("ops.dashboard.asOf", { time: formatDate(dashboard.generatedAt, i18n.language, "medium-time") })}
                {overPeriod && ` · ${t("ops.dashboard.since", { from: formatDate(`${dashboard.from}T12:00:00Z`, i18n.language, "medium") })}`}
              </p>
            )}
          </div>
          {/* Only sales and inspections are counted over a period: for the queues alone the switch would change nothing. */}
          {overPeriod && <PeriodSwitch current={days} />}
        </div>
        {!dashboard ? (
          <div role="alert" className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="dashboard-error">
            <p>{t("ops.dashboard.error")}</p>
            <Link to={`?days=${days}`} className="mt-2 inline-block font-semibold text-blue-accent underline">
              {t("ops.dashboard.retry")}
            </Link>
          </div>
        ) : (
          <div className={`mt-3 grid gap-4 transition-opacity lg:grid-cols-2 ${loading ? "opacity-60" : ""}`} aria-busy={loading} data-testid="dashboard">
            {dashboard.fulfilment && <FulfilmentPart figures={dashboard.fulfilment} />}
            {dashboard.returns && <ReturnsPart figures={dashboard.returns} />}
            {dashboard.intake && <IntakePart figures={dashboard.intake} />}
            {dashboard.tradeIn && <TradeInPart figures={dashboard.tradeIn} days={dashboard.days} />}
            {dashboard.payouts && <PayoutsPart figures={dashboard.payouts} />}
            {dashboard.sales && <SalesPart figures={dashboard.sales} days={dashboard.days} />}
            {dashboard.stock && <StockPart figures={dashboard.stock} />}
          </div>
        )}
      </section>
    </>
  );
}
