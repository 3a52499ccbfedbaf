import { Component, lazy, Suspense, useId, useSyncExternalStore, type ReactNode } from "react";
import { Link } from "react-router";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "../../../domain/dashboard/dashboard.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { formatDecimal } from "../../../domain/money.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

/*
 * The dashboard's frame pieces: a card per part, its table (every chart's figures in full, for
 * everyone), the chart's place (a skeleton until the page has hydrated and the chart library has
 * loaded), and the period switch, which is a pair of links and works without JavaScript.
 */

// The chart library is fetched only when a chart is first drawn, never with the page's own code.
export const StackedBars = lazy(() => import("./dashboard-charts.tsx").then((m) => ({ default: m.StackedBars })));
export const DailyChart = lazy(() => import("./dashboard-charts.tsx").then((m) => ({ default: m.DailyChart })));

/** Graphics' colours with at least 3:1 against white (WCAG 1.4.11): urgency from late to later, and ages from young to old. */
export const URGENCY_COLOURS = { late: "#b91c1c", atRisk: "#b45309", onTime: "#64748b" } as const;
export const AGE_COLOURS = ["#0284c7", "#2563eb", "#6d28d9", "#be123c"] as const;
export const MONEY_COLOURS = { revenue: "#0b5cd5", margin: "#0f7a3d" } as const;

const noChange = () => () => {};
/** False on the server and in the hydrating render, true after: charts measure the page, so they wait for it. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

/** Counts, shares and days as the member's language writes them. */
export function useFigureFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return {
    locale,
    count: (n: number) => formatDecimal(n, locale, 0),
    share: (rate: number | null) => (rate === null ? "–" : t("ops.dashboard.percent", { value: formatDecimal(rate * 100, locale, 1) })),
    /** A shop day without its year, for an axis: "28.11" or "28 Nov". */
    shortDay: (day: string) => formatDate(`${day}T12:00:00Z`, locale, "medium").replace(/[\s,.]*\d{4}$/, ""),
    day: (day: string) => formatDate(`${day}T12:00:00Z`, locale, "medium"),
  };
}

/** An age bucket's name: "under 1 day", "1–2 days", "7 days and more". */
export function useAgeLabel() {
  const { t } = useTranslation();
  return (bucket: { fromDays: number; toDays: number | null }) =>
    bucket.toDays === null
      ? t("ops.dashboard.age.from", { count: bucket.fromDays })
      : bucket.fromDays === 0
        ? t("ops.dashboard.age.under", { count: bucket.toDays })
        : t("ops.dashboard.age.range", { from: bucket.fromDays, last: bucket.toDays - 1 });
}

/** One part of the dashboard: a titled card, with a link to the section where its work is done. */
export function FigureCard({ part, title, link, wide, children }: { part: string; title: string; link?: { to: string; label: string } | undefined; wide?: boolean; children: ReactNode }) {
  const headingId = `dashboard-${part}`;
  return (
    <section aria-labelledby={headingId} className={`min-w-0 rounded-xl border border-line bg-white p-3 ${wide ? "lg:col-span-2" : ""}`} data-testid={`dashboard-${part}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-bold">
          {title}
        </h3>
        {link && (
          <Link to={link.to} className="text-sm font-semibold text-blue-accent underline">
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** A part's figures as a table: a row per queue or grade, its header cell first. */
export function FigureTable({ id, caption, columns, rows, testId }: { id: string; caption: string; columns: string[]; rows: { header: ReactNode; cells: ReactNode[]; total?: boolean }[]; testId: string }) {
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="relative mt-2 overflow-x-auto">
      <table className="w-full text-sm tabular-nums" data-testid={testId}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-line">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={`px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted ${i === 0 ? "text-left" : "text-right"}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&>tr]:border-b [&>tr]:border-line [&>tr:last-child]:border-0">
          {rows.map((row, i) => (
            <tr key={i} className={row.total ? "font-semibold" : undefined}>
              <th scope="row" className="px-2 py-1.5 text-left font-semibold">
                {row.header}
              </th>
              {row.cells.map((cell, j) => (
                <td key={j} className="px-2 py-1.5 text-right">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A big figure with its name under it. */
export function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: ReactNode; testId: string }) {
  return (
    <div className="min-w-[8rem]">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="text-xl font-extrabold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="mt-2 rounded-lg border border-dashed border-line p-3 text-sm text-muted">{children}</p>;
}

function ChartSkeleton({ height }: { height: number }) {
  return <div className="animate-pulse rounded-lg bg-canvas" style={{ height }} data-testid="dashboard-chart-skeleton" />;
}

/** A chart that failed to load (a chunk gone after a deploy) says so; its table still holds every figure. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A chart's place beside its table: the table describes it (aria-describedby), and until the chart
 * can be drawn a skeleton of its size holds the room, so nothing jumps when it arrives.
 */
export function ChartFigure({ label, tableId, height, children }: { label: string; tableId: string; height: number; children: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const captionId = useId();
  const skeleton = <ChartSkeleton height={height} />;
  return (
    <figure className="mt-3" aria-labelledby={captionId} aria-describedby={tableId} data-testid="dashboard-chart">
      <figcaption id={captionId} className="sr-only">
        {label}
      </figcaption>
      {hydrated ? (
        <ChartBoundary fallback={<p className="rounded-lg bg-canvas p-3 text-sm text-muted">{t("ops.dashboard.chartFailed")}</p>}>
          <Suspense fallback={skeleton}>{children}</Suspense>
        </ChartBoundary>
      ) : (
        skeleton
      )}
    </figure>
  );
}

/** The period of the daily figures: two links, the current one marked, so it works without JavaScript. */
export function PeriodSwitch({ current }: { current: DashboardPeriod }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("ops.dashboard.period.label")} className="flex items-center gap-1 text-sm">
      <span className="mr-1 font-semibold text-muted">{t("ops.dashboard.period.label")}</span>
      {DASHBOARD_PERIODS.map((days) => (
        <Link
          key={days}
          to={`?days=${days}`}
          preventScrollReset
          aria-current={days === current ? "page" : undefined}
          className={`rounded-lg border px-3 py-1 font-semibold ${days === current ? "border-blue-accent bg-blue-accent text-white" : "border-line bg-white hover:border-blue-accent"}`}
          data-testid={`dashboard-period-${days}`}
        >
          {t("ops.dashboard.period.days", { count: days })}
        </Link>
      ))}
    </nav>
  );
}
