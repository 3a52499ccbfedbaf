import { z } from "zod";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { conversionClickBody, conversionClickErrors, suggestionsErrors, suggestionsQuery, suggestionsSchema } from "./schemas.ts";
import type { SearchService } from "./service.ts";

export function registerSearchRoutes(app: ApiInstance, service: SearchService): void {
  app.get(
    "/search/suggestions",
    {
      schema: {
        operationId: "api_get_smart_suggestions",
        tags: ["search"],
        summary: "Autocomplete while typing: up to 10 completed queries and 6 products (queries of at least 3 characters)",
        querystring: suggestionsQuery,
        response: { 200: suggestionsSchema, ...errorResponsesOf(suggestionsErrors) },
      },
    },
    async (request) => service.suggestions(request.query.query, request.query.locale ?? request.locale, request.query.groupId),
  );

  app.post(
    "/search/conversion-clicks",
    {
      schema: {
        operationId: "api_search_conversion_click",
        tags: ["search"],
        summary: "A click on a search result (sent as a beacon)",
        body: conversionClickBody,
        response: { 204: z.null().describe("Recorded"), ...errorResponsesOf(conversionClickErrors) },
      },
    },
    async (request, reply) => {
      await service.recordClick(request.body.productId, request.body.searchUuid);
      return reply.status(204).send(null);
    },
  );
}
