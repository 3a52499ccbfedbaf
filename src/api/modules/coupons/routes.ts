import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  couponCodeParams,
  couponCreateBody,
  couponCreateErrors,
  couponListErrors,
  couponListQuery,
  couponListSchema,
  couponSchema,
  couponUpdateBody,
  couponUpdateErrors,
} from "./schemas.ts";
import type { CouponService } from "./service.ts";

const ops = { tags: ["operations"] };

/** Coupons of both sides in the back-office (the staff guard has run: staffActorOf is the member). */
export function registerCouponRoutes(app: ApiInstance, service: CouponService): void {
  app.get(
    "/ops/coupons",
    {
      schema: {
        operationId: "api_ops_coupon_list",
        ...ops,
        summary: "Buy and sell coupons with their redemptions, the latest ending first; by side and by state (active now, expired, upcoming)",
        querystring: couponListQuery,
        response: { 200: couponListSchema, ...errorResponsesOf(couponListErrors) },
      },
    },
    async (request) => service.list(staffActorOf(request), request.query),
  );
  app.post(
    "/ops/coupons",
    {
      schema: {
        operationId: "api_ops_coupon_create",
        ...ops,
        summary: "A new buy coupon (percent or fixed, minimum order value, window, once per customer, instalments) or sell coupon (bonus percentage with a cap)",
        body: couponCreateBody,
        response: { 201: couponSchema, ...errorResponsesOf(couponCreateErrors, { 409: "the code is taken on either side" }) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(staffActorOf(request), request.body)),
  );
  app.put(
    "/ops/coupons/:code",
    {
      schema: {
        operationId: "api_ops_coupon_update",
        ...ops,
        summary: "A coupon's terms; its code and side stay",
        params: couponCodeParams,
        body: couponUpdateBody,
        response: { 200: couponSchema, ...errorResponsesOf(couponUpdateErrors, { 404: "no coupon with this code on this side" }) },
      },
    },
    async (request) => service.update(staffActorOf(request), request.params.code, request.body),
  );
}
