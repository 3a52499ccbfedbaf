import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  opsUnitCreateBody,
  opsUnitCreateErrors,
  opsUnitListErrors,
  opsUnitListQuery,
  opsUnitListSchema,
  opsUnitRefParams,
  opsUnitSchema,
  opsUnitUpdateBody,
  opsUnitUpdateErrors,
  opsUnitViewErrors,
} from "./schemas.ts";
import type { UnitService } from "./service.ts";

const ops = { tags: ["operations"] };

/** Units in the back-office (the staff guard has run: staffActorOf is the member). */
export function registerUnitRoutes(app: ApiInstance, service: UnitService): void {
  app.get(
    "/ops/units",
    {
      schema: {
        operationId: "api_ops_unit_list",
        ...ops,
        summary: "Units, oldest first: by status, product, grade, or a label, IMEI or name",
        querystring: opsUnitListQuery,
        response: { 200: opsUnitListSchema, ...errorResponsesOf(opsUnitListErrors) },
      },
    },
    async (request) => service.list(staffActorOf(request), request.query),
  );
  app.get(
    "/ops/units/:unitRef",
    {
      schema: {
        operationId: "api_ops_unit_view",
        ...ops,
        summary: "One unit by id, label or IMEI, with where it came from, the order holding it and its history",
        params: opsUnitRefParams,
        response: { 200: opsUnitSchema, ...errorResponsesOf(opsUnitViewErrors) },
      },
    },
    async (request) => service.view(staffActorOf(request), request.params.unitRef),
  );
  app.patch(
    "/ops/units/:unitRef",
    {
      schema: {
        operationId: "api_ops_unit_update",
        ...ops,
        summary: "Regrade, correct or move a unit by hand (repair, back to stock, scrap); the storefront's stock follows",
        params: opsUnitRefParams,
        body: opsUnitUpdateBody,
        response: { 200: opsUnitSchema, ...errorResponsesOf(opsUnitUpdateErrors) },
      },
    },
    async (request) => service.update(staffActorOf(request), request.params.unitRef, request.body),
  );
  app.post(
    "/ops/units",
    {
      schema: {
        operationId: "api_ops_unit_create",
        ...ops,
        summary: "A unit bought from a supplier, in stock at once",
        body: opsUnitCreateBody,
        response: { 201: opsUnitSchema, ...errorResponsesOf(opsUnitCreateErrors) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(staffActorOf(request), request.body)),
  );
}
