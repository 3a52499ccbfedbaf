import type { OpsOrder } from "../../../api/contract.ts";
import { isShippingCarrier, type ShippingCarrier } from "../../../domain/checkout/carriers.ts";
import { mayBeCancelled, ORDER_STATUSES, type OrderStatus } from "../../../domain/checkout/orders.ts";
import { mayAct, type StaffRole } from "../../../domain/staff/staff.ts";

/**
 * The orders pages' rules that are not drawing: their addresses and filter, what a member's roles
 * do with an order in its status, and the API's refusals at their fields.
 */
export const ORDERS_PATH = "/ops/orders";
export const orderPath = (order: { uuid: string }) => `${ORDERS_PATH}/${order.uuid}`;

export interface OrderFilter {
  q: string;
  status: OrderStatus | null;
}

export function orderFilterOf(params: URLSearchParams): OrderFilter {
  const status = params.get("status") ?? "";
  return { q: (params.get("q") ?? "").trim().slice(0, 254), status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : null };
}

/** The queue's address with its search, filter and page (the queue's first page leaves it bare). */
export function ordersPath(filter: OrderFilter, page = 1): string {
  const search = new URLSearchParams({ ...(filter.q ? { q: filter.q } : {}), ...(filter.status ? { status: filter.status } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return search ? `${ORDERS_PATH}?${search}` : ORDERS_PATH;
}

export type OpsOrderItem = OpsOrder["items"][number];

/** Whether an item's unit has been scanned: its unit is on the packing table or further. */
export const isPicked = (item: OpsOrderItem) => item.unit !== null && (item.unit.status === "picked" || item.unit.status === "shipped");

/** What this member may do with the order now: scan, print, ship, report delivered, cancel. */
export function orderActions(roles: readonly StaffRole[], order: Pick<OpsOrder, "status">) {
  const fulfilment = mayAct(roles, ["fulfilment"]);
  return {
    pick: fulfilment && order.status === "paid",
    documents: fulfilment && ["paid", "picked", "shipped", "delivered"].includes(order.status),
    ship: fulfilment && order.status === "picked",
    deliver: mayAct(roles, ["fulfilment", "support"]) && order.status === "shipped",
    cancel: mayAct(roles, ["fulfilment", "support"]) && mayBeCancelled(order.status, "staff"),
  };
}

export type Intent = "pick" | "ship" | "deliver" | "cancel";
export const intentOf = (value: FormDataEntryValue | null): Intent | null => (value === "pick" || value === "ship" || value === "deliver" || value === "cancel" ? value : null);

type ApiRefusal = { code: string | undefined; errors: readonly { code: string; reference: string }[] };

/** A scan refused, in the page's words (ops.orders.problems), said at the item's scan field. */
export function pickProblemOf(error: ApiRefusal): string {
  switch (error.code) {
    case "UNIT_NOT_FOUND":
      return "unitNotFound";
    case "UNIT_DOES_NOT_MATCH":
      return "unitDoesNotMatch";
    case "ORDER_TRANSITION_NOT_ALLOWED":
      return "notPickable";
    case "ORDER_ITEM_NOT_FOUND":
      return "itemNotFound";
    case "ROLE_REQUIRED":
      return "notAllowed";
    default:
      return "codeInvalid";
  }
}

export type ShipField = "carrier" | "trackingNumber";
/** A shipment refused: at the tracking number or the carrier, or the form's. */
export function shipProblemOf(error: ApiRefusal): { field: ShipField | null; problem: string } {
  switch (error.code) {
    case "TRACKING_NUMBER_INVALID":
      return { field: "trackingNumber", problem: "trackingNumberInvalid" };
    case "ORDER_TRANSITION_NOT_ALLOWED":
      return { field: null, problem: "notShippable" };
    case "ROLE_REQUIRED":
      return { field: null, problem: "notAllowed" };
  }
  const reference = error.errors[0]?.reference ?? "";
  return reference.endsWith("carrier") ? { field: "carrier", problem: "carrierInvalid" } : { field: "trackingNumber", problem: "trackingNumberInvalid" };
}

export function cancelProblemOf(error: ApiRefusal): string {
  switch (error.code) {
    case "ORDER_NOT_CANCELLABLE":
      return "notCancellable";
    case "ROLE_REQUIRED":
      return "notAllowed";
    case "VALIDATION_FAILED":
      return "reasonRequired";
    default:
      return "cancelFailed";
  }
}

export const carrierOf = (value: FormDataEntryValue | null): ShippingCarrier | null => (isShippingCarrier(value) ? value : null);
