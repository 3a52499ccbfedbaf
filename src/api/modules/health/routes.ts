import type { ApiInstance } from "../../types.ts";
import { healthSchema } from "./schemas.ts";
import type { HealthService } from "./service.ts";

/** Liveness (the process answers) and readiness (the database answers and the process is not shutting down). */
export function registerHealthRoutes(app: ApiInstance, service: HealthService, stopping: () => boolean): void {
  const version = service.version;
  app.get(
    "/healthz",
    { schema: { operationId: "api_health_live", tags: ["operations"], response: { 200: healthSchema } } },
    async () => ({ status: "ok" as const, version }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        operationId: "api_health_ready",
        tags: ["operations"],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      if (!stopping() && (await service.ready((err) => request.log.warn({ err }, "database not reachable")))) return { status: "ok" as const, version };
      return reply.status(503).send({ status: "unavailable" as const, version });
    },
  );
}
