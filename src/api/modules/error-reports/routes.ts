import { z } from "zod";
import { scrubErrorReport, type ErrorReport } from "../../../domain/protection/error-report.ts";
import { operationErrors } from "../../error-codes.ts";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";

const reportSchema = z.object({
  kind: z.enum(["client", "server"]).default("client"),
  message: z.string().min(1).max(5000),
  stack: z.string().max(20000).optional(),
  url: z.string().max(2000).optional(),
  release: z.string().max(200).optional(),
});

/** Where errors go: the log by default, plus an external collector when ERROR_REPORT_URL is absolute. */
export function createErrorReporter(options: { collectorUrl: string; log: (report: ErrorReport) => void }) {
  const external = /^https?:\/\//.test(options.collectorUrl) ? options.collectorUrl : undefined;
  return async (report: ErrorReport): Promise<void> => {
    const clean = scrubErrorReport(report);
    options.log(clean);
    if (!external) return;
    try {
      await fetch(external, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(clean), signal: AbortSignal.timeout(2000) });
    } catch {
      // The collector being down must never break a request.
    }
  };
}
export type ErrorReporter = ReturnType<typeof createErrorReporter>;

export function registerErrorReportRoutes(app: ApiInstance, report: ErrorReporter): void {
  app.post(
    "/errors",
    {
      schema: {
        operationId: "api_error_report",
        tags: ["operations"],
        summary: "Collects an error seen in a browser (personal data is removed before it is kept)",
        body: reportSchema,
        response: { 202: z.null(), ...errorResponsesOf(operationErrors({ 400: ["VALIDATION_FAILED"] })) },
      },
    },
    async (request, reply) => {
      await report(request.body);
      return reply.status(202).send(null);
    },
  );
}
