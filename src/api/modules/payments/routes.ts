import type { FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import {
  paymentReturnSchema,
  paymentStartErrors,
  paymentUuidParams,
  sandboxVerdictBody,
  sandboxVerdictErrors,
  stripeAbandonBody,
  stripeEventBody,
  stripeReturnErrors,
  stripeSessionBody,
  stripeWebhookAnswer,
  stripeWebhookErrors,
  stripeWebhookHeaders,
} from "./schemas.ts";
import type { PaymentService } from "./service.ts";

const tags = ["payments"];

export function registerPaymentRoutes(app: ApiInstance, service: PaymentService, deps: { mayActFor: (request: FastifyRequest, orderUuid: string) => Promise<boolean> }) {
  app.get(
    "/payments/:paymentUuid/start",
    {
      schema: {
        operationId: "api_payment_start",
        tags,
        summary: "Sends the browser to the payment provider (303); a settled order goes to its finish page or the cart",
        params: paymentUuidParams,
        response: { 303: z.null(), ...errorResponsesOf(paymentStartErrors) },
      },
    },
    async (request, reply) => reply.redirect(await service.start(request.params.paymentUuid), 303),
  );

  app.post(
    "/payments/sandbox/notifications",
    {
      schema: {
        operationId: "api_payment_sandbox_notification",
        tags,
        summary: "The sandbox provider's signed server-to-server notification of a verdict",
        body: sandboxVerdictBody,
        response: { 204: z.null(), ...errorResponsesOf(sandboxVerdictErrors) },
      },
    },
    async (request, reply) => {
      await service.sandboxVerdict(request.body, "payment-provider");
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/payments/returns",
    {
      schema: {
        operationId: "api_payment_return",
        tags,
        summary: "The customer is back from the sandbox provider with its signed verdict; answers the order's status",
        body: sandboxVerdictBody,
        response: { 200: paymentReturnSchema, ...errorResponsesOf(sandboxVerdictErrors) },
      },
    },
    async (request) => {
      const settled = await service.sandboxVerdict(request.body, "customer");
      return { orderUuid: settled.orderUuid, status: settled.status, result: settled.result };
    },
  );

  app.post(
    "/payments/stripe/returns",
    {
      schema: {
        operationId: "api_payment_stripe_return",
        tags,
        summary: "The customer is back from Stripe Checkout; the session's verdict is asked of Stripe and settled, then the order's status answered",
        body: stripeSessionBody,
        response: {
          200: paymentReturnSchema,
          ...errorResponsesOf(stripeReturnErrors),
        },
      },
    },
    async (request) => service.stripeReturn(request.body.sessionId),
  );

  app.post(
    "/payments/stripe/abandon",
    {
      schema: {
        operationId: "api_payment_stripe_abandon",
        tags,
        summary: "The customer gave up on Stripe Checkout: ends the session and cancels the order, unless Stripe says it was paid",
        body: stripeAbandonBody,
        response: {
          200: paymentReturnSchema,
          ...errorResponsesOf(stripeReturnErrors),
        },
      },
    },
    async (request) => service.stripeAbandon(request.body.paymentUuid, (orderUuid) => deps.mayActFor(request, orderUuid)),
  );

  // The signature covers the exact bytes Stripe sent, so this one route keeps them beside the parsed JSON.
  void app.register(async (scope) => {
    const rawBodies = new WeakMap<IncomingMessage, Buffer>();
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
      rawBodies.set(request.raw, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString("utf8")));
      } catch {
        done(AppError.badRequest("INVALID_JSON", "The body is not valid JSON.", "body"), undefined);
      }
    });
    scope.post(
      "/payments/stripe/webhook",
      {
        schema: {
          operationId: "api_payment_stripe_webhook",
          tags,
          summary: "Stripe's signed events on checkout sessions (completed, async payment failed, expired); replays change nothing",
          headers: stripeWebhookHeaders,
          body: stripeEventBody,
          response: {
            200: stripeWebhookAnswer,
            ...errorResponsesOf(stripeWebhookErrors),
          },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        await service.stripeWebhook(rawBodies.get(request.raw) ?? Buffer.alloc(0), typeof signature === "string" ? signature : undefined);
        return { received: true as const };
      },
    );
  });
}
