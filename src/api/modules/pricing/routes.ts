import { z } from "zod";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import type { ProductPriceService } from "./product-price-service.ts";
import {
  overrideBody,
  overrideDeleteErrors,
  overrideSetErrors,
  priceRuleApplyBody,
  priceRuleApplyErrors,
  priceRuleApplySchema,
  priceRuleBody,
  priceRuleListErrors,
  priceRuleListSchema,
  priceRuleParams,
  priceRulePreviewErrors,
  priceRulePreviewQuery,
  priceRulePreviewSchema,
  priceRuleSaveErrors,
  priceRuleSchema,
  priceRuleViewErrors,
  productGradeParams,
  productPriceListErrors,
  productPriceListQuery,
  productPriceListSchema,
  productPriceParams,
  productPricesErrors,
  productPricesSchema,
  purchasePricesBody,
  purchasePricesErrors,
} from "./schemas.ts";
import type { PriceRuleService } from "./service.ts";

const ops = { tags: ["operations"] };

/** Sale price rules, prices by hand and trade-in purchase prices in the back-office (the staff guard has run: staffActorOf is the member). */
export function registerPricingRoutes(app: ApiInstance, services: { rules: PriceRuleService; products: ProductPriceService }): void {
  const { rules, products } = services;
  app.get(
    "/ops/price-rules",
    { schema: { operationId: "api_ops_price_rule_list", ...ops, summary: "Sale price rules, the latest changed first, with their last apply", response: { 200: priceRuleListSchema, ...errorResponsesOf(priceRuleListErrors) } } },
    async (request) => rules.list(staffActorOf(request), request.locale),
  );
  app.post(
    "/ops/price-rules",
    {
      schema: {
        operationId: "api_ops_price_rule_create",
        ...ops,
        summary: "A new sale price rule: shares of the new price per grade, rounded to .99, with an optional floor above the dearest unit in stock; for every product or a category",
        body: priceRuleBody,
        response: { 201: priceRuleSchema, ...errorResponsesOf(priceRuleSaveErrors) },
      },
    },
    async (request, reply) => reply.status(201).send(await rules.create(staffActorOf(request), request.body, request.locale)),
  );
  app.get(
    "/ops/price-rules/:ruleId",
    { schema: { operationId: "api_ops_price_rule_view", ...ops, summary: "A sale price rule", params: priceRuleParams, response: { 200: priceRuleSchema, ...errorResponsesOf(priceRuleViewErrors) } } },
    async (request) => rules.view(staffActorOf(request), request.params.ruleId, request.locale),
  );
  app.put(
    "/ops/price-rules/:ruleId",
    {
      schema: { operationId: "api_ops_price_rule_update", ...ops, summary: "A rule's name, scope, shares and floor; prices change only when it is applied", params: priceRuleParams, body: priceRuleBody, response: { 200: priceRuleSchema, ...errorResponsesOf(priceRuleSaveErrors) } },
    },
    async (request) => rules.update(staffActorOf(request), request.params.ruleId, request.body, request.locale),
  );
  app.delete(
    "/ops/price-rules/:ruleId",
    { schema: { operationId: "api_ops_price_rule_delete", ...ops, summary: "Deletes a rule; the prices it set stay", params: priceRuleParams, response: { 204: z.null().describe("Deleted"), ...errorResponsesOf(priceRuleViewErrors) } } },
    async (request, reply) => {
      await rules.remove(staffActorOf(request), request.params.ruleId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/ops/price-rules/:ruleId/preview",
    {
      schema: {
        operationId: "api_ops_price_rule_preview",
        ...ops,
        summary: "What applying the rule now would change: each price with the old and new amount, whether the floor set it and whether it lies below the purchase price; counts, a page at a time, and the fingerprint the apply carries",
        params: priceRuleParams,
        querystring: priceRulePreviewQuery,
        response: { 200: priceRulePreviewSchema, ...errorResponsesOf(priceRulePreviewErrors, { 409: "the rule prices more grades than one apply may" }) },
      },
    },
    async (request) => rules.preview(staffActorOf(request), request.params.ruleId, request.query, request.locale),
  );
  app.post(
    "/ops/price-rules/:ruleId/apply",
    {
      schema: {
        operationId: "api_ops_price_rule_apply",
        ...ops,
        summary: "Applies the previewed changes in one transaction, audited; the same apply again answers the first one's result. Prices below the purchase price need the confirmation",
        params: priceRuleParams,
        body: priceRuleApplyBody,
        response: { 200: priceRuleApplySchema, ...errorResponsesOf(priceRuleApplyErrors, { 409: "the changes are no longer the previewed ones, a price below the purchase price is not confirmed, or the rule is too broad" }) },
      },
    },
    async (request) => rules.apply(staffActorOf(request), request.params.ruleId, request.body),
  );

  app.get(
    "/ops/prices/products",
    {
      schema: {
        operationId: "api_ops_price_product_list",
        ...ops,
        summary: "Products to price, most popular first: by id or words of the name",
        querystring: productPriceListQuery,
        response: { 200: productPriceListSchema, ...errorResponsesOf(productPriceListErrors) },
      },
    },
    async (request) => products.list(staffActorOf(request), request.query),
  );
  app.get(
    "/ops/prices/products/:productId",
    {
      schema: {
        operationId: "api_ops_price_product_view",
        ...ops,
        summary: "A product's sale price per grade with what its units in stock cost and the margin, the rules that cover it, and its trade-in purchase prices per grade",
        params: productPriceParams,
        response: { 200: productPricesSchema, ...errorResponsesOf(productPricesErrors) },
      },
    },
    async (request) => products.view(staffActorOf(request), request.params.productId),
  );
  app.put(
    "/ops/prices/products/:productId/overrides/:grade",
    {
      schema: {
        operationId: "api_ops_price_override_set",
        ...ops,
        summary: "Sets a grade's sale price by hand; rules leave it while set. Below the purchase price only with the confirmation",
        params: productGradeParams,
        body: overrideBody,
        response: { 200: productPricesSchema, ...errorResponsesOf(overrideSetErrors, { 409: "below what the dearest unit in stock cost, not confirmed" }) },
      },
    },
    async (request) => products.setOverride(staffActorOf(request), request.params.productId, request.params.grade, request.body),
  );
  app.delete(
    "/ops/prices/products/:productId/overrides/:grade",
    {
      schema: {
        operationId: "api_ops_price_override_delete",
        ...ops,
        summary: "Hands a grade's price back to the rules; the price stays until a rule is applied",
        params: productGradeParams,
        response: { 200: productPricesSchema, ...errorResponsesOf(overrideDeleteErrors) },
      },
    },
    async (request) => products.removeOverride(staffActorOf(request), request.params.productId, request.params.grade),
  );
  app.put(
    "/ops/prices/products/:productId/purchase-prices",
    {
      schema: {
        operationId: "api_ops_price_purchase_update",
        ...ops,
        summary: "What the shop pays sellers per grade for this product; a grade left out is paid its share of the best-grade price",
        params: productPriceParams,
        body: purchasePricesBody,
        response: { 200: productPricesSchema, ...errorResponsesOf(purchasePricesErrors) },
      },
    },
    async (request) => products.setPurchasePrices(staffActorOf(request), request.params.productId, request.body),
  );
}
