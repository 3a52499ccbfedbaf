import { errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { tradeInSearchQuery, tradeInSearchSchema } from "./schemas.ts";
import type { TradeInService } from "./service.ts";

/** The sell side's device search: what can be sold here, and for up to how much. */
export function registerTradeInRoutes(app: ApiInstance, service: TradeInService): void {
  app.get(
    "/trade-in/search",
    {
      schema: {
        operationId: "api_trade_in_search",
        tags: ["trade-in"],
        summary: "Devices the shop buys, most asked-for first, optionally matching a text, with the best-condition payout",
        querystring: tradeInSearchQuery,
        response: { 200: tradeInSearchSchema, 400: errorResponses[400] },
      },
    },
    async (request) => service.search(request.query),
  );
}
