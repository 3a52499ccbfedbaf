import { errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { reviewListParams, reviewListQuery, reviewListSchema } from "./schemas.ts";
import type { ReviewService } from "./service.ts";

export function registerReviewRoutes(app: ApiInstance, service: ReviewService): void {
  app.get(
    "/products/:id/reviews",
    {
      schema: {
        operationId: "api_review_list",
        tags: ["reviews"],
        summary: "A product's reviews with their rating summary",
        params: reviewListParams,
        querystring: reviewListQuery,
        response: { 200: reviewListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(request.params.id, request.query.page),
  );
}
