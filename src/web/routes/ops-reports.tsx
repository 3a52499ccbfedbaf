import { data, Link, useNavigation } from "react-router";
import type { ReportError } from "../../api/contract.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { marginCsvUrl, reportsApi } from "../api-client/reports.ts";
import { Pagination } from "../components/pagination.tsx";
import { TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { MARGIN_SCHEMES, marginFilterOf, marginPath, marginQueryOf, marginRefusals, refusalsOf, REPORTS_PATH } from "../features/ops/report-form.ts";
import { MarginTotals, MoneyCell, ReportEmpty, ReportForm, ReportsHeader, SubTabs } from "../features/ops/report-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-reports";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const filter = marginFilterOf(url.searchParams, new Date());
  // A month that is none is said at its field in the page's language; the API would refuse it too.
  const refusals = marginRefusals(filter);
  if (refusals) return data({ filter, report: null, refused: refusals }, { status: 400 });
  try {
    return { filter, report: await reportsApi(storefront(context).api).margin(marginQueryOf(filter)), refused: refusalsOf([], ["month"] as const) };
  } catch (error) {
    // A month the API does not take: said at its field, what was typed kept.
    if (isApiError<ReportError>(error, 400)) return data({ filter, report: null, refused: refusalsOf(error.errors, ["month"] as const) }, { status: 400 });
    staffPageOn(error, url);
  }
}

/** Finance: the month's margin-scheme report (§ 25a UStG) with its totals per VAT scheme, its rows a page at a time, and its CSV file. */
export default function OpsReports({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { filter, report, refused } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === REPORTS_PATH;
  const columns = [
    t("ops.reports.margin.columns.date"),
    t("ops.reports.margin.columns.kind"),
    t("ops.reports.margin.columns.order"),
    t("ops.reports.margin.columns.product"),
    t("ops.reports.margin.columns.grade"),
    t("ops.reports.margin.columns.unit"),
    ...(["salePrice", "purchasePrice", "margin", "vat"] as const).map((c) => <span className="block text-right">{t(`ops.reports.margin.columns.${c}`)}</span>),
  ];
  const withoutItems = report?.totals.refundsWithoutItems;
  return (
    <>
      <ReportsHeader current="margin" />
      <ReportForm
        action={REPORTS_PATH}
        fields={[{ name: "month", label: t("ops.reports.margin.month"), type: "month", value: filter.month, refusal: refused.fields.month, hint: t("ops.reports.margin.monthHint") }]}
        refusedOther={refused.other}
        loading={loading}
        csvHref={report ? marginCsvUrl(report.month) : null}
      />
      {report && (
        <div className={`transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          <section aria-labelledby="margin-totals" className="mt-4">
            <h2 id="margin-totals" className="text-lg font-bold">
              {t("ops.reports.margin.heading")} · {report.month}
            </h2>
            <div className="mt-2 grid gap-3">
              <MarginTotals id="scheme-margin" heading={t("ops.reports.margin.schemes.margin")} totals={report.totals.margin} />
              <MarginTotals id="scheme-standard" heading={t("ops.reports.margin.schemes.standard")} totals={report.totals.standard} />
            </div>
            <p className="mt-2 text-xs text-muted">{t("ops.reports.margin.vatNote")}</p>
            {withoutItems && withoutItems.count > 0 && (
              <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm" data-testid="refunds-without-items">
                {t("ops.reports.margin.withoutItems", { count: withoutItems.count, amount: formatMoney(withoutItems.amount.amount, i18n.language) })}
              </p>
            )}
          </section>
          <SubTabs
            label={t("ops.reports.margin.schemes.label")}
            tabs={MARGIN_SCHEMES.map((scheme) => ({ id: scheme, text: t(`ops.reports.margin.schemes.${scheme}`), to: marginPath({ month: report.month, scheme }), current: scheme === report.scheme }))}
          />
          {report.rows.length === 0 ? (
            <ReportEmpty kind="margin" />
          ) : (
            <div className="mt-3">
              <TableCard
                id="margin-rows"
                heading={`${t(`ops.reports.margin.schemes.${report.scheme}`)} · ${t("ops.reports.rows", { count: report.total })}`}
                columns={columns}
                rows={report.rows.map((row, i) => (
                  <tr key={`${row.refundUuid ?? row.orderUuid}-${i}`} data-testid="margin-row">
                    <td className={`${tableCell} whitespace-nowrap tabular-nums`}>{row.date}</td>
                    <td className={tableCell}>{t(`ops.reports.margin.kinds.${row.kind}`)}</td>
                    <td className={`${tableCell} whitespace-nowrap`}>
                      <Link to={`/ops/orders/${row.orderUuid}`} className="font-semibold text-blue-accent underline">
                        {row.orderNumber}
                      </Link>
                    </td>
                    <td className={`${tableCell} min-w-[12rem]`}>{row.product}</td>
                    <td className={tableCell}>{row.grade}</td>
                    <td className={`${tableCell} font-mono`}>
                      {row.unit ? (
                        <Link to={`/ops/units/${row.unit}`} className="text-blue-accent underline">
                          {row.unit}
                        </Link>
                      ) : (
                        <span className="text-muted">–</span>
                      )}
                      {row.identifier && <span className="block text-xs text-muted">{row.identifier}</span>}
                    </td>
                    <MoneyCell money={row.salePrice} />
                    <MoneyCell money={row.purchasePrice} />
                    <MoneyCell money={row.margin} />
                    <MoneyCell money={row.vat} />
                  </tr>
                ))}
                minWidth="min-w-[60rem]"
                testId="margin-rows"
              />
            </div>
          )}
          <Pagination page={report.page} totalPages={report.totalPages} />
        </div>
      )}
    </>
  );
}
