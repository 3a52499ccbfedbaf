import { z } from "zod";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { feedbackBody, personalisationEventBody, recommendationErrors, recommendationQuery, recommendationViewSchema } from "./schemas.ts";
import type { RecommendationService } from "./service.ts";

/** Product recommendations by type, with a fallback type when one finds too few; their events. */
export function registerRecommendationRoutes(app: ApiInstance, service: RecommendationService): void {
  app.get(
    "/recommendations",
    {
      schema: {
        operationId: "api_recommendations",
        tags: ["recommendations"],
        summary: "Products to recommend in a slot: similar, bestsellers, recently viewed or bought together",
        querystring: recommendationQuery,
        response: { 200: recommendationViewSchema, ...errorResponsesOf(recommendationErrors) },
      },
    },
    async (request) => service.recommend(request.query),
  );

  app.post(
    "/recommendations/feedback",
    {
      schema: {
        operationId: "api_recommendations_feedback",
        tags: ["recommendations"],
        summary: "Tells which recommended product was shown, clicked or dismissed",
        body: feedbackBody,
        response: { 202: z.null(), ...errorResponsesOf(recommendationErrors) },
      },
    },
    async (request, reply) => {
      await service.recordFeedback(request.body);
      return reply.status(202).send(null);
    },
  );

  app.post(
    "/salesforce/events",
    {
      schema: {
        operationId: "api_salesforce_event",
        tags: ["recommendations"],
        summary: "Impressions and clicks of personalised slots (sent only with marketing consent)",
        body: personalisationEventBody,
        response: { 202: z.null(), ...errorResponsesOf(recommendationErrors) },
      },
    },
    async (request, reply) => {
      // The personalisation service is outside this system: events are stored here, and forwarded when configured.
      await service.recordPersonalisationEvent(request.body);
      return reply.status(202).send(null);
    },
  );
}
