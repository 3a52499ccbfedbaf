import type { MarginReportQuery, PeriodReportQuery } from "../../../api/contract.ts";
import { shopDayIso } from "../../../domain/dates.ts";
import { daysCovered, isReportDay, isReportMonth, MAX_PERIOD_DAYS } from "../../../domain/reports/reports.ts";
import { PERIOD_REPORTS, type PeriodReportName } from "../../api-client/reports.ts";

/**
 * The report pages' rules that are not drawing: their addresses, the month or period the URL asks
 * for (as typed: the API judges it and the page shows its refusals at the fields), and what they
 * show when the URL asks for nothing yet.
 */
export const REPORTS_PATH = "/ops/reports";
export const periodReportPath = (name: PeriodReportName) => `${REPORTS_PATH}/${name}`;
export const isPeriodReport = (name: string | undefined): name is PeriodReportName => (PERIOD_REPORTS as readonly string[]).includes(name ?? "");

export const MARGIN_SCHEMES = ["margin", "standard"] as const;
export type MarginScheme = (typeof MARGIN_SCHEMES)[number];

/** A form value as it came, trimmed and bounded: kept to be shown again, even when the API refuses it. */
const typed = (value: string | null) => (value ?? "").trim().slice(0, 20);
const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export interface MarginFilter {
  month: string;
  scheme: MarginScheme;
  page: number;
}

/** The margin report the URL asks for; the current month when it names none. */
export function marginFilterOf(params: URLSearchParams, now: Date): MarginFilter {
  const scheme = params.get("scheme") === "standard" ? "standard" : "margin";
  return { month: typed(params.get("month")) || shopDayIso(now).slice(0, 7), scheme, page: pageOf(params.get("page")) };
}
export const marginQueryOf = (filter: MarginFilter): MarginReportQuery => ({ month: filter.month, scheme: filter.scheme, page: filter.page });

/** The margin report's address for a month, scheme and page (the defaults left out). */
export function marginPath(filter: Pick<MarginFilter, "month"> & Partial<MarginFilter>): string {
  const search = new URLSearchParams({
    month: filter.month,
    ...(filter.scheme === "standard" ? { scheme: "standard" } : {}),
    ...(filter.page && filter.page > 1 ? { page: String(filter.page) } : {}),
  });
  return `${REPORTS_PATH}?${search}`;
}

export interface PeriodFilter {
  from: string;
  to: string;
  page: number;
}

/** The period the URL asks for; this month so far when it names none. */
export function periodFilterOf(params: URLSearchParams, now: Date): PeriodFilter {
  const today = shopDayIso(now);
  const [from, to] = [typed(params.get("from")), typed(params.get("to"))];
  return from || to ? { from, to, page: pageOf(params.get("page")) } : { from: `${today.slice(0, 7)}-01`, to: today, page: 1 };
}
export const periodQueryOf = (filter: PeriodFilter): PeriodReportQuery => ({ from: filter.from, to: filter.to, page: filter.page });

export function periodPath(name: PeriodReportName, filter: PeriodFilter, page = filter.page): string {
  const search = new URLSearchParams({ from: filter.from, to: filter.to, ...(page > 1 ? { page: String(page) } : {}) });
  return `${periodReportPath(name)}?${search}`;
}

/** What is wrong with a field, by the rules the API checks too (ops.reports.problems), or as the API said it. */
export type ReportProblem = "month" | "day" | "order" | "tooLong";
export type FieldRefusal = { problem: ReportProblem } | { message: string };
export interface Refusals<F extends string> {
  fields: Partial<Record<F, FieldRefusal>>;
  other: string[];
}
const none = <F extends string>(): Refusals<F> => ({ fields: {}, other: [] });

/** A month the report cannot cover, found before the API is asked; null when it is one. */
export function marginRefusals(filter: MarginFilter): Refusals<"month"> | null {
  return isReportMonth(filter.month) ? null : { fields: { month: { problem: "month" } }, other: [] };
}

/** Days that are none, an end before the start, or more than a year, found before the API is asked; null when the period is one. */
export function periodRefusals(filter: PeriodFilter): Refusals<"from" | "to"> | null {
  const refused = none<"from" | "to">();
  if (!isReportDay(filter.from)) refused.fields.from = { problem: "day" };
  if (!isReportDay(filter.to)) refused.fields.to = { problem: "day" };
  else if (!refused.fields.from) {
    const days = daysCovered(filter.from, filter.to);
    if (days < 1) refused.fields.to = { problem: "order" };
    else if (days > MAX_PERIOD_DAYS) refused.fields.to = { problem: "tooLong" };
  }
  return refused.fields.from || refused.fields.to ? refused : null;
}

/** The API's refusals of a report's query, at the form's fields ("query.month" → month); those of no field apart. */
export function refusalsOf<F extends string>(errors: readonly { reference: string; message: string }[], fields: readonly F[]): Refusals<F> {
  const refused = none<F>();
  for (const error of errors) {
    const field = fields.find((f) => error.reference === `query.${f}`);
    if (field) refused.fields[field] ??= { message: error.message };
    else refused.other.push(error.message);
  }
  return refused;
}
