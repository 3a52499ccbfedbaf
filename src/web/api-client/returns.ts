import type {
  ClaimCreateBody,
  ClaimCreateError,
  ClaimPhotoError,
  ClaimView,
  OrderView,
  OrderViewError,
  ReturnCancelError,
  ReturnCreateBody,
  ReturnCreateError,
  ReturnOverview,
  ReturnOverviewError,
  ReturnView,
} from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

export type { ClaimCreateBody, ClaimCreateError, ClaimPhotoError, ClaimView, OrderViewError, ReturnCancelError, ReturnCreateBody, ReturnCreateError, ReturnOverview, ReturnOverviewError, ReturnView };

/** `key`: the order mail's key, which opens a guest's order (and its returns) without an account. */
const access = (key: string | undefined) => ({ key });

/** An order's returns and warranty claims: what may be asked for now, the requests, their withdrawal, and photos of a defect. */
export function returnsApi(api: ApiClient) {
  return {
    /** The order itself (api_order_view), with the mail's key. */
    order: async (orderUuid: string, key?: string) => api.call<OrderView>({ method: "GET", path: apiPath`/api/orders/${orderUuid}`, query: access(key) }),
    overview: async (orderUuid: string, key?: string) => api.call<ReturnOverview>({ method: "GET", path: apiPath`/api/orders/${orderUuid}/returns`, query: access(key) }),
    createReturn: async (orderUuid: string, body: ReturnCreateBody, key?: string) =>
      api.call<ReturnView>({ method: "POST", path: apiPath`/api/orders/${orderUuid}/returns`, query: access(key), body }),
    cancelReturn: async (returnUuid: string, key?: string) => api.call<ReturnView>({ method: "POST", path: apiPath`/api/returns/${returnUuid}/cancel`, query: access(key) }),
    createClaim: async (orderUuid: string, body: ClaimCreateBody, key?: string) =>
      api.call<ClaimView>({ method: "POST", path: apiPath`/api/orders/${orderUuid}/warranty-claims`, query: access(key), body }),
    /** Photos of the defect, sent as a form's files once the claim exists. */
    uploadClaimPhotos: async (claimUuid: string, photos: readonly File[], key?: string) => {
      const form = new FormData();
      for (const photo of photos) form.append("photos", photo, photo.name);
      return api.call<ClaimView>({ method: "POST", path: apiPath`/api/warranty-claims/${claimUuid}/photos`, query: access(key), form });
    },
  };
}
export type ReturnsApi = ReturnType<typeof returnsApi>;
