import { AsyncLocalStorage } from "node:async_hooks";
import { timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from "fastify";
import pino, { type Logger } from "pino";
import { httpRequestSeconds, metricsRegistry } from "../../metrics.ts";
import { AppError } from "../errors.ts";

/** The request a piece of work runs for, so log lines written outside request.log carry its id too. */
const requestContext = new AsyncLocalStorage<{ reqId: string }>();
/** Marks Fastify's per-request loggers, whose lines already carry the id. */
const BOUND = Symbol("request-bound logger");

/**
 * The process's logger: JSON lines in production (nginx logs the same X-Request-Id), readable
 * colored lines in development. Every line written while a request is handled carries its id.
 */
export function createLogger(options: { level: string; pretty: boolean; destination?: pino.DestinationStream }): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    mixin(_object, _level, logger) {
      const store = requestContext.getStore();
      return store && !(logger as unknown as Record<symbol, boolean>)[BOUND] ? { reqId: store.reqId } : {};
    },
    ...(options.pretty ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** Fastify options that go with createLogger's logger. */
export const requestLoggerOptions: Pick<FastifyServerOptions, "childLoggerFactory"> = {
  childLoggerFactory(logger, bindings, options) {
    const child = logger.child(bindings, options) as FastifyBaseLogger & Record<symbol, boolean>;
    child[BOUND] = true;
    return child;
  },
};

/** Runs the rest of each request in its context, and counts it by route pattern and status with its duration. */
export function registerRequestObservation(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => requestContext.run({ reqId: request.id }, done));
  app.addHook("onResponse", (request, reply, done) => {
    // The pattern, not the URL, or every product id would be its own series; unknown URLs share one.
    const route = request.routeOptions.url ?? "unmatched";
    httpRequestSeconds.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding the token (Authorization: Bearer).
 * Without METRICS_TOKEN it does not exist; a wrong or missing token sees the same 404.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw AppError.notFound("ROUTE_NOT_FOUND", "No page /metrics");
    reply.header("cache-control", "no-store").type(metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}
