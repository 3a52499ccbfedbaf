import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, errorBody, type ErrorItem } from "../errors.ts";
import type { ErrorReport } from "../../domain/shell/error-report.ts";
import { RATE_LIMITED_CODE, VERIFY_LOCATION } from "../modules/verification/routes.ts";

/** Where in the request a validation problem sits: "params.id", "query.page", "body.email". */
function referenceOf(context: string | undefined, instancePath: string): string {
  const where = context === "querystring" ? "query" : (context ?? "request");
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path ? `${where}.${path}` : where;
}

/** Maps every failure to the one error shape; internals of unexpected errors never leave the process. */
export function registerErrorHandler(app: FastifyInstance, report: (report: ErrorReport) => void = () => {}): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === RATE_LIMITED_CODE) {
        // Pages go straight to the verification page; API clients are told where it is.
        if (!request.url.startsWith("/api/")) return reply.redirect(`${VERIFY_LOCATION}?next=${encodeURIComponent(request.url)}`, 303);
        reply.header("x-verify-location", VERIFY_LOCATION);
      }
      return reply
        .status(error.status)
        .send(errorBody({ code: error.code, message: error.message, reference: error.reference ?? request.id }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const items: ErrorItem[] = error.validation.map((v) => ({
        code: "VALIDATION_FAILED",
        message: v.message ?? "Invalid value",
        reference: referenceOf(error.validationContext, v.instancePath),
      }));
      return reply.status(400).send(errorBody(...items));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large…
      return reply.status(status).send(
        errorBody({ code: error.code ?? "BAD_REQUEST", message: error.message, reference: request.id }),
      );
    }
    // Reported (and so logged) without personal data.
    report({ kind: "server", message: `${error.message} [request ${request.id}]`, ...(error.stack ? { stack: error.stack } : {}), url: request.url });
    return reply
      .status(500)
      .send(errorBody({ code: "INTERNAL_ERROR", message: "Something went wrong on our side.", reference: request.id }));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(
      errorBody({
        code: "ROUTE_NOT_FOUND",
        message: `No API operation ${request.method} ${request.url.split("?")[0]}`,
        reference: request.id,
      }),
    ),
  );
}
