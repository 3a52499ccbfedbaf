import type { FastifyReply } from "fastify";
import { deliveryNoteFileName, renderDeliveryNotePdf } from "../../../documents/delivery-note.ts";
import { orderShippingLabelFileName, renderOrderShippingLabelPdf } from "../../../documents/order-shipping-label.ts";
import { AppError, errorResponsesOf } from "../../errors.ts";
import { sameSecret } from "../../secrets.ts";
import { pdfAnswer } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  carrierEventBody,
  carrierEventErrors,
  carrierEventHeaders,
  carrierEventSchema,
  opsDeliverErrors,
  opsLabelQuery,
  opsOrderListErrors,
  opsOrderListQuery,
  opsOrderListSchema,
  opsOrderSchema,
  opsOrderViewErrors,
  opsPickBody,
  opsPickErrors,
  opsShipBody,
  opsShipErrors,
} from "./fulfilment-schemas.ts";
import type { FulfilmentService } from "./fulfilment-service.ts";
import { deliveryNoteInputOf, orderShippingLabelInputOf } from "./order-mails.ts";
import { summaryOf } from "./order-jobs.ts";
import { orderUuidParams } from "./schemas.ts";
import type { OrderService } from "./service.ts";

const ops = { tags: ["operations"] };

/** Fulfilment in the back-office: the queue, one order, picking by scan, shipping, delivery and the parcel's documents (the staff guard has run). */
export function registerFulfilmentRoutes(app: ApiInstance, service: FulfilmentService, deps: { orders: OrderService; publicUrl: string; carrierSecret: string | undefined }): void {
  app.get(
    "/ops/orders",
    {
      schema: {
        operationId: "api_ops_order_list",
        ...ops,
        summary: "Orders, the oldest dispatch promise first, with their deadline and whether it is at risk; without a status, the fulfilment queue (paid and picked)",
        querystring: opsOrderListQuery,
        response: { 200: opsOrderListSchema, ...errorResponsesOf(opsOrderListErrors) },
      },
    },
    async (request) => service.list(staffActorOf(request), request.query),
  );
  app.get(
    "/ops/orders/:orderUuid",
    {
      schema: {
        operationId: "api_ops_order_view",
        ...ops,
        summary: "One order with its items and their units, its dispatch promise, shipment and timeline",
        params: orderUuidParams,
        response: { 200: opsOrderSchema, ...errorResponsesOf(opsOrderViewErrors) },
      },
    },
    async (request) => service.view(staffActorOf(request), request.params.orderUuid),
  );
  app.post(
    "/ops/orders/:orderUuid/pick",
    {
      schema: {
        operationId: "api_ops_order_pick",
        ...ops,
        summary: "Fulfilment scans a unit (label or IMEI) for an item of a paid order: its reserved unit or another in stock of the same product and grade; the last item picks the order",
        params: orderUuidParams,
        body: opsPickBody,
        response: { 200: opsOrderSchema, ...errorResponsesOf(opsPickErrors, { 409: "UNIT_DOES_NOT_MATCH when the scanned unit cannot serve the item (other product or grade, no new battery, not in stock)" }) },
      },
    },
    async (request) => service.pick(staffActorOf(request), request.params.orderUuid, request.body),
  );
  app.post(
    "/ops/orders/:orderUuid/ship",
    {
      schema: {
        operationId: "api_ops_order_ship",
        ...ops,
        summary: "Fulfilment hands the picked parcel to the carrier: carrier and tracking number recorded, the customer gets the shipped mail with the tracking link and the delivery note",
        params: orderUuidParams,
        body: opsShipBody,
        response: { 200: opsOrderSchema, ...errorResponsesOf(opsShipErrors) },
      },
    },
    async (request) => service.ship(staffActorOf(request), request.params.orderUuid, request.body),
  );
  app.post(
    "/ops/orders/:orderUuid/delivered",
    {
      schema: {
        operationId: "api_ops_order_deliver",
        ...ops,
        summary: "The carrier reports the parcel delivered (without word, shipped orders count as delivered after seven days)",
        params: orderUuidParams,
        response: { 200: opsOrderSchema, ...errorResponsesOf(opsDeliverErrors) },
      },
    },
    async (request) => service.deliver(staffActorOf(request), request.params.orderUuid),
  );

  app.post(
    "/carriers/events",
    {
      // Before the body is looked at: unconfigured, the webhook does not exist, and a caller without the secret learns nothing.
      onRequest: async (request) => {
        if (!deps.carrierSecret) throw AppError.notFound("ROUTE_NOT_FOUND", "No API operation POST /api/carriers/events");
        const given = request.headers["x-carrier-events-secret"];
        if (!sameSecret(typeof given === "string" ? given : undefined, deps.carrierSecret)) {
          throw new AppError(403, "CARRIER_SECRET_INVALID", "The carrier events secret is missing or wrong.", "x-carrier-events-secret");
        }
      },
      schema: {
        operationId: "api_carrier_event",
        tags: ["orders"],
        summary: "Tracking webhook of the carriers: a delivered parcel delivers its shipped order (the customer is mailed); 404 unless CARRIER_EVENTS_SECRET is set",
        headers: carrierEventHeaders,
        body: carrierEventBody,
        response: { 200: carrierEventSchema, ...errorResponsesOf(carrierEventErrors, { 403: "X-Carrier-Events-Secret is missing or wrong", 404: "CARRIER_EVENTS_SECRET is not set" }) },
      },
    },
    async (request) => ({ matched: await service.carrierDelivered(request.body.carrier, request.body.trackingNumber, request.body.at ? new Date(request.body.at) : undefined) }),
  );

  /** The order in the plain values its documents take, with each item's unit's IMEI or serial. */
  async function summary(request: Parameters<typeof staffActorOf>[0], uuid: string) {
    const { order } = await service.documentSource(staffActorOf(request), uuid);
    return { order, summary: summaryOf(order, await deps.orders.toView(order), deps.publicUrl, await deps.orders.unitIdentifiers(uuid)) };
  }
  const pdf = (reply: FastifyReply, fileName: string, body: Buffer) =>
    reply.type("application/pdf").header("content-disposition", `inline; filename="${fileName}"`).header("cache-control", "private, no-store").send(body);

  app.get(
    "/ops/orders/:orderUuid/label.pdf",
    {
      schema: {
        operationId: "api_ops_order_label",
        ...ops,
        summary: "The parcel's shipping label (A6) with a Code 128 barcode of the tracking number, or of the order number before there is one",
        params: orderUuidParams,
        querystring: opsLabelQuery,
        response: { 200: pdfAnswer("The label as PDF"), ...errorResponsesOf(opsOrderViewErrors) },
      },
    },
    async (request, reply) => {
      const { order, summary: s } = await summary(request, request.params.orderUuid);
      const shipment = s.shipment ?? { carrier: request.query.carrier, trackingNumber: null };
      const body = await renderOrderShippingLabelPdf(orderShippingLabelInputOf(s, shipment, new Date(order.shippedAt ?? order.placedAt)));
      return pdf(reply, orderShippingLabelFileName(s.locale, order.number), body);
    },
  );
  app.get(
    "/ops/orders/:orderUuid/delivery-note.pdf",
    {
      schema: {
        operationId: "api_ops_order_delivery_note",
        ...ops,
        summary: "The delivery note (A4, the customer's language): items with their IMEI or serial, no prices",
        params: orderUuidParams,
        response: { 200: pdfAnswer("The delivery note as PDF"), ...errorResponsesOf(opsOrderViewErrors) },
      },
    },
    async (request, reply) => {
      const { order, summary: s } = await summary(request, request.params.orderUuid);
      const body = await renderDeliveryNotePdf(deliveryNoteInputOf(s, new Date(order.shippedAt ?? order.placedAt)));
      return pdf(reply, deliveryNoteFileName(s.locale, order.number), body);
    },
  );
}
