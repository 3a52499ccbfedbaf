import { z } from "zod";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  duePayoutsErrors,
  duePayoutsSchema,
  payoutBatchCreateBody,
  payoutBatchCreateErrors,
  payoutBatchErrors,
  payoutBatchExecutedErrors,
  payoutBatchExportErrors,
  payoutBatchListSchema,
  payoutBatchParams,
  payoutBatchSchema,
  payoutReturnedErrors,
  payoutSaleParams,
} from "./payout-schemas.ts";
import type { PayoutService } from "./payout-service.ts";

const ops = { tags: ["operations"] };
const FRESH_FACTOR = { 401: "SECOND_FACTOR_REQUIRED also when the second factor was given more than five minutes ago: money going out asks again" };

/** Finance's payouts to sellers (the staff guard has run: staffActorOf is the member). */
export function registerPayoutRoutes(app: ApiInstance, service: PayoutService): void {
  app.get(
    "/ops/payouts/due",
    { schema: { operationId: "api_ops_payout_due", ...ops, summary: "Finance: settled sales' payouts not yet in a batch, oldest first", response: { 200: duePayoutsSchema, ...errorResponsesOf(duePayoutsErrors) } } },
    async (request) => service.due(staffActorOf(request)),
  );
  app.get(
    "/ops/payout-batches",
    { schema: { operationId: "api_ops_payout_batch_list", ...ops, summary: "Finance: the latest payout batches", response: { 200: payoutBatchListSchema, ...errorResponsesOf(duePayoutsErrors) } } },
    async (request) => service.batches(staffActorOf(request)),
  );
  app.post(
    "/ops/payout-batches",
    {
      schema: {
        operationId: "api_ops_payout_batch_create",
        ...ops,
        summary: "Finance: a batch of due payouts (all, or those listed); a sale is in one batch at most",
        body: payoutBatchCreateBody,
        response: { 201: payoutBatchSchema, ...errorResponsesOf(payoutBatchCreateErrors, FRESH_FACTOR) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createBatch(staffActorOf(request), request.body)),
  );
  app.get(
    "/ops/payout-batches/:batchId",
    { schema: { operationId: "api_ops_payout_batch_view", ...ops, summary: "Finance: a batch's bank transfers and PayPal payouts", params: payoutBatchParams, response: { 200: payoutBatchSchema, ...errorResponsesOf(payoutBatchErrors) } } },
    async (request) => service.batch(staffActorOf(request), request.params.batchId),
  );
  app.get(
    "/ops/payout-batches/:batchId/sepa.xml",
    {
      schema: {
        operationId: "api_ops_payout_batch_export",
        ...ops,
        summary: "Finance: the batch's bank transfers as an ISO 20022 SEPA credit transfer file (pain.001.001.09); the same file each time",
        params: payoutBatchParams,
        // The file is this answer's only: errors come as JSON, like everywhere.
        response: {
          200: { description: "The SEPA file, pain.001.001.09", content: { "application/xml": { schema: z.any().meta({ type: "string", contentMediaType: "application/xml" }) } } },
          ...errorResponsesOf(payoutBatchExportErrors, FRESH_FACTOR),
        },
      },
    },
    async (request, reply) => {
      const { fileName, xml } = await service.exportSepa(staffActorOf(request), request.params.batchId);
      return reply.type("application/xml; charset=utf-8").header("content-disposition", `attachment; filename="${fileName}"`).header("cache-control", "private, no-store").send(xml);
    },
  );
  app.post(
    "/ops/payout-batches/:batchId/executed",
    {
      schema: {
        operationId: "api_ops_payout_batch_mark_executed",
        ...ops,
        summary: "Finance: the bank ran the batch; each sale is paid and its seller mailed",
        params: payoutBatchParams,
        response: { 200: payoutBatchSchema, ...errorResponsesOf(payoutBatchExecutedErrors, FRESH_FACTOR) },
      },
    },
    async (request) => service.markExecuted(staffActorOf(request), request.params.batchId),
  );
  app.post(
    "/ops/payouts/:saleUuid/returned",
    {
      schema: {
        operationId: "api_ops_payout_returned",
        ...ops,
        summary: "Finance: the bank sent this payout back; the sale is unpaid again and its seller asked to correct the account",
        params: payoutSaleParams,
        response: { 204: z.null().describe("Recorded; the seller is mailed"), ...errorResponsesOf(payoutReturnedErrors) },
      },
    },
    async (request, reply) => {
      await service.markReturned(staffActorOf(request), request.params.saleUuid);
      return reply.status(204).send(null);
    },
  );
}
