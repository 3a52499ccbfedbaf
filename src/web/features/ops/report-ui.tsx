import { Form, Link } from "react-router";
import type { MarginReport } from "../../../api/contract.ts";
import { formatMoney } from "../../../domain/money.ts";
import { PERIOD_REPORTS } from "../../api-client/reports.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { opsButton, OpsPageTitle } from "./ops-ui.tsx";
import { periodReportPath, REPORTS_PATH, type FieldRefusal } from "./report-form.ts";

const tab = "block rounded-lg border border-line bg-white px-3 py-1.5 font-semibold aria-[current=page]:border-blue-accent aria-[current=page]:bg-blue-accent aria-[current=page]:text-white";

/** The reports' page title and the tabs between the margin report and the period exports. */
export function ReportsHeader({ current }: { current: "margin" | (typeof PERIOD_REPORTS)[number] }) {
  const { t } = useTranslation();
  const tabs = [{ id: "margin", path: REPORTS_PATH }, ...PERIOD_REPORTS.map((id) => ({ id, path: periodReportPath(id) }))] as const;
  return (
    <>
      <OpsPageTitle title={`${t(`ops.reports.tabs.${current}`)} – ${t("ops.reports.title")}`} intro={t("ops.reports.intro")} />
      <nav aria-label={t("ops.reports.tabs.label")} className="mt-4">
        <ul className="flex flex-wrap gap-1 text-sm">
          {tabs.map(({ id, path }) => (
            <li key={id}>
              <Link to={path} aria-current={id === current ? "page" : undefined} className={tab}>
                {t(`ops.reports.tabs.${id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Tabs inside a report (the margin report's VAT schemes). */
export function SubTabs({ label, tabs }: { label: string; tabs: { id: string; text: string; to: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-1 text-sm">
        {tabs.map((item) => (
          <li key={item.id}>
            <Link to={item.to} aria-current={item.current ? "page" : undefined} className={tab} data-testid={`tab-${item.id}`}>
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The form that chooses what a report covers (a GET form: the choice is in the address), with the
 * API's refusals under their fields and what was typed kept; and the file's download beside it.
 */
export function ReportForm({
  action,
  fields,
  refusedOther,
  loading,
  csvHref,
}: {
  action: string;
  fields: { name: string; label: string; type: "month" | "date"; value: string; refusal?: FieldRefusal | undefined; hint?: string }[];
  refusedOther: string[];
  loading: boolean;
  csvHref: string | null;
}) {
  const { t } = useTranslation();
  const refused = fields.some((f) => f.refusal) || refusedOther.length > 0;
  const errorOf = (refusal: FieldRefusal | undefined) => refusal && ("problem" in refusal ? t(`ops.reports.problems.${refusal.problem}`) : refusal.message);
  return (
    <div className="mt-4 flex flex-wrap items-end justify-between gap-3 rounded-xl border border-line bg-white p-3">
      <Form method="get" action={action} className="flex flex-wrap items-start gap-3" aria-busy={loading}>
        {fields.map((field) => (
          <TextField
            key={field.name}
            className="w-48"
            label={field.label}
            name={field.name}
            type={field.type}
            defaultValue={field.value}
            error={errorOf(field.refusal)}
            hint={field.hint}
            min={field.type === "month" ? "2000-01" : "2000-01-01"}
            required
          />
        ))}
        <button type="submit" disabled={loading} className={`${opsButton.primary} mt-6`}>
          {loading ? t("ops.reports.loading") : t("ops.reports.show")}
        </button>
        {refused && (
          <p role="alert" className="basis-full rounded-lg bg-red-50 p-2 text-sm text-red-800">
            {[t("ops.reports.refused"), ...refusedOther].join(" ")}
          </p>
        )}
      </Form>
      {csvHref && (
        <div className="max-w-sm">
          <a href={csvHref} download className={`${opsButton.secondary} inline-flex items-center`} data-testid="report-csv">
            {t("ops.reports.csv")}
          </a>
          <p className="mt-1 text-xs text-muted">{t("ops.reports.csvHint")}</p>
        </div>
      )}
    </div>
  );
}

/** An amount in a table's cell, right-aligned; a dash when unknown. */
export function MoneyCell({ money, strong = false }: { money: { amount: number } | null; strong?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <td className={`px-3 py-2 text-right align-top tabular-nums whitespace-nowrap ${strong ? "font-bold" : ""} ${money && money.amount < 0 ? "text-red-800" : ""}`}>
      {money ? formatMoney(money.amount, i18n.language) : <span className="text-muted">–</span>}
    </td>
  );
}

type SchemeTotals = MarginReport["totals"]["margin"];

/** A VAT scheme's month: its sales, its refunds and the two together, with count, prices, margin and VAT. */
export function MarginTotals({ id, heading, totals }: { id: string; heading: string; totals: SchemeTotals }) {
  const { t } = useTranslation();
  const head = "px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted";
  return (
    // Not a landmark of its own: the table's scrolling region already carries the heading's name.
    <div className="rounded-xl border border-line bg-white">
      <h3 id={id} className="px-3 pt-3 font-bold">
        {heading}
      </h3>
      <div role="region" aria-labelledby={id} tabIndex={0} className="relative overflow-x-auto">
        <table className="mt-2 w-full min-w-[36rem] text-sm" data-testid={`totals-${id}`}>
          <thead className="border-b border-line">
            <tr>
              <th scope="col" className={`${head} text-left`}>
                {t("ops.reports.margin.columns.line")}
              </th>
              {[t("ops.reports.count"), ...(["salePrice", "purchasePrice", "margin", "vat"] as const).map((c) => t(`ops.reports.margin.columns.${c}`))].map((text) => (
                <th key={text} scope="col" className={`${head} text-right`}>
                  {text}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="[&>tr]:border-b [&>tr]:border-line [&>tr:last-child]:border-0">
            {(["sales", "refunds", "net"] as const).map((line) => {
              const sums = totals[line];
              const strong = line === "net";
              return (
                <tr key={line} data-testid={`totals-${id}-${line}`}>
                  <th scope="row" className={`px-3 py-2 text-left ${strong ? "font-bold" : "font-semibold"}`}>
                    {t(`ops.reports.margin.lines.${line}`)}
                  </th>
                  <td className={`px-3 py-2 text-right tabular-nums ${strong ? "font-bold" : ""}`}>{line === "net" ? "" : sums.count}</td>
                  <MoneyCell money={sums.salePrice} strong={strong} />
                  <MoneyCell money={line === "refunds" ? null : sums.purchasePrice} strong={strong} />
                  <MoneyCell money={sums.margin} strong={strong} />
                  <MoneyCell money={sums.vat} strong={strong} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A period export's totals as a row of labelled figures: counts as they are, amounts as money (labels: ops.reports.period.{name}.totals). */
export function PeriodTotals({ name, totals }: { name: (typeof PERIOD_REPORTS)[number]; totals: Record<string, number | { amount: number }> }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="report-totals" className="mt-4 rounded-xl border border-line bg-white p-3">
      <h2 id="report-totals" className="font-bold">
        {t("ops.reports.period.totals")}
      </h2>
      <dl className="mt-2 flex flex-wrap gap-x-8 gap-y-2" data-testid="report-totals">
        {Object.entries(totals).map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t(`ops.reports.period.${name}.totals.${key}`)}</dt>
            <dd className="text-lg font-bold tabular-nums">{typeof value === "number" ? value : formatMoney(value.amount, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** What a report says when it has no rows. */
export function ReportEmpty({ kind }: { kind: "margin" | "period" }) {
  const { t } = useTranslation();
  return <EmptyState title={t(`ops.reports.${kind}.empty.title`)} text={t(`ops.reports.${kind}.empty.text`)} />;
}
