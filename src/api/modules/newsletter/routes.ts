import type { FastifyRequest } from "fastify";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import {
  confirmBody,
  newsletterConfirmErrors,
  confirmResultSchema,
  preferenceBody,
  newsletterPreferenceErrors,
  preferenceSchema,
  newsletterPreferenceUpdateErrors,
  subscribeBody,
  newsletterSubscribeErrors,
  subscribeResultSchema,
} from "./schemas.ts";
import type { NewsletterService } from "./service.ts";

export function registerNewsletterRoutes(
  app: ApiInstance,
  service: NewsletterService,
  options: { customerOf(request: FastifyRequest): Promise<{ email: string; locale: Locale } | null | undefined> },
): void {
  async function customer(request: FastifyRequest) {
    const found = await options.customerOf(request);
    if (!found) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to do this.", "session");
    return found;
  }

  app.get(
    "/customer/newsletter",
    {
      schema: {
        operationId: "api_customer_newsletter",
        tags: ["newsletter"],
        summary: "Whether the logged-in customer's address gets the newsletter",
        response: { 200: preferenceSchema, ...errorResponsesOf(newsletterPreferenceErrors) },
      },
    },
    async (request) => service.preference(await customer(request)),
  );

  app.put(
    "/customer/newsletter",
    {
      schema: {
        operationId: "api_customer_newsletter_update",
        tags: ["newsletter"],
        summary: "Turn the newsletter on (a confirmation mail to the account's address, double opt-in) or off (at once)",
        body: preferenceBody,
        response: { 200: preferenceSchema, ...errorResponsesOf(newsletterPreferenceUpdateErrors) },
      },
    },
    async (request) => service.setPreference(await customer(request), request.body.subscribed, request.log),
  );

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
          ...errorResponsesOf(newsletterSubscribeErrors),
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
          ...errorResponsesOf(newsletterConfirmErrors, { 404: "unknown or already used token" }),
        },
      },
    },
    async (request) => service.confirm(request.body.token),
  );
}
