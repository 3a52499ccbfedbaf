import type { MarginReport, MarginReportQuery, OrderReport, PayoutReport, PeriodReportQuery, RefundReport } from "../../api/contract.ts";
import { queryString, type ApiClient } from "./client.ts";

/** The period exports: their names in the API's paths and the report pages' addresses. */
export const PERIOD_REPORTS = ["orders", "payouts", "refunds"] as const;
export type PeriodReportName = (typeof PERIOD_REPORTS)[number];
export interface PeriodReports {
  orders: OrderReport;
  payouts: PayoutReport;
  refunds: RefundReport;
}

/** Finance's reports: the month's margin-scheme report and the period's orders, payouts and refunds, a page at a time. */
export function reportsApi(api: ApiClient) {
  return {
    margin: (query: MarginReportQuery) => api.call<MarginReport>({ method: "GET", path: "/api/ops/reports/margin", query: { ...query } }),
    period: <N extends PeriodReportName>(name: N, query: PeriodReportQuery) => api.call<PeriodReports[N]>({ method: "GET", path: `/api/ops/reports/${name}`, query: { ...query } }),
  };
}

/** Where the browser downloads a report's CSV file: the API answers it as an attachment. */
export const marginCsvUrl = (month: string) => `/api/ops/reports/margin.csv${queryString({ month })}`;
export const periodCsvUrl = (name: PeriodReportName, period: { from: string; to: string }) => `/api/ops/reports/${name}.csv${queryString(period)}`;
