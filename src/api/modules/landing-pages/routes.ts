import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { landingPageErrors, landingPageParams, landingPageQuery, landingPageSchema } from "./schemas.ts";
import type { LandingPageService } from "./service.ts";

/** Curated lists: the sale and brand landing pages, theme pages and promo pages. */
export function registerLandingPageRoutes(app: ApiInstance, service: LandingPageService): void {
  app.get(
    "/landing-pages/:kind/:slug",
    {
      schema: {
        operationId: "api_landing_page_view",
        tags: ["content"],
        summary: "A curated product list: its title, introduction and filters",
        params: landingPageParams,
        querystring: landingPageQuery,
        response: { 200: landingPageSchema, ...errorResponsesOf(landingPageErrors) },
      },
    },
    async (request) => service.view(request.params.kind, request.params.slug, request.query.locale ?? request.locale),
  );
}
