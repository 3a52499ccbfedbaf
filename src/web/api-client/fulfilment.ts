import type { CancellationView, OpsOrder, OpsOrderList, OpsOrderListQuery, OpsShipInput } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** The refusals of api_ops_order_cancel (its type is not part of the contract yet). */
export type OpsOrderCancelError =
  | "VALIDATION_FAILED"
  | "ROLE_REQUIRED"
  | "ORDER_NOT_FOUND"
  | "ORDER_NOT_CANCELLABLE"
  | "PAYMENT_PROVIDER_NOT_CONFIGURED"
  | "PAYMENT_PROVIDER_UNAVAILABLE"
  | "REFUND_PROVIDER_REFUSED";

/** Fulfilment's calls: the queue, one order, a unit scanned for an item, the parcel shipped and delivered, an order cancelled. */
export function fulfilmentApi(api: ApiClient) {
  return {
    orders: (query: OpsOrderListQuery) => api.call<OpsOrderList>({ method: "GET", path: "/api/ops/orders", query }),
    order: (orderUuid: string) => api.call<OpsOrder>({ method: "GET", path: apiPath`/api/ops/orders/${orderUuid}` }),
    pick: (orderUuid: string, body: { itemUuid: string; code: string }) => api.call<OpsOrder>({ method: "POST", path: apiPath`/api/ops/orders/${orderUuid}/pick`, body }),
    ship: (orderUuid: string, body: OpsShipInput) => api.call<OpsOrder>({ method: "POST", path: apiPath`/api/ops/orders/${orderUuid}/ship`, body }),
    deliver: (orderUuid: string) => api.call<OpsOrder>({ method: "POST", path: apiPath`/api/ops/orders/${orderUuid}/delivered` }),
    cancel: (orderUuid: string, reason: string) => api.call<CancellationView>({ method: "POST", path: apiPath`/api/ops/orders/${orderUuid}/cancel`, body: { reason } }),
  };
}

/** Where the parcel's documents are: opened by the browser itself (the session's cookie), not through the page. */
export const labelPdfPath = (orderUuid: string) => apiPath`/api/ops/orders/${orderUuid}/label.pdf`;
export const deliveryNotePdfPath = (orderUuid: string) => apiPath`/api/ops/orders/${orderUuid}/delivery-note.pdf`;
