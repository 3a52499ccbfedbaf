import { z } from "zod";
import type { FastifyRequest } from "fastify";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  alertParams,
  buyAlertBody,
  buyAlertChangeSchema,
  buyAlertDeleteErrors,
  buyAlertsViewErrors,
  buyAlertPutErrors,
  buyAlertsSchema,
  productIdParams,
  setStockErrors,
  stockBody,
  stockChangedSchema,
  stockParams,
  unsubscribeErrors,
  unsubscribeQuery,
  watchReadErrors,
  watchStatusSchema,
  wishErrors,
  wishedQuery,
  wishedSchema,
  wishlistQuery,
  wishlistSchema,
  wishlistToggleSchema,
} from "./schemas.ts";
import type { AlertService } from "./service.ts";

type Customer = { uuid: string } | null;

/** The wishlist, buy alerts and their mails' unsubscribe link; fulfilment staff's stock changes that wake the alerts. */
export function registerAlertRoutes(app: ApiInstance, service: AlertService, deps: { customerOf: (request: FastifyRequest) => Promise<Customer> }) {
  async function requireCustomer(request: FastifyRequest) {
    const customer = await deps.customerOf(request);
    if (!customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to keep a wishlist and alerts.", "session");
    return customer;
  }

  app.get(
    "/wishlist",
    {
      schema: { operationId: "api_wishlist_view", tags: ["wishlist"], summary: "The customer's wishlist, newest first, paged and filtered", querystring: wishlistQuery, response: { 200: wishlistSchema, ...errorResponsesOf(watchReadErrors) } },
    },
    async (request) => service.wishlist(await requireCustomer(request), request.query),
  );
  app.get(
    "/wishlist/wished",
    {
      schema: {
        operationId: "api_wishlist_wished_among",
        tags: ["wishlist"],
        summary: "Which of the given products the customer has wished, for hearts on lists (whose answers are shared by everyone)",
        querystring: wishedQuery,
        response: { 200: wishedSchema, ...errorResponsesOf(watchReadErrors) },
      },
    },
    async (request) => ({ productIds: await service.wishedAmong(await requireCustomer(request), request.query.productIds) }),
  );
  app.put(
    "/watchlist/:productId",
    {
      schema: { operationId: "api_watchlist_put_product", tags: ["wishlist"], summary: "Put a product on the wishlist (again: no change)", params: productIdParams, response: { 200: wishlistToggleSchema, ...errorResponsesOf(wishErrors) } },
    },
    async (request) => service.wish(await requireCustomer(request), request.params.productId),
  );
  app.delete(
    "/watchlist/:productId",
    {
      schema: { operationId: "api_watchlist_delete_product", tags: ["wishlist"], summary: "Take a product off the wishlist (not on it: no change)", params: productIdParams, response: { 200: wishlistToggleSchema, ...errorResponsesOf(watchReadErrors) } },
    },
    async (request) => service.unwish(await requireCustomer(request), request.params.productId),
  );

  app.get(
    "/products/:productId/watch-status",
    {
      schema: { operationId: "api_product_watch_status", tags: ["wishlist"], summary: "Whether the customer wished the product and has an alert for it", params: productIdParams, response: { 200: watchStatusSchema, ...errorResponsesOf(watchReadErrors) } },
    },
    async (request) => service.watchStatus(await requireCustomer(request), request.params.productId),
  );

  app.get(
    "/buy-alerts",
    { schema: { operationId: "api_buy_alert_view", tags: ["buy-alerts"], summary: "The customer's buy alerts, waiting and done", response: { 200: buyAlertsSchema, ...errorResponsesOf(buyAlertsViewErrors) } } },
    async (request) => service.alerts(await requireCustomer(request)),
  );
  const putAlert = {
    tags: ["buy-alerts"],
    summary: "Tell me when the product is back: any grade (variants null) or the grades listed; again: the grades change",
    body: buyAlertBody,
    response: { 200: buyAlertChangeSchema, ...errorResponsesOf(buyAlertPutErrors) },
  };
  app.put("/buy-alerts/:productId/:searchUuid", { schema: { operationId: "api_buyalert_put_product", params: alertParams, ...putAlert } }, async (request) =>
    service.putAlert(await requireCustomer(request), request.params.productId, { variants: request.body?.variants ?? null, searchUuid: request.params.searchUuid }),
  );
  app.put("/buy-alerts/:productId", { schema: { operationId: "api_buyalert_put_product_without_search", params: productIdParams, ...putAlert } }, async (request) =>
    service.putAlert(await requireCustomer(request), request.params.productId, { variants: request.body?.variants ?? null, searchUuid: null }),
  );
  app.delete(
    "/buy-alerts/:productId",
    {
      schema: {
        operationId: "api_buyalert_delete_product",
        tags: ["buy-alerts"],
        summary: "End the alert for a product",
        params: productIdParams,
        response: { 200: buyAlertChangeSchema, ...errorResponsesOf(buyAlertDeleteErrors) },
      },
    },
    async (request) => service.deleteAlert(await requireCustomer(request), request.params.productId),
  );

  app.get(
    "/alerts/unsubscribe",
    {
      schema: {
        operationId: "api_alert_unsubscribe",
        tags: ["buy-alerts"],
        summary: "The link in every alert mail: ends that alert (or the price-drop mails of that product) and goes to the page listing them",
        querystring: unsubscribeQuery,
        response: { 303: z.null().describe("To the buy alerts, or the wishlist for price-drop mails"), ...errorResponsesOf(unsubscribeErrors) },
      },
    },
    async (request, reply) => {
      const kind = await service.unsubscribe(request.query.token);
      return reply.redirect(kind === "alert" ? "/buy-alerts?unsubscribed=1" : "/wishlist?unsubscribed=1", 303);
    },
  );

  app.put(
    "/ops/products/:productId/variants/:label",
    {
      schema: {
        operationId: "api_ops_set_stock",
        tags: ["operations"],
        summary: "Fulfilment staff: set a grade's stock and/or price; waiting buy alerts are mailed when it comes back",
        params: stockParams,
        body: stockBody,
        response: { 200: stockChangedSchema, ...errorResponsesOf(setStockErrors, { 404: "ROUTE_NOT_FOUND for anyone but staff" }) },
      },
    },
    async (request) => service.setStock(staffActorOf(request), request.params.productId, request.params.label, request.body),
  );
}
