import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import type { ApiInstance } from "../../types.ts";

const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]), version: z.string() });

/** Liveness (the process answers) and readiness (the database answers). */
export function registerHealthRoutes(app: ApiInstance, db: Db, version: string): void {
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
      try {
        await db.execute(sql`select 1`);
        return { status: "ok" as const, version };
      } catch (err) {
        request.log.warn({ err }, "database not reachable");
        return reply.status(503).send({ status: "unavailable" as const, version });
      }
    },
  );
}
