import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { seoBlockErrors, seoBlockParams, seoBlockQuery, seoBlockSchema } from "./schemas.ts";
import type { SeoService } from "./service.ts";

/** Editorial text for a page, e.g. identifier "category-1112". */
export function registerSeoRoutes(app: ApiInstance, service: SeoService): void {
  app.get(
    "/seo-blocks/:identifier",
    {
      schema: {
        operationId: "api_get_seo_block",
        tags: ["content"],
        summary: "A page's editorial text in the current language",
        params: seoBlockParams,
        querystring: seoBlockQuery,
        response: { 200: seoBlockSchema, ...errorResponsesOf(seoBlockErrors) },
      },
    },
    async (request) => service.block(request.params.identifier, request.query.locale ?? request.locale),
  );
}
