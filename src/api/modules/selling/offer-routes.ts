import { errorBodySchema, errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { offerBody, offerSchema, productParams, questionsSchema, tradeInSearchQuery, tradeInSearchSchema } from "./offer-schemas.ts";
import type { OfferService } from "./offer-service.ts";

const tags = ["trade-in"];
const productErrors = {
  400: errorBodySchema.describe("Invalid input, PRODUCT_NOT_PURCHASABLE, or GRADING_ANSWERS_INVALID (reference: answers.<question>)"),
  404: errorBodySchema.describe("PRODUCT_DOESNT_EXIST"),
};

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
        response: { 200: tradeInSearchSchema, 400: errorResponses[400] },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    "/trade-in/products/:id/questions",
    {
      schema: { operationId: "api_trade_in_questions", tags, summary: "The condition questions for a product the shop buys", params: productParams, response: { 200: questionsSchema, ...productErrors } },
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
        response: { 200: offerSchema, ...productErrors },
      },
    },
    async (request) => service.offer(request.params.id, request.body.answers),
  );
}
