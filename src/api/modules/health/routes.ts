import type { ApiInstance } from "../../types.ts";
import { healthSchema } from "./schemas.ts";
import type { HealthService } from "./service.ts";

/** Liveness (the process answers) and readiness (the database answers and the process is not shutting down). */
export function registerHealthRoutes(app: ApiInstance, service: HealthService, stopping: () => boolean): void {
  const version = service.version;
  app.get(
    "/healthz",
    {
      schema: {
        operationId: "api_health_live",
        tags: ["operations"],
        summary: "Liveness: the process answers",
        description: "For the orchestrator's liveness probe: answers 200 with the build id as long as the process runs, whether or not the database is reachable.",
        response: { 200: healthSchema.describe("The process is up") },
      },
    },
    async () => ({ status: "ok" as const, version }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        operationId: "api_health_ready",
        tags: ["operations"],
        summary: "Readiness: the database answers and the process is not shutting down",
        description: "For load balancers: 503 while the database cannot be reached or the process is shutting down, so requests go to other instances.",
        response: { 200: healthSchema.describe("Ready for requests"), 503: healthSchema.describe("Not ready: database unreachable or shutting down") },
      },
    },
    async (request, reply) => {
      if (!stopping() && (await service.ready((err) => request.log.warn({ err }, "database not reachable")))) return { status: "ok" as const, version };
      return reply.status(503).send({ status: "unavailable" as const, version });
    },
  );
}
