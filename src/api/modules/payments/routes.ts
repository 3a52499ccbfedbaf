import { z } from "zod";
import { errorBodySchema, errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { paymentReturnSchema, paymentUuidParams, sandboxVerdictBody } from "./schemas.ts";
import type { PaymentService } from "./service.ts";

const tags = ["payments"];

export function registerPaymentRoutes(app: ApiInstance, service: PaymentService) {
  app.get(
    "/payments/:paymentUuid/start",
    {
      schema: {
        operationId: "api_payment_start",
        tags,
        summary: "Sends the browser to the payment provider (303); a settled order goes to its finish page or the cart",
        params: paymentUuidParams,
        response: { 303: z.null(), 400: errorResponses[400], 404: errorBodySchema.describe("PAYMENT_NOT_FOUND") },
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
        response: { 204: z.null(), 400: errorBodySchema.describe("PAYMENT_SIGNATURE_INVALID or invalid input"), 404: errorBodySchema.describe("PAYMENT_NOT_FOUND") },
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
        response: { 200: paymentReturnSchema, 400: errorBodySchema.describe("PAYMENT_SIGNATURE_INVALID or invalid input"), 404: errorBodySchema.describe("PAYMENT_NOT_FOUND") },
      },
    },
    async (request) => {
      const settled = await service.sandboxVerdict(request.body, "customer");
      return { orderUuid: settled.orderUuid, status: settled.status, result: settled.result };
    },
  );
}
