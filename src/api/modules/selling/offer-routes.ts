import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import {
  offerBody,
  offerSchema,
  productParams,
  questionsSchema,
  tradeInOfferErrors,
  tradeInQuestionsErrors,
  tradeInSearchErrors,
  tradeInSearchQuery,
  tradeInSearchSchema,
} from "./offer-schemas.ts";
import type { OfferService } from "./offer-service.ts";

const tags = ["trade-in"];

/** The sell side's catalogue: what can be sold here, the condition questions, and the offer for the answers. */
export function registerOfferRoutes(app: ApiInstance, service: OfferService): void {
  app.get(
    "/trade-in/search",
    {
      schema: {
        operationId: "api_trade_in_search",
        tags,
        summary: "Devices the shop buys, most asked-for first, optionally in a category or matching a text (an EAN or ISBN finds its product), with the best-condition payout",
        querystring: tradeInSearchQuery,
        response: { 200: tradeInSearchSchema, ...errorResponsesOf(tradeInSearchErrors) },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    "/trade-in/products/:id/questions",
    {
      schema: { operationId: "api_trade_in_questions", tags, summary: "The condition questions for a product the shop buys", params: productParams, response: { 200: questionsSchema, ...errorResponsesOf(tradeInQuestionsErrors) } },
    },
    async (request) => service.questions(request.params.id),
  );

  app.post(
    "/trade-in/products/:id/offer",
    {
      schema: {
        operationId: "api_trade_in_offer",
        tags,
        summary: "The offer for the answers: grade, price with its breakdown and how long it holds, or why the shop cannot buy the item",
        params: productParams,
        body: offerBody,
        response: { 200: offerSchema, ...errorResponsesOf(tradeInOfferErrors, { 400: "GRADING_ANSWERS_INVALID's reference is answers.<question>" }) },
      },
    },
    async (request) => service.offer(request.params.id, request.body.answers),
  );
}
