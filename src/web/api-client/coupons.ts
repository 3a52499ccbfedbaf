import type { CouponListQuery, OpsCoupon, OpsCouponCreateInput, OpsCouponList, OpsCouponUpdateInput } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** Support's and admins' calls for the coupons of both sides: the list with redemptions, a new coupon, a coupon's terms changed. */
export function couponsApi(api: ApiClient) {
  return {
    coupons: (query: CouponListQuery) => api.call<OpsCouponList>({ method: "GET", path: "/api/ops/coupons", query }),
    create: (body: OpsCouponCreateInput) => api.call<OpsCoupon>({ method: "POST", path: "/api/ops/coupons", body }),
    update: (code: string, body: OpsCouponUpdateInput) => api.call<OpsCoupon>({ method: "PUT", path: apiPath`/api/ops/coupons/${code}`, body }),
  };
}
