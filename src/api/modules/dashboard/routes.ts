import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import { opsDashboardErrors, opsDashboardQuery, opsDashboardSchema } from "./schemas.ts";
import type { DashboardService } from "./service.ts";

/** The back-office's dashboard (the staff guard has run: staffActorOf is the member). */
export function registerDashboardRoutes(app: ApiInstance, service: DashboardService): void {
  app.get(
    "/ops/dashboard",
    {
      schema: {
        operationId: "api_ops_dashboard",
        tags: ["operations"],
        summary: "The figures of the member's work: queues against their promise, stock, money due, open returns, and sales per day over 30 or 90 days",
        querystring: opsDashboardQuery,
        response: { 200: opsDashboardSchema, ...errorResponsesOf(opsDashboardErrors) },
      },
    },
    async (request) => service.view(staffActorOf(request), request.query),
  );
}
