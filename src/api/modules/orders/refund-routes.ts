import { errorResponsesOf } from "../../errors.ts";
import { idempotencyHeaders, sendIdempotent } from "../../idempotency.ts";
import type { ApiInstance } from "../../types.ts";
import type { CartOwnerOf } from "../cart/routes.ts";
import { staffActorOf } from "../staff/routes.ts";
import { cancelBody, cancellationSchema, customerCancelBody, customerCancelErrors, opsCancelErrors, refundBody, refundErrors, refundSchema } from "./refund-schemas.ts";
import type { RefundService } from "./refund-service.ts";
import { orderAccessQuery, orderUuidParams } from "./schemas.ts";

const ops = { tags: ["operations"] };
const PROVIDER_502 = "the payment provider did not answer or refused the refund: nothing was refunded or counted";

/** Cancelling and refunding orders: the customer's cancellation, and staff's (the staff guard has run for /ops: staffActorOf is the member). */
export function registerRefundRoutes(app: ApiInstance, service: RefundService, deps: { ownerOf: CartOwnerOf }): void {
  app.post(
    "/orders/:orderUuid/cancel",
    {
      schema: {
        operationId: "api_order_cancel",
        tags: ["orders"],
        summary: "The customer cancels their order before it is picked (a guest, the order of their browser's cart); a paid one is refunded in full, its units go back on sale",
        params: orderUuidParams,
        querystring: orderAccessQuery,
        body: customerCancelBody,
        response: { 200: cancellationSchema, ...errorResponsesOf(customerCancelErrors, { 409: "ORDER_NOT_CANCELLABLE once cancelled (or picked)", 502: PROVIDER_502 }) },
      },
    },
    async (request) => service.cancelAsCustomer(await deps.ownerOf(request), request.params.orderUuid, request.body.reason, request.query.key),
  );
  app.post(
    "/ops/orders/:orderUuid/cancel",
    {
      schema: {
        operationId: "api_ops_order_cancel",
        ...ops,
        summary: "Fulfilment or support: cancels an order not yet picked; a paid one is refunded in full through its provider, its units go back to stock",
        params: orderUuidParams,
        body: cancelBody,
        response: { 200: cancellationSchema, ...errorResponsesOf(opsCancelErrors, { 502: PROVIDER_502 }) },
      },
    },
    async (request) => service.cancelAsStaff(staffActorOf(request), request.params.orderUuid, request.body.reason),
  );
  app.post(
    "/ops/orders/:orderUuid/refunds",
    {
      schema: {
        operationId: "api_ops_order_refund",
        ...ops,
        summary: "Finance: refunds all that is left of a paid order, an amount, or items; never more than was paid. A repeated Idempotency-Key answers the same refund (200)",
        headers: idempotencyHeaders,
        params: orderUuidParams,
        body: refundBody,
        response: {
          201: refundSchema,
          200: refundSchema.describe("The refund made earlier with this Idempotency-Key"),
          ...errorResponsesOf(refundErrors, {
            401: "SECOND_FACTOR_REQUIRED also when the second factor was given more than five minutes ago: money going out asks again",
            409: "REFUND_EXCEEDS_PAID when more is asked than is left to refund; ORDER_NOT_PAID when nothing was paid",
            502: PROVIDER_502,
          }),
        },
      },
    },
    async (request, reply) => sendIdempotent(reply, await service.refund(staffActorOf(request), request.params.orderUuid, request.body, request.headers["idempotency-key"])),
  );
}
