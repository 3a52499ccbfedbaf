import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode } from "../error-codes.ts";
import { AppError, errorBody, type ErrorItem } from "../errors.ts";
import type { ErrorReport } from "../../domain/protection/error-report.ts";
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
        .send(errorBody({ code: error.code, message: error.message, reference: error.reference ?? request.id }, ...error.others));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const items: ErrorItem[] = error.validation.map((v) => ({
        code: "VALIDATION_FAILED" satisfies ErrorCode,
        message: v.message ?? "Invalid value",
        reference: referenceOf(error.validationContext, v.instancePath),
      }));
      return reply.status(400).send(errorBody(...items));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors, with Fastify's code (FrameworkErrorCode): malformed JSON, unsupported media type, body too large…
      return reply.status(status).send(
        errorBody({ code: error.code ?? ("BAD_REQUEST" satisfies ErrorCode), message: error.message, reference: request.id }),
      );
    }
    // Reported (and so logged) without personal data.
    report({ kind: "server", message: `${error.message} [request ${request.id}]`, ...(error.stack ? { stack: error.stack } : {}), url: request.url });
    return reply
      .status(500)
      .send(errorBody({ code: "INTERNAL_ERROR" satisfies ErrorCode, message: "Something went wrong on our side.", reference: request.id }));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(
      errorBody({
        code: "ROUTE_NOT_FOUND" satisfies ErrorCode,
        message: `No API operation ${request.method} ${request.url.split("?")[0]}`,
        reference: request.id,
      }),
    ),
  );
}

/** What the router says before any route runs: a URL it cannot decode, a path parameter past maxParamLength. */
const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: "The URL is malformed: it holds a percent-encoding that is not valid UTF-8.",
  FST_ERR_MAX_PARAM_LENGTH: "A part of the URL path is too long.",
};

/**
 * Fastify's `frameworkErrors`: errors the router meets before routing (so neither hooks nor the
 * error handler run) answer in the one error shape too, with the request id as reference.
 */
export function frameworkErrorHandler(version: string): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const message = status === 500 ? "Something went wrong on our side." : (FRAMEWORK_ERROR_MESSAGES[error.code] ?? error.message);
    void reply
      .status(status)
      .header("x-request-id", request.id)
      .header("x-version", version)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(errorBody({ code: status === 500 ? ("INTERNAL_ERROR" satisfies ErrorCode) : error.code, message, reference: request.id })));
  };
}

/** Node's parser errors (no request exists yet): status, code and message of the answer. */
function clientErrorAnswer(code: string | undefined): { status: number; code: ErrorCode; message: string } {
  if (code === "HPE_HEADER_OVERFLOW") return { status: 431, code: "REQUEST_HEADERS_TOO_LARGE", message: "The request line and headers are too large (at most 16 KB)." };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, code: "REQUEST_TIMEOUT", message: "The request took too long to arrive." };
  if (code === "HPE_INVALID_METHOD") return { status: 400, code: "UNKNOWN_METHOD", message: "The HTTP method is not one this server knows." };
  return { status: 400, code: "MALFORMED_REQUEST", message: "The request is not valid HTTP." };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (unknown method, headers
 * over 16 KB, broken framing) never becomes a request, so the answer is written to the socket
 * directly, still in the one error shape with an id as reference.
 */
export function clientErrorHandler(version: string): NonNullable<FastifyServerOptions["clientErrorHandler"]> {
  return (error: Error & { code?: string }, socket: Socket) => {
    // A reset connection has nobody to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    if (socket.writable) {
      const answer = clientErrorAnswer(error.code);
      const id = randomUUID();
      const body = JSON.stringify(errorBody({ code: answer.code, message: answer.message, reference: id }));
      socket.write(
        [
          `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
          "Content-Type: application/json; charset=utf-8",
          `Content-Length: ${Buffer.byteLength(body)}`,
          `X-Request-Id: ${id}`,
          `X-Version: ${version}`,
          "Connection: close",
          "",
          body,
        ].join("\r\n"),
      );
    }
    socket.destroy(error);
  };
}
