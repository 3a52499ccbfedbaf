import type { OpsDashboard } from "../../../api/contract.ts";
import { formatDate } from "../../../domain/dates.ts";
import { formatMoney } from "../../../domain/money.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import {
  AGE_COLOURS,
  ChartFigure,
  DailyChart,
  EmptyNote,
  Figure,
  FigureCard,
  FigureTable,
  MONEY_COLOURS,
  StackedBars,
  URGENCY_COLOURS,
  useAgeLabel,
  useFigureFormat,
} from "./dashboard-ui.tsx";

/*
 * The dashboard's parts, each as numbers (a table or figures) and, where a picture helps, a chart of
 * the same numbers. The page shows the parts the API sent: those the member's roles open.
 */

type Part<K extends keyof OpsDashboard> = NonNullable<OpsDashboard[K]>;
type AgeBuckets = Part<"intake">["awaitingParcel"];
const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

export function FulfilmentPart({ figures }: { figures: Part<"fulfilment"> }) {
  const { t } = useTranslation();
  const { count } = useFigureFormat();
  const queues = [
    { key: "toPick", label: t("ops.dashboard.fulfilment.toPick"), ...figures.toPick },
    { key: "toShip", label: t("ops.dashboard.fulfilment.toShip"), ...figures.toShip },
  ];
  const urgencies = (["late", "atRisk", "onTime"] as const).map((key) => ({ key, label: t(`ops.dashboard.fulfilment.${key}`), color: URGENCY_COLOURS[key] }));
  const waiting = sum(queues.map((q) => q.late + q.atRisk + q.onTime));
  return (
    <FigureCard part="fulfilment" title={t("ops.dashboard.fulfilment.title")} link={{ to: "/ops/orders", label: t("ops.dashboard.fulfilment.link") }}>
      {waiting === 0 ? (
        <EmptyNote>{t("ops.dashboard.fulfilment.empty")}</EmptyNote>
      ) : (
        <>
          <FigureTable
            id="dashboard-fulfilment-table"
            caption={t("ops.dashboard.fulfilment.caption")}
            columns={[t("ops.dashboard.fulfilment.queue"), ...urgencies.map((u) => u.label), t("ops.dashboard.total")]}
            rows={queues.map((q) => ({ header: q.label, cells: [q.late, q.atRisk, q.onTime, q.late + q.atRisk + q.onTime].map((n, i) => (i === 0 && n > 0 ? <strong className="text-red-700">{count(n)}</strong> : count(n))) }))}
            testId="dashboard-fulfilment-table"
          />
          <ChartFigure label={t("ops.dashboard.fulfilment.chart")} tableId="dashboard-fulfilment-table" height={150}>
            <StackedBars rows={queues} series={urgencies} formatValue={count} title={t("ops.dashboard.fulfilment.chart")} desc={t("ops.dashboard.chartDesc")} height={150} />
          </ChartFigure>
        </>
      )}
    </FigureCard>
  );
}

/** Rows of age buckets as a table and a stacked chart: the trade-in queues, the grades in stock. */
function AgeTable({ part, caption, rowHeader, rows, extraColumns = [], emptyText, chartLabel }: { part: string; caption: string; rowHeader: string; rows: { label: string; ages: AgeBuckets; extra?: string[]; total?: boolean }[]; extraColumns?: string[]; emptyText: string; chartLabel: string }) {
  const { t } = useTranslation();
  const { count } = useFigureFormat();
  const ageLabel = useAgeLabel();
  const buckets = rows[0]?.ages ?? [];
  const series = buckets.map((bucket, i) => ({ key: `age${i}`, label: ageLabel(bucket), color: AGE_COLOURS[i % AGE_COLOURS.length]! }));
  const chartRows = rows.filter((r) => !r.total).map((r) => ({ label: r.label, ...Object.fromEntries(r.ages.map((b, i) => [`age${i}`, b.count])) }));
  const tableId = `dashboard-${part}-table`;
  const empty = rows.every((r) => r.total || sum(r.ages.map((b) => b.count)) === 0);
  if (empty) return <EmptyNote>{emptyText}</EmptyNote>;
  // Bars of 34 px each, with room for the axis and the legend.
  const height = 70 + chartRows.length * 34;
  return (
    <>
      <FigureTable
        id={tableId}
        caption={caption}
        columns={[rowHeader, ...series.map((s) => s.label), t("ops.dashboard.total"), ...extraColumns]}
        rows={rows.map((r) => ({ header: r.label, total: r.total, cells: [...r.ages.map((b) => count(b.count)), count(sum(r.ages.map((b) => b.count))), ...(r.extra ?? [])] }))}
        testId={tableId}
      />
      <ChartFigure label={chartLabel} tableId={tableId} height={height}>
        <StackedBars rows={chartRows} series={series} formatValue={count} title={chartLabel} desc={t("ops.dashboard.chartDesc")} height={height} />
      </ChartFigure>
    </>
  );
}

export function IntakePart({ figures }: { figures: Part<"intake"> }) {
  const { t } = useTranslation();
  const queues = (["awaitingParcel", "awaitingInspection", "inInspection"] as const).map((key) => ({ label: t(`ops.dashboard.intake.${key}`), ages: figures[key] }));
  return (
    <FigureCard part="intake" title={t("ops.dashboard.intake.title")} link={{ to: "/ops/receiving", label: t("ops.dashboard.intake.link") }}>
      <AgeTable part="intake" caption={t("ops.dashboard.intake.caption")} rowHeader={t("ops.dashboard.intake.queue")} rows={queues} emptyText={t("ops.dashboard.intake.empty")} chartLabel={t("ops.dashboard.intake.chart")} />
    </FigureCard>
  );
}

export function StockPart({ figures }: { figures: Part<"stock"> }) {
  const { t, i18n } = useTranslation();
  const grades = figures.grades.filter((g) => g.count > 0);
  const totals = figures.grades[0]?.ages.map((bucket, i) => ({ ...bucket, count: sum(figures.grades.map((g) => g.ages[i]?.count ?? 0)) })) ?? [];
  const rows = [
    ...grades.map((g) => ({ label: g.grade, ages: g.ages, extra: [formatMoney(g.purchaseValue.amount, i18n.language)] })),
    { label: t("ops.dashboard.total"), ages: totals, extra: [formatMoney(figures.purchaseValue.amount, i18n.language)], total: true },
  ];
  return (
    <FigureCard part="stock" title={t("ops.dashboard.stock.title")} link={{ to: "/ops/units?status=in_stock", label: t("ops.dashboard.stock.link") }} wide>
      <AgeTable
        part="stock"
        caption={t("ops.dashboard.stock.caption")}
        rowHeader={t("ops.dashboard.stock.grade")}
        rows={rows}
        extraColumns={[t("ops.dashboard.stock.value")]}
        emptyText={t("ops.dashboard.stock.empty")}
        chartLabel={t("ops.dashboard.stock.chart")}
      />
    </FigureCard>
  );
}

export function PayoutsPart({ figures }: { figures: Part<"payouts"> }) {
  const { t, i18n } = useTranslation();
  const { count } = useFigureFormat();
  const money = (amount: { amount: number }) => formatMoney(amount.amount, i18n.language);
  const nothing = figures.due.count + figures.inBatches.count + figures.refundTransfersDue.count === 0;
  return (
    <FigureCard part="payouts" title={t("ops.dashboard.payouts.title")} link={{ to: "/ops/payouts", label: t("ops.dashboard.payouts.link") }}>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-3">
        <Figure
          label={t("ops.dashboard.payouts.due")}
          value={money(figures.due.amount)}
          detail={
            <>
              <span data-testid="dashboard-payouts-due-count">{t("ops.dashboard.payouts.count", { count: figures.due.count, shown: count(figures.due.count) })}</span>
              {figures.oldestDueAt && ` · ${t("ops.dashboard.payouts.oldest", { date: formatDate(figures.oldestDueAt, i18n.language, "medium") })}`}
            </>
          }
          testId="dashboard-payouts-due"
        />
        <Figure label={t("ops.dashboard.payouts.inBatches")} value={money(figures.inBatches.amount)} detail={t("ops.dashboard.payouts.count", { count: figures.inBatches.count, shown: count(figures.inBatches.count) })} testId="dashboard-payouts-batched" />
        <Figure label={t("ops.dashboard.payouts.refunds")} value={money(figures.refundTransfersDue.amount)} detail={t("ops.dashboard.payouts.count", { count: figures.refundTransfersDue.count, shown: count(figures.refundTransfersDue.count) })} testId="dashboard-payouts-refunds" />
      </dl>
      {nothing && <EmptyNote>{t("ops.dashboard.payouts.empty")}</EmptyNote>}
    </FigureCard>
  );
}

export function ReturnsPart({ figures }: { figures: Part<"returns"> }) {
  const { t } = useTranslation();
  const { count } = useFigureFormat();
  const nothing = figures.requested + figures.received + figures.claimsOpen + figures.claimsInRepair === 0;
  return (
    <FigureCard part="returns" title={t("ops.dashboard.returns.title")} link={{ to: "/ops/returns", label: t("ops.dashboard.returns.link") }}>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        <Figure label={t("ops.dashboard.returns.requested")} value={count(figures.requested)} detail={t("ops.dashboard.returns.overdue", { count: figures.overdue, shown: count(figures.overdue) })} testId="dashboard-returns-requested" />
        <Figure label={t("ops.dashboard.returns.received")} value={count(figures.received)} testId="dashboard-returns-received" />
        <Figure label={t("ops.dashboard.returns.claimsOpen")} value={count(figures.claimsOpen)} testId="dashboard-claims-open" />
        <Figure label={t("ops.dashboard.returns.claimsInRepair")} value={count(figures.claimsInRepair)} testId="dashboard-claims-in-repair" />
      </dl>
      {nothing && <EmptyNote>{t("ops.dashboard.returns.empty")}</EmptyNote>}
    </FigureCard>
  );
}

export function SalesPart({ figures, days }: { figures: Part<"sales">; days: number }) {
  const { t, i18n } = useTranslation();
  const { count, shortDay, day } = useFigureFormat();
  const euros = (cents: number) => formatMoney(cents, i18n.language);
  const perDay = figures.perDay.map((d) => ({ day: d.day, revenue: d.revenue.amount, margin: d.margin.amount, unitsSold: d.unitsSold }));
  const money = [
    { key: "revenue", label: t("ops.dashboard.sales.revenue"), color: MONEY_COLOURS.revenue },
    { key: "margin", label: t("ops.dashboard.sales.margin"), color: MONEY_COLOURS.margin },
  ];
  const units = [{ key: "unitsSold", label: t("ops.dashboard.sales.unitsSold"), color: AGE_COLOURS[1] }];
  return (
    <FigureCard part="sales" title={t("ops.dashboard.sales.title", { count: days })} wide>
      <dl className="mt-2 flex flex-wrap gap-x-8 gap-y-3">
        <Figure label={t("ops.dashboard.sales.revenue")} value={euros(figures.totals.revenue.amount)} testId="dashboard-sales-revenue" />
        <Figure label={t("ops.dashboard.sales.margin")} value={euros(figures.totals.margin.amount)} testId="dashboard-sales-margin" />
        <Figure label={t("ops.dashboard.sales.unitsSold")} value={count(figures.totals.unitsSold)} testId="dashboard-sales-units" />
      </dl>
      <p className="mt-1 text-xs text-muted">{t("ops.dashboard.sales.note")}</p>
      {figures.totals.unitsSold === 0 ? (
        <EmptyNote>{t("ops.dashboard.sales.empty", { count: days })}</EmptyNote>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          <ChartFigure label={t("ops.dashboard.sales.moneyChart")} tableId="dashboard-sales-table" height={220}>
            <DailyChart days={perDay} series={money} kind="lines" formatDay={shortDay} formatValue={euros} title={t("ops.dashboard.sales.moneyChart")} desc={t("ops.dashboard.chartDesc")} />
          </ChartFigure>
          <ChartFigure label={t("ops.dashboard.sales.unitsChart")} tableId="dashboard-sales-table" height={220}>
            <DailyChart days={perDay} series={units} kind="bars" formatDay={shortDay} formatValue={count} title={t("ops.dashboard.sales.unitsChart")} desc={t("ops.dashboard.chartDesc")} />
          </ChartFigure>
        </div>
      )}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-blue-accent">{t("ops.dashboard.sales.table")}</summary>
        <FigureTable
          id="dashboard-sales-table"
          caption={t("ops.dashboard.sales.table")}
          columns={[t("ops.dashboard.sales.day"), t("ops.dashboard.sales.revenue"), t("ops.dashboard.sales.margin"), t("ops.dashboard.sales.unitsSold")]}
          rows={[...perDay].reverse().map((d) => ({ header: day(d.day), cells: [euros(d.revenue), euros(d.margin), count(d.unitsSold)] }))}
          testId="dashboard-sales-table"
        />
      </details>
    </FigureCard>
  );
}

export function TradeInPart({ figures, days }: { figures: Part<"tradeIn">; days: number }) {
  const { t } = useTranslation();
  const { count, share } = useFigureFormat();
  const answers = figures.counterofferAnswers;
  return (
    <FigureCard part="tradeIn" title={t("ops.dashboard.tradeIn.title", { count: days })} link={{ to: "/ops/inspection", label: t("ops.dashboard.tradeIn.link") }}>
      {figures.inspected === 0 ? (
        <EmptyNote>{t("ops.dashboard.tradeIn.empty", { count: days })}</EmptyNote>
      ) : (
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-3">
          <Figure
            label={t("ops.dashboard.tradeIn.acceptanceRate")}
            value={share(figures.acceptanceRate)}
            detail={
              <>
                <span data-testid="dashboard-tradein-accepted">{count(figures.accepted)}</span> {t("ops.dashboard.tradeIn.of")} <span data-testid="dashboard-tradein-inspected">{count(figures.inspected)}</span> {t("ops.dashboard.tradeIn.inspected")}
              </>
            }
            testId="dashboard-acceptance-rate"
          />
          <Figure label={t("ops.dashboard.tradeIn.counterofferRate")} value={share(figures.counterofferRate)} detail={`${count(figures.counteroffers)} ${t("ops.dashboard.tradeIn.of")} ${count(figures.inspected)} ${t("ops.dashboard.tradeIn.inspected")}`} testId="dashboard-counteroffer-rate" />
          <Figure label={t("ops.dashboard.tradeIn.refused")} value={count(figures.refused)} testId="dashboard-refused" />
        </dl>
      )}
      <p className="mt-2 text-sm text-muted" data-testid="dashboard-counteroffer-answers">
        {t("ops.dashboard.tradeIn.answers", { accepted: count(answers.accepted), expired: count(answers.expired), declined: count(answers.declined) })}
      </p>
    </FigureCard>
  );
}
