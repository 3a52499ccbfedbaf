import type { CartCookie } from "../../../domain/checkout/cart-rules.ts";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { cartCookieSetter, type CartOwnerOf } from "../cart/routes.ts";
import {
  addedSellItemSchema,
  addSellItemBody,
  gradingAnswersSchema,
  sellCartAddErrors,
  sellCartAnswersErrors,
  sellCartQuery,
  sellCartRemoveErrors,
  sellCartRemoveExpressGradingErrors,
  sellCartSchema,
  sellCartSetCouponErrors,
  sellCartSetExpressGradingErrors,
  sellCartShippingErrors,
  sellCartViewErrors,
  itemUuidParams,
  prepareCheckoutSchema,
  productIdParams,
  sellCouponBody,
  shippingBody,
} from "./sell-cart-schemas.ts";
import type { SellCartService } from "./sell-cart-service.ts";
import { checkedOutSchema, sellCheckoutBody, sellCheckoutErrors } from "./sale-schemas.ts";
import type { SaleService } from "./sale-service.ts";
import { idempotencyHeaders, sendIdempotent } from "../../idempotency.ts";

const tags = ["sell-cart"];

/** The sell cart: what a customer offers the shop, with their answers, its options and what stops its checkout. */
export function registerSellCartRoutes(app: ApiInstance, service: SellCartService, deps: { ownerOf: CartOwnerOf; cookie: CartCookie; sales: SaleService }) {
  const { ownerOf } = deps;
  const keepCart = cartCookieSetter(deps.cookie);

  app.get(
    "/green-cart",
    { schema: { operationId: "api_get_green_cart", tags, summary: "The sell cart: items with their offers, options, payout and what stops its checkout", querystring: sellCartQuery, response: { 200: sellCartSchema, ...errorResponsesOf(sellCartViewErrors) } } },
    async (request) => service.view(await ownerOf(request), request.query.withProducts),
  );

  app.post(
    "/green-cart/prepare-checkout",
    {
      schema: {
        operationId: "api_prepare_green_checkout",
        tags,
        summary: "The cart as checkout sees it: orderProductsCount (0: nothing to check out) and errors, each with a type",
        response: { 200: prepareCheckoutSchema },
      },
    },
    async (request) => ({ cart: await service.view(await ownerOf(request), true) }),
  );

  app.post(
    "/green-cart/items/:id",
    {
      schema: {
        operationId: "api_add_item_to_green_cart",
        tags,
        summary: "Offer product {id} at the price its answers give (or change the item editId); the first add of a visitor sets the cart cookie",
        params: productIdParams,
        body: addSellItemBody,
        response: {
          201: addedSellItemSchema,
          ...errorResponsesOf(sellCartAddErrors, { 404: "no such product, or no item editId in the cart", 409: "the offer is no longer the price sent; ask for it again" }),
        },
      },
    },
    async (request, reply) => {
      const { answers } = request.body.customerGradingDto;
      const { view, addedItemId, token } = await service.addItem(await ownerOf(request), request.params.id, { ...request.body, answers });
      keepCart(reply, token);
      return reply.status(201).send({ ...view, addedItemId });
    },
  );

  app.delete(
    "/green-cart/items/:id",
    { schema: { operationId: "api_remove_green_cart_item", tags, summary: "Remove an item", params: itemUuidParams, response: { 200: sellCartSchema, ...errorResponsesOf(sellCartRemoveErrors) } } },
    async (request) => service.removeItem(await ownerOf(request), request.params.id),
  );

  app.delete(
    "/green-cart/items",
    { schema: { operationId: "api_remove_green_cart_items", tags, summary: "Empty the sell cart", response: { 200: sellCartSchema } } },
    async (request) => service.removeAll(await ownerOf(request)),
  );

  app.get(
    "/green-cart/items/:id/grading-answers",
    {
      schema: {
        operationId: "api_cart_order_product_customer_grading_answers",
        tags,
        summary: "The answers an item was offered for, to edit them",
        params: itemUuidParams,
        response: { 200: gradingAnswersSchema, ...errorResponsesOf(sellCartAnswersErrors) },
      },
    },
    async (request) => service.gradingAnswers(await ownerOf(request), request.params.id),
  );

  app.put(
    "/green-cart/coupon",
    {
      schema: {
        operationId: "api_set_coupon",
        tags,
        summary: "Apply a sell coupon: a bonus on the payout",
        body: sellCouponBody,
        response: { 200: sellCartSchema, ...errorResponsesOf(sellCartSetCouponErrors) },
      },
    },
    async (request) => service.setCoupon(await ownerOf(request), request.body.code),
  );

  app.delete(
    "/green-cart/coupon",
    { schema: { operationId: "api_remove_coupon", tags, summary: "Remove the sell coupon", response: { 200: sellCartSchema } } },
    async (request) => service.removeCoupon(await ownerOf(request)),
  );

  app.put(
    "/green-cart/express-grading",
    { schema: { operationId: "api_green_cart_set_express_grading", tags, summary: "Choose express inspection (a fee off the payout)", response: { 200: sellCartSchema, ...errorResponsesOf(sellCartSetExpressGradingErrors, { 409: "media in the cart, more than five items, or an empty cart" }) } } },
    async (request) => service.setExpressGrading(await ownerOf(request), true),
  );
  app.delete(
    "/green-cart/express-grading",
    { schema: { operationId: "api_green_cart_remove_express_grading", tags, summary: "Back to standard inspection", response: { 200: sellCartSchema, ...errorResponsesOf(sellCartRemoveExpressGradingErrors) } } },
    async (request) => service.setExpressGrading(await ownerOf(request), false),
  );

  app.put(
    "/green-cart/shipping",
    {
      schema: { operationId: "api_green_cart_set_shipping", tags, summary: "Choose the carrier and the number of parcels (1–3)", body: shippingBody, response: { 200: sellCartSchema, ...errorResponsesOf(sellCartShippingErrors) } },
    },
    async (request) => service.setShipping(await ownerOf(request), request.body),
  );

  app.post(
    "/green-cart/checkout",
    {
      schema: {
        operationId: "api_green_checkout",
        tags,
        summary: "Sell what is in the sell cart: the sale gets a number, a shipping label and an e-mail. A replay with the same Idempotency-Key returns the first answer",
        headers: idempotencyHeaders,
        body: sellCheckoutBody,
        response: {
          201: checkedOutSchema,
          ...errorResponsesOf(sellCheckoutErrors, {
            400: "invalid input; the IBAN's codes have the reference payout.iban",
            409: "the cart cannot be sold as it is (a prepare-checkout error's type, a changed payout or cart, a coupon used meanwhile); IDEMPOTENCY_KEY_REUSED for the same key with another body, IDEMPOTENCY_KEY_IN_PROGRESS while the first request runs",
          }),
        },
      },
    },
    async (request, reply) => sendIdempotent(reply, await deps.sales.checkout(await ownerOf(request), request.body, request.headers["idempotency-key"], request.locale)),
  );
}
