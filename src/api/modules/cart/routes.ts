import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { CartCookie } from "../../../domain/checkout/cart-rules.ts";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import {
  addItemBody,
  cartAddItemErrors,
  cartRemoveItemErrors,
  cartSetCouponErrors,
  cartSimulateCouponErrors,
  cartUpdateItemErrors,
  cartUpdateOptionsErrors,
  cartViewSchema,
  checkoutAddressBody,
  checkoutSetAddressErrors,
  couponBody,
  itemUuidParams,
  optionsBody,
  removeItemQuery,
  simulateCouponBody,
  simulatedCouponResult,
  updateItemBody,
} from "./schemas.ts";
import type { CartOwner, CartService } from "./service.ts";

const tags = ["cart"];

/** Whose cart a request reads: the session's customer, else the cart cookie's visitor. */
export type CartOwnerOf = (request: FastifyRequest) => Promise<CartOwner>;

/** Sets the cart cookie when a call has just given a visitor's cart its token; without a token it leaves the reply alone. */
export function cartCookieSetter(cookie: CartCookie): (reply: FastifyReply, token: string | undefined) => void {
  const { name, ...attributes } = cookie;
  return (reply, token) => {
    if (token) reply.setCookie(name, token, attributes);
  };
}

export function registerCartRoutes(app: ApiInstance, service: CartService, deps: { ownerOf: CartOwnerOf; cookie: CartCookie }) {
  const { ownerOf } = deps;
  const keepCart = cartCookieSetter(deps.cookie);

  app.get(
    "/cart",
    { schema: { operationId: "api_cart_view", tags, summary: "The buy cart with prices, coupon, insurance, dispatch days; repairs what no longer fits", response: { 200: cartViewSchema } } },
    async (request) => service.view(await ownerOf(request)),
  );

  app.post(
    "/cart/items",
    {
      schema: {
        operationId: "api_cart_add_item",
        tags,
        summary: "Add one unit of a grade; the first add of a visitor sets the cart cookie",
        body: addItemBody,
        response: { 201: cartViewSchema.extend({ addedItemUuid: z.uuid() }), ...errorResponsesOf(cartAddItemErrors, { 400: "invalid input, or the cart rule that refused the unit" }) },
      },
    },
    async (request, reply) => {
      const { view, itemUuid, token } = await service.addItem(await ownerOf(request), request.body);
      keepCart(reply, token);
      return reply.status(201).send({ ...view, addedItemUuid: itemUuid });
    },
  );

  app.put(
    "/cart/items/:uuid",
    {
      schema: { operationId: "api_cart_update_item", tags, summary: "Change an item's grade or full-battery option", params: itemUuidParams, body: updateItemBody, response: { 200: cartViewSchema, ...errorResponsesOf(cartUpdateItemErrors) } },
    },
    async (request) => service.updateItem(await ownerOf(request), request.params.uuid, request.body),
  );

  app.delete(
    "/cart/items/:uuid",
    {
      schema: { operationId: "api_cart_remove_item", tags, summary: "Remove an item", params: itemUuidParams, querystring: removeItemQuery, response: { 200: cartViewSchema, ...errorResponsesOf(cartRemoveItemErrors) } },
    },
    async (request) => service.removeItem(await ownerOf(request), request.params.uuid, { repair: request.query.repair }),
  );

  app.put(
    "/cart/coupon",
    { schema: { operationId: "api_cart_set_coupon", tags, summary: "Apply a coupon code", body: couponBody, response: { 200: cartViewSchema, ...errorResponsesOf(cartSetCouponErrors) } } },
    async (request, reply) => {
      const { view, token } = await service.setCoupon(await ownerOf(request), request.body.code);
      keepCart(reply, token);
      return view;
    },
  );

  app.delete(
    "/cart/coupon",
    { schema: { operationId: "api_cart_remove_coupon", tags, summary: "Remove the coupon", response: { 200: cartViewSchema } } },
    async (request) => service.removeCoupon(await ownerOf(request)),
  );

  app.post(
    "/cart/coupon-simulation",
    {
      schema: {
        operationId: "api_cart_simulate_coupon",
        tags,
        summary: "What a coupon (typed, the cart's, or a product's) would take off this cart; null when there is none to try",
        body: simulateCouponBody,
        response: { 200: simulatedCouponResult.nullable(), ...errorResponsesOf(cartSimulateCouponErrors) },
      },
    },
    async (request) => service.simulateCoupon(await ownerOf(request), request.body),
  );

  app.put(
    "/cart/options",
    { schema: { operationId: "api_cart_update_options", tags, summary: "Insurance, delivery method and payment method", body: optionsBody, response: { 200: cartViewSchema, ...errorResponsesOf(cartUpdateOptionsErrors) } } },
    async (request) => service.setOptions(await ownerOf(request), request.body),
  );

  app.put(
    "/checkout/address",
    {
      schema: {
        operationId: "api_checkout_set_address",
        tags: ["checkout"],
        summary: "Billing and delivery address (and a guest's e-mail) for the order",
        body: checkoutAddressBody,
        response: { 200: cartViewSchema, ...errorResponsesOf(checkoutSetAddressErrors) },
      },
    },
    async (request) => service.setAddress(await ownerOf(request), request.body),
  );
}
