import type { FastifyReply, FastifyRequest } from "fastify";
import { errorResponsesOf } from "../../errors.ts";
import { fileAnswer } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import { marginExportQuery, marginReportQuery, marginReportSchema, orderReportSchema, payoutReportSchema, periodExportQuery, periodReportQuery, refundReportSchema, reportErrors } from "./schemas.ts";
import type { CsvDownload, ReportService } from "./service.ts";

const ops = { tags: ["operations"] };
const csvAnswer = (what: string) =>
  fileAnswer(`${what} as CSV (RFC 4180: comma, CRLF; UTF-8 with a byte order mark; a header row; amounts in euros with a decimal point; times in Europe/Berlin)`, "text/csv");

/** Sends the file as it is read, to be saved under its name. */
function sendCsv(reply: FastifyReply, file: CsvDownload) {
  return reply
    .type("text/csv; charset=utf-8; header=present")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file.body);
}
/** A file that breaks off halfway (the database gone, the client away) is logged; the client sees it cut. */
const logBreak = (request: FastifyRequest) => (error: unknown) => request.log.warn({ err: error }, "a CSV export ended early");

/** Finance's reports and exports (the staff guard has run: staffActorOf is the member). */
export function registerReportRoutes(app: ApiInstance, service: ReportService): void {
  app.get(
    "/ops/reports/margin",
    {
      schema: {
        operationId: "api_ops_report_margin",
        ...ops,
        summary: "Finance: the month's margin-scheme report (§25a UStG): used units shipped, their margin and the VAT in it; new units with 19 %; refunds of the month; totals",
        querystring: marginReportQuery,
        response: { 200: marginReportSchema, ...errorResponsesOf(reportErrors) },
      },
    },
    async (request) => service.margin(staffActorOf(request), request.query),
  );
  app.get(
    "/ops/reports/margin.csv",
    {
      schema: {
        operationId: "api_ops_report_margin_export",
        ...ops,
        summary: "Finance: the month's margin-scheme report as one CSV file, streamed; the export is audited",
        querystring: marginExportQuery,
        response: { 200: csvAnswer("The report's rows, used units first"), ...errorResponsesOf(reportErrors) },
      },
    },
    async (request, reply) => sendCsv(reply, await service.marginCsv(staffActorOf(request), request.query, logBreak(request))),
  );

  const exports = [
    { name: "orders", what: "Orders placed in the period, every status", page: service.orders, file: service.ordersCsv, schema: orderReportSchema },
    { name: "payouts", what: "Payouts to sellers owed in the period", page: service.payouts, file: service.payoutsCsv, schema: payoutReportSchema },
    { name: "refunds", what: "Refunds made in the period", page: service.refunds, file: service.refundsCsv, schema: refundReportSchema },
  ] as const;
  for (const { name, what, page, file, schema } of exports) {
    app.get(
      `/ops/reports/${name}`,
      {
        schema: {
          operationId: `api_ops_report_${name}`,
          ...ops,
          summary: `Finance: ${what.toLowerCase()}, a page at a time, with totals`,
          querystring: periodReportQuery,
          response: { 200: schema, ...errorResponsesOf(reportErrors) },
        },
      },
      async (request) => page(staffActorOf(request), request.query),
    );
    app.get(
      `/ops/reports/${name}.csv`,
      {
        schema: {
          operationId: `api_ops_report_${name}_export`,
          ...ops,
          summary: `Finance: ${what.toLowerCase()} as one CSV file, streamed; the export is audited`,
          querystring: periodExportQuery,
          response: { 200: csvAnswer(what), ...errorResponsesOf(reportErrors) },
        },
      },
      async (request, reply) => sendCsv(reply, await file(staffActorOf(request), request.query, logBreak(request))),
    );
  }
}
