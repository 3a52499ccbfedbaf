import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import type { CartOwnerOf } from "../cart/routes.ts";
import { saleLabel } from "./sale-documents.ts";
import {
  payoutAccountBody,
  payoutAccountErrors,
  saleCounterofferErrors,
  saleListErrors,
  saleListQuery,
  saleListSchema,
  saleUuidParams,
  saleViewErrors,
  saleViewSchema,
  staffSaleEventBody,
  staffSaleEventErrors,
} from "./sale-schemas.ts";
import type { SaleService } from "./sale-service.ts";
import { staffActorOf } from "../staff/routes.ts";

const saleNotes = { 404: "no such sale, or another customer's" };

export function registerSaleRoutes(app: ApiInstance, service: SaleService, deps: { ownerOf: CartOwnerOf }) {
  const { ownerOf } = deps;
  async function requireCustomer(request: FastifyRequest) {
    const owner = await ownerOf(request);
    if (!owner.customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to see your sales.", "session");
    return owner.customer;
  }

  app.get(
    "/sales",
    { schema: { operationId: "api_sale_list", tags: ["sales"], summary: "The logged-in customer's sales, newest first", querystring: saleListQuery, response: { 200: saleListSchema, ...errorResponsesOf(saleListErrors) } } },
    async (request) => service.list(await requireCustomer(request), request.query.page),
  );

  app.get(
    "/sales/:saleUuid",
    { schema: { operationId: "api_sale_view", tags: ["sales"], summary: "One sale with its items, payout, counteroffer and timeline", params: saleUuidParams, response: { 200: saleViewSchema, ...errorResponsesOf(saleViewErrors, saleNotes) } } },
    async (request) => service.view(await requireCustomer(request), request.params.saleUuid),
  );

  app.get(
    "/sales/:saleUuid/label.pdf",
    {
      schema: {
        operationId: "api_sale_label",
        tags: ["sales"],
        summary: "The sale's shipping label(s) as PDF, one page per parcel",
        params: saleUuidParams,
        // The PDF is this answer's only: errors come as JSON, like everywhere.
        response: {
          200: { description: "The label(s) as PDF", content: { "application/pdf": { schema: z.any().meta({ type: "string", contentMediaType: "application/pdf" }) } } },
          ...errorResponsesOf(saleViewErrors, saleNotes),
        },
      },
    },
    async (request, reply) => {
      const sale = await service.ownSale(await requireCustomer(request), request.params.saleUuid);
      const { pdf, fileName } = await saleLabel(sale, await service.items(sale.uuid));
      return reply.type("application/pdf").header("content-disposition", `inline; filename="${fileName}"`).header("cache-control", "private, no-store").send(pdf);
    },
  );

  for (const [path, accept] of [["accept", true], ["decline", false]] as const) {
    app.post(
      `/sales/:saleUuid/counteroffer/${path}`,
      {
        schema: {
          operationId: `api_sale_counteroffer_${path}`,
          tags: ["sales"],
          summary: accept ? "Accept the counteroffer: the sale is settled at its prices" : "Decline the counteroffer: the parcel comes back free of charge",
          params: saleUuidParams,
          response: { 200: saleViewSchema, ...errorResponsesOf(saleCounterofferErrors, { ...saleNotes, 409: "no open counteroffer" }) },
        },
      },
      async (request) => service.answerCounteroffer(await requireCustomer(request), request.params.saleUuid, accept),
    );
  }

  app.put(
    "/sales/:saleUuid/payout-account",
    {
      schema: {
        operationId: "api_sale_payout_account",
        tags: ["sales"],
        summary: "After the bank sent the payout back: the corrected account (or PayPal instead); the payout is due again",
        params: saleUuidParams,
        body: payoutAccountBody,
        response: { 200: saleViewSchema, ...errorResponsesOf(payoutAccountErrors, { ...saleNotes, 409: "the payout did not come back" }) },
      },
    },
    async (request) => service.correctPayoutAccount(await requireCustomer(request), request.params.saleUuid, request.body),
  );

  app.post(
    "/ops/sales/:saleUuid/events",
    {
      schema: {
        operationId: "api_ops_sale_event",
        tags: ["operations"],
        summary: "Staff only: record what happened to a sale (parcel received, inspection started, offer confirmed, counteroffer made, payout sent, parcel returned)",
        params: saleUuidParams,
        body: staffSaleEventBody,
        response: {
          200: saleViewSchema,
          ...errorResponsesOf(staffSaleEventErrors, { 404: "ROUTE_NOT_FOUND for anyone but staff; SALE_NOT_FOUND" }),
        },
      },
    },
    async (request) => service.recordStaffEvent(staffActorOf(request), request.params.saleUuid, request.body),
  );
}
