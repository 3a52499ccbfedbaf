import { errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { confirmBody, confirmResultSchema, subscribeBody, subscribeResultSchema } from "./schemas.ts";
import type { NewsletterService } from "./service.ts";

export function registerNewsletterRoutes(app: ApiInstance, service: NewsletterService): void {
  app.post(
    "/newsletter/subscriptions",
    {
      schema: {
        operationId: "api_newsletter_subscribe",
        tags: ["newsletter"],
        summary: "Subscribe to the newsletter; a confirmation mail completes it (double opt-in)",
        body: subscribeBody,
        response: {
          200: subscribeResultSchema.describe("Already subscribed; nothing sent"),
          202: subscribeResultSchema.describe("Pending; a confirmation mail was sent"),
          400: errorResponses[400],
          500: errorResponses[500],
        },
      },
    },
    async (request, reply) => {
      const result = await service.subscribe({ ...request.body, locale: request.body.locale ?? request.locale }, request.log);
      return reply.status(result.status === "active" ? 200 : 202).send(result);
    },
  );

  app.post(
    "/newsletter/confirmations",
    {
      schema: {
        operationId: "api_newsletter_confirm",
        tags: ["newsletter"],
        summary: "Confirm a subscription with the token from the confirmation mail",
        body: confirmBody,
        response: {
          200: confirmResultSchema,
          400: errorResponses[400],
          404: errorResponses[404].describe("NEWSLETTER_TOKEN_INVALID: unknown or already used token"),
          500: errorResponses[500],
        },
      },
    },
    async (request) => service.confirm(request.body.token),
  );
}
