import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from "../../../domain/dashboard/dashboard.ts";

/** The period a link asked for (?days=90); anything else is the default, which the API would refuse. */
export function dashboardPeriodOf(param: string | null): DashboardPeriod {
  return DASHBOARD_PERIODS.find((days) => String(days) === param) ?? DEFAULT_DASHBOARD_PERIOD;
}
