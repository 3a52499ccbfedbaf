import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { STATEMENT_MAX_BYTES } from "../../../domain/payments/bank-transfers.ts";
import { AppError, errorResponsesOf } from "../../errors.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  statementImportErrors,
  statementImportForm,
  statementImportNotes,
  statementImportSchema,
  transferBookBody,
  transferBookErrors,
  transferBookNotes,
  transferListErrors,
  transferListQuery,
  transferListSchema,
  transferParams,
  transferSchema,
} from "./schemas.ts";
import type { BankTransferService, SentStatement } from "./service.ts";

const ops = { tags: ["operations"] };
/** One file and nothing else worth keeping. */
const MULTIPART_LIMITS = { files: 1, fileSize: STATEMENT_MAX_BYTES, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 20 };

/** Validates params and query as every route does; the form is read in the handler, its schema only documents it. */
const formAsDocumented = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => (route.httpPart === "body" ? () => true : validatorCompiler(route as Parameters<FastifySchemaCompiler<ZodType>>[0]));

const unreadable = () => AppError.badRequest("VALIDATION_FAILED", "Send the statement as multipart/form-data, one file part named statement.", "statement");
const tooLarge = () => new AppError(413, "STATEMENT_TOO_LARGE", `The statement is larger than ${STATEMENT_MAX_BYTES / (1024 * 1024)} MB: import it in parts (a day at a time).`, "statement");

/** The form's one file, read to the form's end, so the client has sent everything when it is answered. */
async function sentStatement(request: FastifyRequest): Promise<SentStatement> {
  if (!request.isMultipart()) throw unreadable();
  let sent: SentStatement | undefined;
  let problem: AppError | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === "field") continue;
      if (part.fieldname !== "statement" || sent) {
        problem ??= unreadable();
        part.file.resume();
        continue;
      }
      try {
        sent = { fileName: part.filename || null, bytes: await part.toBuffer() };
      } catch (error) {
        problem ??= (error as { code?: unknown } | null)?.code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : unreadable();
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    problem ??= code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : unreadable();
  }
  if (problem) throw problem;
  if (!sent || sent.bytes.length === 0) throw AppError.badRequest("VALIDATION_FAILED", "Choose the bank's statement file (camt.053) to import.", "statement");
  return sent;
}

/**
 * Finance's incoming bank transfers (the staff guard has run: staffActorOf is the member). The
 * import reads multipart/form-data in a scope of its own, as the parcel photos do.
 */
export function registerBankTransferRoutes(api: FastifyInstance, service: BankTransferService): void {
  void api.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/ops/bank-statements",
      {
        schema: {
          operationId: "api_ops_bank_statement_import",
          ...ops,
          summary:
            "Finance: imports the bank's account statement (ISO 20022 camt.053, multipart/form-data): each incoming euro credit once per bank reference; the exact amount for an order waiting for its transfer pays it at once, the rest waits on the transfer list",
          consumes: ["multipart/form-data"],
          body: statementImportForm,
          response: { 200: statementImportSchema, ...errorResponsesOf(statementImportErrors, statementImportNotes) },
        },
        validatorCompiler: formAsDocumented,
      },
      async (request) => service.importStatement(staffActorOf(request), () => sentStatement(request)),
    );
    app.get(
      "/ops/bank-transfers",
      {
        schema: {
          operationId: "api_ops_transfer_list",
          ...ops,
          summary: "Finance: imported bank transfers, newest booking day first, 50 a page; by state (booked, unmatched, partial, over, needs_refund)",
          querystring: transferListQuery,
          response: { 200: transferListSchema, ...errorResponsesOf(transferListErrors) },
        },
      },
      async (request) => service.list(staffActorOf(request), request.query),
    );
    app.post(
      "/ops/bank-transfers/:transferId/booking",
      {
        schema: {
          operationId: "api_ops_transfer_book",
          ...ops,
          summary: "Finance: books a transfer by hand onto an order waiting for its transfer, which is paid then; once only, with a note when the amount is not the order's total",
          params: transferParams,
          body: transferBookBody,
          response: { 200: transferSchema, ...errorResponsesOf(transferBookErrors, transferBookNotes) },
        },
      },
      async (request) => service.book(staffActorOf(request), request.params.transferId, request.body),
    );
  });
}
