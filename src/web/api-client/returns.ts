import type { ErrorCode, GeneralError, OrderView, OrderViewError } from "../../api/contract.ts";
import type { Grade } from "../../domain/catalogue/grades.ts";
import type { ClaimRemedy, ClaimStatus, ReturnDecision, ReturnKind, ReturnReason, ReturnStatus } from "../../domain/returns/returns.ts";
import { apiPath, type ApiClient } from "./client.ts";

/*
 * The customer's returns and warranty claims (api_return_*, api_warranty_claim_*). The shapes are
 * those of src/api/modules/returns/schemas.ts, written out here until the contract exports them.
 */

type Money = { amount: number; currency: "EUR" };
/** An operation's own codes (checked against the catalogue) and the general ones. */
type Codes<C extends ErrorCode> = C | GeneralError;

export interface ReturnView {
  uuid: string;
  number: string;
  orderUuid: string;
  orderNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  items: { orderItemUuid: string; name: string; grade: Grade; reason: ReturnReason }[];
  comment: string | null;
  /** The last day to hand the parcel to the carrier. */
  sendBy: string;
  createdAt: string;
  receivedAt: string | null;
  decidedAt: string | null;
  decision: ReturnDecision | null;
  decisionReason: string | null;
  refund: Money | null;
  /** The return label (PDF), without the order's key. */
  labelUrl: string;
}

export interface ClaimView {
  uuid: string;
  number: string;
  orderUuid: string;
  orderNumber: string;
  orderItemUuid: string;
  itemName: string;
  description: string;
  remedy: ClaimRemedy;
  status: ClaimStatus;
  decisionReason: string | null;
  refund: Money | null;
  replacement: { orderUuid: string; number: string } | null;
  repairShipment: { carrier: string; trackingNumber: string; trackingUrl: string } | null;
  photoCount: number;
  createdAt: string;
  decidedAt: string | null;
  labelUrl: string;
}

export interface ReturnOverview {
  orderUuid: string;
  deliveredAt: string | null;
  /** The kind of return open now; null when none is (not delivered yet, the period ended, a replacement). */
  returnKind: ReturnKind | null;
  withdrawalEndsAt: string | null;
  returnEndsAt: string | null;
  warrantyEndsAt: string | null;
  items: {
    orderItemUuid: string;
    name: string;
    grade: Grade;
    imageUrl: string | null;
    returnable: boolean;
    claimable: boolean;
    returnNumber: string | null;
    openClaimNumber: string | null;
  }[];
  returns: ReturnView[];
  claims: ClaimView[];
}

export interface ReturnCreateBody {
  items: { orderItemUuid: string; reason: ReturnReason }[];
  comment?: string;
}
export interface ClaimCreateBody {
  orderItemUuid: string;
  description: string;
  remedy: ClaimRemedy;
}

export type ReturnOverviewError = Codes<"VALIDATION_FAILED" | "ORDER_NOT_FOUND">;
export type ReturnCreateError = Codes<"VALIDATION_FAILED" | "ORDER_NOT_FOUND" | "ORDER_NOT_DELIVERED" | "RETURN_PERIOD_ENDED" | "RETURN_EXISTS" | "RETURN_ITEM_INVALID">;
export type ReturnCancelError = Codes<"VALIDATION_FAILED" | "RETURN_NOT_FOUND" | "RETURN_NOT_CANCELLABLE">;
export type ClaimCreateError = Codes<"VALIDATION_FAILED" | "ORDER_NOT_FOUND" | "ORDER_NOT_DELIVERED" | "WARRANTY_ENDED" | "CLAIM_EXISTS" | "RETURN_EXISTS" | "RETURN_ITEM_INVALID">;
export type ClaimPhotoError = Codes<"VALIDATION_FAILED" | "PHOTO_NOT_AN_IMAGE" | "PHOTO_LIMIT" | "PHOTO_TOO_LARGE" | "CLAIM_NOT_FOUND" | "CLAIM_DECISION_NOT_ALLOWED">;
export type { OrderViewError };

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
