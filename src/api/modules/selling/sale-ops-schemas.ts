import { z } from "zod";
import { SELL_GRADES } from "../../../domain/selling/grading.ts";
import { SALE_STATUSES } from "../../../domain/selling/sales.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, pageParam, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

/** A sale number as printed and scanned: "S-0001000", or the label's barcode "S-0001000-2" (with the parcel). */
export const SALE_NUMBER_PATTERN = /^S-\d{7}(-\d)?$/i;

export const opsSaleListQuery = z.object({
  status: z.enum(SALE_STATUSES).optional(),
  customer: textParam("A customer", 254).optional().describe("The seller's e-mail, or part of it"),
  olderThanDays: z.coerce.number().int().min(0).max(3650).optional().describe("Only sales created at least this many days ago"),
  page: pageParam(10_000),
});
export type OpsSaleListQuery = QueryParams<typeof opsSaleListQuery>;
export const opsSaleListSchema = z
  .object({
    sales: z.array(
      z.object({
        uuid: z.uuid(),
        number: z.string(),
        status: z.enum(SALE_STATUSES),
        createdAt: z.string(),
        ageDays: z.number().int(),
        customerEmail: z.string(),
        itemCount: z.number().int(),
        parcels: z.number().int(),
        carrier: z.string(),
        expressGrading: z.boolean(),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "OpsSaleList" });
export type OpsSaleList = z.infer<typeof opsSaleListSchema>;
export const opsSaleListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsSaleListError = OperationError<typeof opsSaleListErrors>;

export const opsSaleRefParams = z.object({ saleRef: textParam("A sale", 40).describe("The sale's UUID, its number (S-0001000) or its label's barcode (S-0001000-1)") });
export const opsSaleItemParams = z.object({ saleUuid: z.uuid("Sale id must be a UUID"), itemUuid: z.uuid("Item id must be a UUID") });
export const opsSaleUuidParams = z.object({ saleUuid: z.uuid("Sale id must be a UUID") });

const inspectionSchema = z.object({
  checklist: z.record(z.string(), z.unknown()),
  grade: z.enum(SELL_GRADES).nullable().describe("The grade the checklist gives; null when refused"),
  outcome: z.enum(["accepted", "counteroffer", "refused"]),
  reasons: z.array(z.string()).describe("The seller's questions found worse, or the refusal"),
  deviceIdentifier: z.string().nullable(),
  inspectedAt: z.string(),
  inspectorEmail: z.string().nullable(),
});

/** A photo of the parcel's damage, taken at receiving; the image itself is at its url (api_ops_sale_photo_view). */
export const parcelPhotoSchema = z.object({
  uuid: z.uuid(),
  url: z.string().describe("Where the image is (WebP, for staff who may read the sale)"),
  width: z.number().int(),
  height: z.number().int(),
  uploadedAt: z.string(),
  uploaderEmail: z.string().nullable(),
});
export type ParcelPhotoView = z.infer<typeof parcelPhotoSchema>;

export const opsSaleViewSchema = z
  .object({
    uuid: z.uuid(),
    number: z.string(),
    status: z.enum(SALE_STATUSES),
    createdAt: z.string(),
    customerEmail: z.string(),
    locale: z.string(),
    carrier: z.string(),
    parcels: z.number().int(),
    expressGrading: z.boolean(),
    received: z.object({ at: z.string(), note: z.string().nullable() }).nullable(),
    photos: z.array(parcelPhotoSchema).describe("Photos of the parcel's damage taken at receiving, oldest first"),
    items: z.array(
      z.object({
        uuid: z.uuid(),
        product: z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() }),
        questionSet: z.string().describe("Which checklist the item gets: phone, tablet, laptop, watch, device or media"),
        checks: z.array(z.string()).describe("The checklist's checks, in order"),
        version: z.number().int().describe("Send it back with the inspection: a save on an older version is refused"),
        /** Blind until inspected: what the seller said and was offered shows once the checklist is in. */
        seller: z
          .object({ grade: z.enum(SELL_GRADES), price: moneySchema, answers: z.record(z.string(), z.string()) })
          .nullable()
          .describe("What the seller said and was offered: null until the item is inspected (blind inspection)"),
        inspection: inspectionSchema.nullable(),
        counteroffer: z.object({ grade: z.enum(SELL_GRADES), price: moneySchema, reason: z.string() }).nullable(),
      }),
    ),
    timeline: z.array(z.object({ status: z.enum(SALE_STATUSES), event: z.string(), actor: z.string(), at: z.string() })),
  })
  .meta({ id: "OpsSaleView" });
export type OpsSaleView = z.infer<typeof opsSaleViewSchema>;
export const opsSaleViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["SALE_NOT_FOUND"] });
export type OpsSaleViewError = OperationError<typeof opsSaleViewErrors>;

export const opsSaleReceiveBody = z.strictObject({
  note: textParam("A note", 2000).optional().describe("What receiving noticed: damage, a missing item, a second parcel to come"),
});
export type OpsSaleReceiveInput = z.input<typeof opsSaleReceiveBody>;
export const opsSaleReceiveErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["SALE_NOT_FOUND"], 409: ["SALE_TRANSITION_NOT_ALLOWED"] });
export type OpsSaleReceiveError = OperationError<typeof opsSaleReceiveErrors>;

export const opsInspectionBody = z.strictObject({
  version: z.number().int().min(0).describe("The item's version as viewed"),
  checklist: z.record(z.string().max(40), z.union([z.string().max(60), z.number()])).describe("Check → value, as the item's checks list them"),
});
export type OpsInspectionInput = z.input<typeof opsInspectionBody>;
export const opsInspectionErrors = operationErrors({
  400: ["VALIDATION_FAILED", "CHECKLIST_INVALID"],
  ...STAFF_GUARD_ERRORS,
  404: ["SALE_NOT_FOUND", "SALE_ITEM_NOT_FOUND"],
  409: ["INSPECTION_CONFLICT", "SALE_NOT_RECEIVED", "SALE_TRANSITION_NOT_ALLOWED"],
});
export type OpsInspectionError = OperationError<typeof opsInspectionErrors>;

export const unmatchedParcelBody = z.strictObject({
  code: textParam("The scanned or typed code", 80),
  note: textParam("A note", 2000).optional(),
});
export type UnmatchedParcelInput = z.input<typeof unmatchedParcelBody>;
export const unmatchedParcelListSchema = z
  .object({ parcels: z.array(z.object({ id: z.number().int(), code: z.string(), note: z.string().nullable(), receivedAt: z.string(), receivedByEmail: z.string().nullable() })) })
  .meta({ id: "OpsUnmatchedParcels" });
export type UnmatchedParcelList = z.infer<typeof unmatchedParcelListSchema>;
export const unmatchedParcelErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type UnmatchedParcelError = OperationError<typeof unmatchedParcelErrors>;

export const blockedDeviceBody = z.strictObject({
  identifier: textParam("An IMEI or serial number", 40),
  reason: textParam("A reason", 500),
});
export type BlockedDeviceInput = z.input<typeof blockedDeviceBody>;
export const blockedDeviceListSchema = z
  .object({ devices: z.array(z.object({ identifier: z.string(), reason: z.string(), addedAt: z.string() })) })
  .meta({ id: "OpsBlockedDevices" });
export type BlockedDeviceList = z.infer<typeof blockedDeviceListSchema>;
export const blockedDeviceErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type BlockedDeviceError = OperationError<typeof blockedDeviceErrors>;
