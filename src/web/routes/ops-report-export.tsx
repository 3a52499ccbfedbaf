import type { ReactNode } from "react";
import { data, Link, useNavigation } from "react-router";
import type { OrderReport, PayoutReport, RefundReport, ReportError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { isApiError } from "../api-client/client.ts";
import { periodCsvUrl, reportsApi, type PeriodReportName, type PeriodReports } from "../api-client/reports.ts";
import { Pagination } from "../components/pagination.tsx";
import { TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { OrderStatusBadge } from "../features/ops/order-ui.tsx";
import { isPeriodReport, periodFilterOf, periodQueryOf, periodRefusals, periodReportPath, refusalsOf } from "../features/ops/report-form.ts";
import { MoneyCell, PeriodTotals, ReportEmpty, ReportForm, ReportsHeader } from "../features/ops/report-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-report-export";

await loadPageMessages();

const FIELDS = ["from", "to"] as const;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const name = params.report;
  if (!isPeriodReport(name)) throw data(null, { status: 404 });
  const filter = periodFilterOf(url.searchParams, new Date());
  // Days that are none, an end before the start, a period too long: said at the fields in the page's language.
  const refusals = periodRefusals(filter);
  if (refusals) return data({ name, filter, report: null, refused: refusals }, { status: 400 });
  try {
    const report: PeriodReports[PeriodReportName] = await reportsApi(storefront(context).api).period(name, periodQueryOf(filter));
    return { name, filter, report, refused: refusalsOf([], FIELDS) };
  } catch (error) {
    // A period the API does not take: said at its fields, what was typed kept.
    if (isApiError<ReportError>(error, 400)) return data({ name, filter, report: null, refused: refusalsOf(error.errors, FIELDS) }, { status: 400 });
    staffPageOn(error, url);
  }
}

/** Finance: the orders, payouts or refunds of a period with their totals, a page at a time, and as a CSV file. */
export default function OpsReportExport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { name, filter, report, refused } = loaderData;
  const path = periodReportPath(name);
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  return (
    <>
      <ReportsHeader current={name} />
      <p className="mt-3 text-sm text-muted">{t(`ops.reports.period.${name}.intro`)}</p>
      <ReportForm
        action={path}
        fields={[
          { name: "from", label: t("ops.reports.period.from"), type: "date", value: filter.from, refusal: refused.fields.from },
          { name: "to", label: t("ops.reports.period.to"), type: "date", value: filter.to, refusal: refused.fields.to, hint: t("ops.reports.period.hint") },
        ]}
        refusedOther={refused.other}
        loading={loading}
        csvHref={report ? periodCsvUrl(name, filter) : null}
      />
      {report && (
        <div className={`transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          {name === "orders" && <OrdersReport report={report as OrderReport} />}
          {name === "payouts" && <PayoutsReport report={report as PayoutReport} />}
          {name === "refunds" && <RefundsReport report={report as RefundReport} />}
          <Pagination page={report.page} totalPages={report.totalPages} />
        </div>
      )}
    </>
  );
}

/** A period export's rows as a table, or its empty state. */
function Rows({ name, total, columns, rows, minWidth }: { name: PeriodReportName; total: number; columns: ReactNode[]; rows: ReactNode[]; minWidth: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <ReportEmpty kind="period" />;
  return (
    <div className="mt-4">
      <TableCard id="report-rows" heading={`${t(`ops.reports.period.${name}.heading`)} · ${t("ops.reports.rows", { count: total })}`} columns={columns} rows={rows} minWidth={minWidth} testId="report-rows" />
    </div>
  );
}

const right = (text: string) => <span className="block text-right">{text}</span>;
const When = ({ at }: { at: string | null }) => {
  const { i18n } = useTranslation();
  return at ? <time dateTime={at}>{formatDate(at, i18n.language, "medium-time")}</time> : <span className="text-muted">–</span>;
};

function OrdersReport({ report }: { report: OrderReport }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`ops.reports.period.orders.columns.${key}`);
  return (
    <>
      <PeriodTotals name="orders" totals={report.totals} />
      <Rows
        name="orders"
        total={report.total}
        columns={[c("number"), c("placedAt"), c("status"), c("customer"), c("payment"), right(c("items")), right(c("total")), right(c("refunded"))]}
        rows={report.rows.map((row) => (
          <tr key={row.uuid}>
            <td className={`${tableCell} whitespace-nowrap`}>
              <Link to={`/ops/orders/${row.uuid}`} className="font-semibold text-blue-accent underline">
                {row.number}
              </Link>
            </td>
            <td className={`${tableCell} whitespace-nowrap`}>
              <When at={row.placedAt} />
            </td>
            <td className={tableCell}>
              <OrderStatusBadge status={row.status} />
            </td>
            <td className={`${tableCell} [overflow-wrap:anywhere]`}>
              {row.billingName}
              <span className="block text-xs text-muted">{row.email}</span>
            </td>
            <td className={tableCell}>{t(`ops.orders.paymentMethods.${row.paymentMethod}`)}</td>
            <td className={`${tableCell} text-right tabular-nums`}>{row.itemCount}</td>
            <MoneyCell money={row.total} />
            <MoneyCell money={row.refundedTotal.amount > 0 ? row.refundedTotal : null} />
          </tr>
        ))}
        minWidth="min-w-[56rem]"
      />
    </>
  );
}

function PayoutsReport({ report }: { report: PayoutReport }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`ops.reports.period.payouts.columns.${key}`);
  return (
    <>
      <PeriodTotals name="payouts" totals={report.totals} />
      <Rows
        name="payouts"
        total={report.total}
        columns={[c("sale"), c("createdAt"), c("seller"), c("method"), c("account"), right(c("amount")), c("status"), c("sentAt")]}
        rows={report.rows.map((row) => (
          <tr key={row.saleUuid}>
            <td className={`${tableCell} whitespace-nowrap`}>
              <Link to={`/ops/sales/${row.saleNumber}`} className="font-semibold text-blue-accent underline">
                {row.saleNumber}
              </Link>
            </td>
            <td className={`${tableCell} whitespace-nowrap`}>
              <When at={row.createdAt} />
            </td>
            <td className={`${tableCell} [overflow-wrap:anywhere]`}>{row.sellerEmail}</td>
            <td className={tableCell}>{t(`ops.payouts.methods.${row.method}`)}</td>
            <td className={`${tableCell} [overflow-wrap:anywhere]`}>
              {row.accountHolder && <span className="block">{row.accountHolder}</span>}
              <span className="font-mono text-xs">{row.account}</span>
            </td>
            <MoneyCell money={row.amount} />
            <td className={tableCell}>{t(`ops.reports.period.payouts.statuses.${row.status}`)}</td>
            <td className={`${tableCell} whitespace-nowrap`}>
              <When at={row.sentAt} />
            </td>
          </tr>
        ))}
        minWidth="min-w-[60rem]"
      />
    </>
  );
}

function RefundsReport({ report }: { report: RefundReport }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`ops.reports.period.refunds.columns.${key}`);
  return (
    <>
      <PeriodTotals name="refunds" totals={report.totals} />
      <Rows
        name="refunds"
        total={report.total}
        columns={[c("createdAt"), c("order"), right(c("amount")), c("reason"), c("provider"), c("status"), c("by")]}
        rows={report.rows.map((row) => (
          <tr key={row.uuid}>
            <td className={`${tableCell} whitespace-nowrap`}>
              <When at={row.createdAt} />
            </td>
            <td className={`${tableCell} whitespace-nowrap`}>
              <Link to={`/ops/orders/${row.orderUuid}`} className="font-semibold text-blue-accent underline">
                {row.orderNumber}
              </Link>
            </td>
            <MoneyCell money={row.amount} />
            <td className={`${tableCell} max-w-xs whitespace-pre-line [overflow-wrap:anywhere]`}>{row.reason}</td>
            <td className={tableCell}>{t(`ops.orders.paymentMethods.${row.provider}`)}</td>
            <td className={tableCell}>{t(`ops.reports.period.refunds.statuses.${row.status}`)}</td>
            <td className={`${tableCell} [overflow-wrap:anywhere]`}>{row.createdBy ?? t("ops.reports.period.refunds.byCustomer")}</td>
          </tr>
        ))}
        minWidth="min-w-[56rem]"
      />
    </>
  );
}
