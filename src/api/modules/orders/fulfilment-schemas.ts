import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { DELIVERY_METHODS, PAYMENT_METHODS } from "../../../domain/checkout/cart-rules.ts";
import { SHIPPING_CARRIERS } from "../../../domain/checkout/carriers.ts";
import { ORDER_STATUSES } from "../../../domain/checkout/orders.ts";
import { UNIT_STATUSES } from "../../../domain/stock/units.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, pageParam, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";
import { address } from "./schemas.ts";

const urgency = z.enum(["late", "at_risk", "on_time"]).describe("late: the dispatch promise is broken; at_risk: less than a day is left");

export const opsOrderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional().describe("Only orders of this status; without it, the fulfilment queue (paid and picked)"),
  q: textParam("A search", 254).optional().describe("An order number (or part of it) or the customer's e-mail"),
  attention: z
    .enum(["refund_due"])
    .optional()
    .describe("refund_due: cancelled orders whose money came in anyway (a payment after the cancellation) and is not refunded yet"),
  page: pageParam(10_000),
});
export type OpsOrderListQuery = QueryParams<typeof opsOrderListQuery>;

const shipment = z
  .object({
    carrier: z.enum(SHIPPING_CARRIERS),
    trackingNumber: z.string(),
    trackingUrl: z.string(),
    shippedAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: "Shipment" });
export const shipmentSchema = shipment;

export const opsOrderListSchema = z
  .object({
    orders: z.array(
      z.object({
        uuid: z.uuid(),
        number: z.string(),
        status: z.enum(ORDER_STATUSES),
        email: z.string(),
        placedAt: z.string(),
        paidAt: z.string().nullable(),
        dispatchDeadline: z.string().nullable().describe("By when it must leave the warehouse (paid orders)"),
        urgency: urgency.nullable(),
        itemCount: z.number().int(),
        total: moneySchema,
        deliveryMethod: z.enum(DELIVERY_METHODS),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "OpsOrderList" });
export type OpsOrderList = z.infer<typeof opsOrderListSchema>;

export const opsOrderSchema = z
  .object({
    uuid: z.uuid(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    email: z.string(),
    locale: z.string(),
    placedAt: z.string(),
    paidAt: z.string().nullable(),
    dispatchDeadline: z.string().nullable(),
    urgency: urgency.nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    billingAddress: address,
    deliveryAddress: address,
    total: moneySchema,
    refundedTotal: moneySchema,
    items: z.array(
      z.object({
        uuid: z.uuid(),
        productId: z.number().int(),
        name: z.string(),
        grade: z.enum(GRADES),
        withFullBattery: z.boolean(),
        price: moneySchema,
        unit: z
          .object({ id: z.number().int(), label: z.string(), identifier: z.string().nullable(), location: z.string().nullable(), status: z.enum(UNIT_STATUSES), fullBattery: z.boolean() })
          .nullable()
          .describe("The unit held for the item: reserved until it is scanned at picking"),
      }),
    ),
    shipment: shipment.nullable(),
    timeline: z.array(z.object({ status: z.enum(ORDER_STATUSES), event: z.string(), actor: z.string(), at: z.string() })),
  })
  .meta({ id: "OpsOrder" });
export type OpsOrder = z.infer<typeof opsOrderSchema>;

export const opsPickBody = z
  .strictObject({
    itemUuid: z.uuid("The item must be a UUID"),
    code: textParam("The unit's label or IMEI", 40).describe("What the scanner read: the unit's label (U000123) or its IMEI / serial number"),
  })
  .meta({ id: "OpsOrderPick" });
export const opsShipBody = z
  .strictObject({
    carrier: z.enum(SHIPPING_CARRIERS, { error: `The carrier must be one of ${SHIPPING_CARRIERS.join(", ")}` }),
    trackingNumber: textParam("The tracking number", 40),
  })
  .meta({ id: "OpsOrderShip" });
export type OpsShipInput = z.output<typeof opsShipBody>;
export const opsLabelQuery = z.object({ carrier: z.enum(SHIPPING_CARRIERS).default("dhl") });

export const opsOrderListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsOrderListError = OperationError<typeof opsOrderListErrors>;
export const opsOrderViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ORDER_NOT_FOUND"] });
export type OpsOrderViewError = OperationError<typeof opsOrderViewErrors>;
export const opsPickErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  ...STAFF_GUARD_ERRORS,
  404: ["ORDER_NOT_FOUND", "ORDER_ITEM_NOT_FOUND", "UNIT_NOT_FOUND"],
  409: ["ORDER_TRANSITION_NOT_ALLOWED", "UNIT_DOES_NOT_MATCH"],
});
export type OpsPickError = OperationError<typeof opsPickErrors>;
export const opsShipErrors = operationErrors({ 400: ["VALIDATION_FAILED", "TRACKING_NUMBER_INVALID"], ...STAFF_GUARD_ERRORS, 404: ["ORDER_NOT_FOUND"], 409: ["ORDER_TRANSITION_NOT_ALLOWED"] });
export type OpsShipError = OperationError<typeof opsShipErrors>;
export const opsDeliverErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ORDER_NOT_FOUND"], 409: ["ORDER_TRANSITION_NOT_ALLOWED"] });

export const carrierEventHeaders = z.object({ "x-carrier-events-secret": z.string().max(500).optional().describe("CARRIER_EVENTS_SECRET") });
export const carrierEventBody = z
  .strictObject({
    carrier: z.enum(SHIPPING_CARRIERS),
    trackingNumber: textParam("The tracking number", 40),
    event: z.enum(["delivered"]).describe("What the carrier reports; only a delivery changes the order"),
    at: z.iso.datetime({ offset: true, error: "at must be an ISO date-time" }).optional().describe("When it happened; now when left out"),
  })
  .meta({ id: "CarrierEvent" });
export const carrierEventSchema = z.object({ matched: z.boolean().describe("Whether a shipped order has this carrier and tracking number (and is delivered now)") });
export const carrierEventErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 403: ["CARRIER_SECRET_INVALID"], 404: ["ROUTE_NOT_FOUND"] });
