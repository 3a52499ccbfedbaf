import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  blockedDeviceBody,
  blockedDeviceErrors,
  blockedDeviceListSchema,
  opsInspectionBody,
  opsInspectionErrors,
  opsSaleItemParams,
  opsSaleListErrors,
  opsSaleListQuery,
  opsSaleListSchema,
  opsSaleReceiveBody,
  opsSaleReceiveErrors,
  opsSaleRefParams,
  opsSaleUuidParams,
  opsSaleViewErrors,
  opsSaleViewSchema,
  unmatchedParcelBody,
  unmatchedParcelErrors,
  unmatchedParcelListSchema,
} from "./sale-ops-schemas.ts";
import type { SaleOpsService } from "./sale-ops-service.ts";

const ops = { tags: ["operations"] };

/** Receiving and blind inspection in the back-office (the staff guard has run: staffActorOf is the member). */
export function registerSaleOpsRoutes(app: ApiInstance, service: SaleOpsService): void {
  app.get(
    "/ops/sales",
    { schema: { operationId: "api_ops_sale_list", ...ops, summary: "Sales by status, seller and age, oldest first", querystring: opsSaleListQuery, response: { 200: opsSaleListSchema, ...errorResponsesOf(opsSaleListErrors) } } },
    async (request) => service.list(staffActorOf(request), request.query),
  );
  app.get(
    "/ops/sales/:saleRef",
    {
      schema: {
        operationId: "api_ops_sale_view",
        ...ops,
        summary: "A sale by UUID, number or label barcode, with its expected items; what the seller said shows once an item is inspected",
        params: opsSaleRefParams,
        response: { 200: opsSaleViewSchema, ...errorResponsesOf(opsSaleViewErrors) },
      },
    },
    async (request) => service.view(staffActorOf(request), request.params.saleRef),
  );
  app.post(
    "/ops/sales/:saleUuid/receive",
    {
      schema: {
        operationId: "api_ops_sale_receive",
        ...ops,
        summary: "Receiving: the parcel is here, with a note; the seller gets the parcel-received mail",
        params: opsSaleUuidParams,
        body: opsSaleReceiveBody,
        response: { 200: opsSaleViewSchema, ...errorResponsesOf(opsSaleReceiveErrors, { 409: "received already, or past receiving" }) },
      },
    },
    async (request) => service.receive(staffActorOf(request), request.params.saleUuid, request.body),
  );
  app.post(
    "/ops/sales/:saleUuid/items/:itemUuid/inspection",
    {
      schema: {
        operationId: "api_ops_sale_item_inspect",
        ...ops,
        summary: "Grading: one item's blind inspection checklist; the grade follows by the trade-in's rule, and the last item decides the sale (offer confirmed or counteroffer)",
        params: opsSaleItemParams,
        body: opsInspectionBody,
        response: { 200: opsSaleViewSchema, ...errorResponsesOf(opsInspectionErrors, { 400: "one CHECKLIST_INVALID per check missing or wrong, referenced checklist.<check>", 409: "another inspector saved first (INSPECTION_CONFLICT), the parcel is not received yet, or the sale is decided" }) },
      },
    },
    async (request) => service.inspect(staffActorOf(request), request.params.saleUuid, request.params.itemUuid, request.body),
  );
  app.get(
    "/ops/parcels/unmatched",
    { schema: { operationId: "api_ops_parcel_unmatched_list", ...ops, summary: "Parcels that matched no sale, oldest first", response: { 200: unmatchedParcelListSchema, ...errorResponsesOf(unmatchedParcelErrors) } } },
    async (request) => service.unmatchedParcels(staffActorOf(request)),
  );
  app.post(
    "/ops/parcels/unmatched",
    { schema: { operationId: "api_ops_parcel_unmatched_create", ...ops, summary: "Receiving: a parcel whose code matches no sale", body: unmatchedParcelBody, response: { 200: unmatchedParcelListSchema, ...errorResponsesOf(unmatchedParcelErrors) } } },
    async (request) => service.recordUnmatchedParcel(staffActorOf(request), request.body),
  );
  app.get(
    "/ops/blocked-devices",
    { schema: { operationId: "api_ops_blocked_device_list", ...ops, summary: "Devices reported lost or stolen, refused at inspection", response: { 200: blockedDeviceListSchema, ...errorResponsesOf(blockedDeviceErrors) } } },
    async (request) => service.blockedDevices(staffActorOf(request)),
  );
  app.post(
    "/ops/blocked-devices",
    { schema: { operationId: "api_ops_blocked_device_add", ...ops, summary: "A device reported lost or stolen, by IMEI or serial", body: blockedDeviceBody, response: { 200: blockedDeviceListSchema, ...errorResponsesOf(blockedDeviceErrors) } } },
    async (request) => service.blockDevice(staffActorOf(request), request.body),
  );
}
