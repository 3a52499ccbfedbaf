import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import { customerListErrors, customerListSchema, customerSearchQuery, customerStorySchema, customerUuidParams, customerViewErrors, noteBody, noteSchema } from "./schemas.ts";
import type { SupportService } from "./service.ts";

const ops = { tags: ["operations"] };

/** Support's customer pages (the staff guard has run for /ops). */
export function registerSupportRoutes(app: ApiInstance, service: SupportService): void {
  app.get(
    "/ops/customers",
    { schema: { operationId: "api_ops_customer_list", ...ops, summary: "Support: customers by part of their e-mail or name, or by an order number", querystring: customerSearchQuery, response: { 200: customerListSchema, ...errorResponsesOf(customerListErrors) } } },
    async (request) => service.find(staffActorOf(request), request.query.q),
  );
  app.get(
    "/ops/customers/:customerUuid",
    {
      schema: {
        operationId: "api_ops_customer_view",
        ...ops,
        summary: "Support: the customer's whole story — orders, sales, returns, claims, mails sent and support's notes",
        params: customerUuidParams,
        response: { 200: customerStorySchema, ...errorResponsesOf(customerViewErrors) },
      },
    },
    async (request) => service.story(staffActorOf(request), request.params.customerUuid),
  );
  app.post(
    "/ops/customers/:customerUuid/notes",
    {
      schema: {
        operationId: "api_ops_customer_note_create",
        ...ops,
        summary: "Support: a note on the customer, shown on their page with its author",
        params: customerUuidParams,
        body: noteBody,
        response: { 201: noteSchema, ...errorResponsesOf(customerViewErrors) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.addNote(staffActorOf(request), request.params.customerUuid, request.body.text)),
  );
}
