import type { FastifyRequest } from "fastify";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import type { CartOwnerOf } from "../cart/routes.ts";
import { orderAccessQuery, orderListErrors, orderListQuery, orderListSchema, orderUuidParams, orderViewErrors, orderViewSchema, placedOrderSchema, placeOrderBody, placeOrderErrors } from "./schemas.ts";
import type { OrderService } from "./service.ts";
import { AppError } from "../../errors.ts";
import { idempotencyHeaders, sendIdempotent } from "../../idempotency.ts";

export function registerOrderRoutes(app: ApiInstance, service: OrderService, deps: { ownerOf: CartOwnerOf }) {
  const { ownerOf } = deps;
  async function requireCustomer(request: FastifyRequest) {
    const owner = await ownerOf(request);
    if (!owner.customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to see your orders.");
    return owner.customer;
  }

  app.post(
    "/checkout/orders",
    {
      schema: {
        operationId: "api_checkout_place_order",
        tags: ["checkout"],
        summary: "Place the order: reserves the units and answers where to pay. A replay with the same Idempotency-Key returns the first answer",
        headers: idempotencyHeaders,
        body: placeOrderBody,
        response: {
          201: placedOrderSchema,
          ...errorResponsesOf(placeOrderErrors, {
            409: "the order cannot be placed as it is (PRODUCT_VARIANT_OUT_OF_STOCK's reference is the item; the repair codes as in the cart's repairs); IDEMPOTENCY_KEY_REUSED for the same key with another body, IDEMPOTENCY_KEY_IN_PROGRESS while the first request runs",
          }),
        },
      },
    },
    async (request, reply) => sendIdempotent(reply, await service.place(await ownerOf(request), request.body, request.headers["idempotency-key"], request.locale)),
  );

  app.get(
    "/orders",
    {
      schema: {
        operationId: "api_order_list",
        tags: ["orders"],
        summary: "The logged-in customer's orders, newest first",
        querystring: orderListQuery,
        response: { 200: orderListSchema, ...errorResponsesOf(orderListErrors) },
      },
    },
    async (request) => service.list(await requireCustomer(request), request.query.page),
  );

  app.get(
    "/orders/:orderUuid",
    {
      schema: {
        operationId: "api_order_view",
        tags: ["orders"],
        summary: "One order, to its customer (or, for a guest order, to the browser that placed it, or with the key from its mail); 404 to anyone else",
        params: orderUuidParams,
        querystring: orderAccessQuery,
        response: { 200: orderViewSchema, ...errorResponsesOf(orderViewErrors) },
      },
    },
    async (request) => service.view(await ownerOf(request), request.params.orderUuid, request.query.key),
  );
}
