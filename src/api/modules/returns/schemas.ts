import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { SHIPPING_CARRIERS } from "../../../domain/checkout/carriers.ts";
import { CLAIM_DECISIONS, CLAIM_REMEDIES, CLAIM_STATUSES, RETURN_DECISIONS, RETURN_REASONS, RETURN_STATUSES, UNIT_DESTINATIONS } from "../../../domain/returns/returns.ts";
import { UNIT_STATUSES } from "../../../domain/stock/units.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, multilineText, pageParam, textParam } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const cents = z.number().int().min(1).max(100_000_000);
const shipment = z.object({ carrier: z.enum(SHIPPING_CARRIERS), trackingNumber: z.string(), trackingUrl: z.string() });

export const returnUuidParams = z.object({ returnUuid: z.uuid("Return id must be a UUID") });
export const claimUuidParams = z.object({ claimUuid: z.uuid("Claim id must be a UUID") });
export const claimPhotoParams = claimUuidParams.extend({ photoUuid: z.uuid("Photo id must be a UUID") });
export const accessQuery = z.object({ key: z.string().max(64).optional().describe("The key from the order mail's link (guests)") });

export const returnCreateBody = z.strictObject(
  {
    items: z
      .array(z.strictObject({ orderItemUuid: z.uuid(), reason: z.enum(RETURN_REASONS, { error: `Reason must be one of ${RETURN_REASONS.join(", ")}` }) }))
      .min(1, "Choose at least one item")
      .max(50),
    comment: multilineText("Comment", 1000).optional(),
  },
  { error: "Send a JSON body with the items to return, each with its reason" },
);
export type ReturnCreateInput = z.infer<typeof returnCreateBody>;
export type ReturnCreateBody = z.input<typeof returnCreateBody>;

export const claimCreateBody = z.strictObject(
  {
    orderItemUuid: z.uuid(),
    description: multilineText("Description", 2000).refine((v) => v.length >= 10, "Describe the defect in a few words (at least 10 characters)"),
    remedy: z.enum(CLAIM_REMEDIES, { error: `Remedy must be one of ${CLAIM_REMEDIES.join(", ")}` }),
  },
  { error: "Send a JSON body with the item, a description of the defect and the remedy you wish" },
);
export type ClaimCreateInput = z.infer<typeof claimCreateBody>;
export type ClaimCreateBody = z.input<typeof claimCreateBody>;

export const returnSchema = z
  .object({
    uuid: z.uuid(),
    number: z.string(),
    orderUuid: z.uuid(),
    orderNumber: z.string(),
    kind: z.enum(["withdrawal", "voluntary"]).describe("withdrawal: within the statutory 14 days; voluntary: within the shop's longer period"),
    status: z.enum(RETURN_STATUSES),
    items: z.array(z.object({ orderItemUuid: z.uuid(), name: z.string(), grade: z.enum(GRADES), reason: z.enum(RETURN_REASONS) })),
    comment: z.string().nullable(),
    sendBy: z.string().describe("The last day to hand the parcel to the carrier"),
    createdAt: z.string(),
    receivedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decision: z.enum(RETURN_DECISIONS).nullable(),
    decisionReason: z.string().nullable(),
    refund: moneySchema.nullable(),
    labelUrl: z.string().describe("The return label (PDF) to print"),
  })
  .meta({ id: "Return" });
export type ReturnView = z.infer<typeof returnSchema>;

export const claimSchema = z
  .object({
    uuid: z.uuid(),
    number: z.string(),
    orderUuid: z.uuid(),
    orderNumber: z.string(),
    orderItemUuid: z.uuid(),
    itemName: z.string(),
    description: z.string(),
    remedy: z.enum(CLAIM_REMEDIES).describe("What the customer asked for"),
    status: z.enum(CLAIM_STATUSES),
    decisionReason: z.string().nullable(),
    refund: moneySchema.nullable(),
    replacement: z.object({ orderUuid: z.uuid(), number: z.string() }).nullable().describe("The order that ships the replacement"),
    repairShipment: shipment.nullable().describe("The parcel that took the repaired device back"),
    photoCount: z.number().int(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    labelUrl: z.string(),
  })
  .meta({ id: "WarrantyClaim" });
export type ClaimView = z.infer<typeof claimSchema>;

export const returnOverviewSchema = z
  .object({
    orderUuid: z.uuid(),
    deliveredAt: z.string().nullable(),
    returnKind: z.enum(["withdrawal", "voluntary"]).nullable().describe("The kind of return open now; null when none is (not delivered yet, or the period ended)"),
    withdrawalEndsAt: z.string().nullable(),
    returnEndsAt: z.string().nullable(),
    warrantyEndsAt: z.string().nullable(),
    warrantyOpen: z.boolean().describe("A warranty claim may be made now"),
    items: z.array(
      z.object({
        orderItemUuid: z.uuid(),
        name: z.string(),
        grade: z.enum(GRADES),
        imageUrl: z.string().nullable(),
        returnable: z.boolean().describe("May be returned now"),
        claimable: z.boolean().describe("A warranty claim may be made now"),
        returnNumber: z.string().nullable().describe("The return that holds the item"),
        openClaimNumber: z.string().nullable(),
      }),
    ),
    returns: z.array(returnSchema),
    claims: z.array(claimSchema),
  })
  .meta({ id: "OrderReturns" });
export type ReturnOverview = z.infer<typeof returnOverviewSchema>;

// Staff.
export const opsReturnListQuery = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  q: textParam("A search", 254).optional().describe("A return label as scanned (RT-001234), an order number, or the customer's e-mail"),
  page: pageParam(),
});
export const opsClaimListQuery = z.object({ status: z.enum(CLAIM_STATUSES).optional(), page: pageParam() });

const opsItem = z.object({
  orderItemUuid: z.uuid(),
  name: z.string(),
  grade: z.enum(GRADES),
  reason: z.enum(RETURN_REASONS).nullable(),
  paid: moneySchema.describe("Price less discount"),
  refundable: moneySchema.describe("What is left to refund of it"),
  unit: z.object({ id: z.number().int(), label: z.string(), identifier: z.string().nullable(), status: z.enum(UNIT_STATUSES), grade: z.enum(GRADES) }).nullable(),
});

export type OpsReturnItem = z.infer<typeof opsItem>;

export const opsReturnSchema = returnSchema
  .extend({
    email: z.string(),
    customerUuid: z.uuid().nullable(),
    items: z.array(opsItem),
    receivedIdentifiers: z.record(z.string(), z.string().nullable()).nullable().describe("What receiving scanned per item"),
    identifierMismatch: z.boolean().describe("A device other than the one shipped came back"),
    unitDestination: z.enum(UNIT_DESTINATIONS).nullable(),
  })
  .meta({ id: "OpsReturn" });
export type OpsReturnView = z.infer<typeof opsReturnSchema>;
export type OpsReturn = OpsReturnView;

export const opsReturnListSchema = z
  .object({
    returns: z.array(
      z.object({ uuid: z.uuid(), number: z.string(), orderNumber: z.string(), email: z.string(), kind: z.enum(["withdrawal", "voluntary"]), status: z.enum(RETURN_STATUSES), itemCount: z.number().int(), identifierMismatch: z.boolean(), createdAt: z.string(), sendBy: z.string() }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "OpsReturnList" });
export type OpsReturnList = z.infer<typeof opsReturnListSchema>;

export const opsClaimSchema = claimSchema
  .extend({ email: z.string(), customerUuid: z.uuid().nullable(), item: opsItem, photoUrls: z.array(z.string()) })
  .meta({ id: "OpsWarrantyClaim" });
export type OpsClaimView = z.infer<typeof opsClaimSchema>;
export type OpsClaim = OpsClaimView;

export const opsClaimListSchema = z
  .object({
    claims: z.array(z.object({ uuid: z.uuid(), number: z.string(), orderNumber: z.string(), email: z.string(), itemName: z.string(), remedy: z.enum(CLAIM_REMEDIES), status: z.enum(CLAIM_STATUSES), createdAt: z.string() })),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "OpsWarrantyClaimList" });
export type OpsClaimList = z.infer<typeof opsClaimListSchema>;

export const receiveBody = z.strictObject(
  {
    label: textParam("Label", 40).describe("The return label's number as scanned (RT-001234)"),
    identifiers: z
      .array(z.strictObject({ orderItemUuid: z.uuid(), identifier: textParam("IMEI or serial number", 64).nullable() }))
      .max(50)
      .optional()
      .describe("The IMEI or serial number read off each returned device; compared with the unit shipped"),
  },
  { error: "Send a JSON body with the scanned label" },
);
export type ReceiveInput = z.input<typeof receiveBody>;

export const returnDecisionBody = z.strictObject(
  {
    decision: z.enum(RETURN_DECISIONS),
    amount: cents.optional().describe("A partial refund's amount in cents, less than what is left of the items"),
    reason: multilineText("Reason", 500).optional().describe("Required for a partial refund and a refusal; the customer reads it"),
    items: z
      .array(z.strictObject({ orderItemUuid: z.uuid(), destination: z.enum(UNIT_DESTINATIONS), grade: z.enum(GRADES).optional().describe("The grade found at inspection, for a unit back in stock") }))
      .max(50)
      .default([])
      .describe("Where each returned unit goes; refusals send the device back and need none"),
  },
  { error: "Send a JSON body with the decision" },
);
export type ReturnDecisionInput = z.output<typeof returnDecisionBody>;
export type ReturnDecisionBody = z.input<typeof returnDecisionBody>;

export const claimDecisionBody = z.strictObject(
  {
    decision: z.enum(CLAIM_DECISIONS).describe("repaired: the repair is done and the device goes back with carrier and tracking number"),
    reason: multilineText("Reason", 500).optional().describe("Required for a refusal; the customer reads it"),
    carrier: z.enum(SHIPPING_CARRIERS).optional(),
    trackingNumber: textParam("Tracking number", 64).optional(),
  },
  { error: "Send a JSON body with the decision" },
);
export type ClaimDecisionInput = z.input<typeof claimDecisionBody>;

const ORDER_ACCESS = { 400: ["VALIDATION_FAILED"], 404: ["ORDER_NOT_FOUND"] } as const;
export const returnOverviewErrors = operationErrors(ORDER_ACCESS);
export type ReturnOverviewError = OperationError<typeof returnOverviewErrors>;
export const returnCreateErrors = operationErrors({ ...ORDER_ACCESS, 409: ["ORDER_NOT_DELIVERED", "RETURN_PERIOD_ENDED", "RETURN_EXISTS", "RETURN_ITEM_INVALID"] });
export type ReturnCreateError = OperationError<typeof returnCreateErrors>;
export const returnViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["RETURN_NOT_FOUND"] });
export const returnCancelErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["RETURN_NOT_FOUND"], 409: ["RETURN_NOT_CANCELLABLE"] });
export type ReturnCancelError = OperationError<typeof returnCancelErrors>;
export const claimCreateErrors = operationErrors({ ...ORDER_ACCESS, 409: ["ORDER_NOT_DELIVERED", "WARRANTY_ENDED", "CLAIM_EXISTS", "RETURN_EXISTS", "RETURN_ITEM_INVALID"] });
export type ClaimCreateError = OperationError<typeof claimCreateErrors>;
export const claimViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["CLAIM_NOT_FOUND"] });
export const claimPhotoErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PHOTO_NOT_AN_IMAGE", "PHOTO_LIMIT"], 404: ["CLAIM_NOT_FOUND"], 409: ["CLAIM_DECISION_NOT_ALLOWED"], 413: ["PHOTO_TOO_LARGE"] });
export type ClaimPhotoError = OperationError<typeof claimPhotoErrors>;
export const claimPhotoForm = z
  .object({ photos: z.array(z.any().meta({ type: "string", contentMediaType: "application/octet-stream" })).describe("One file part per photo") })
  .meta({ description: "multipart/form-data" });

export const opsListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export const opsReturnViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["RETURN_NOT_FOUND"] });
export const receiveErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["RETURN_NOT_FOUND"], 409: ["RETURN_ALREADY_RECEIVED", "RETURN_ITEM_INVALID"] });
export type ReceiveError = OperationError<typeof receiveErrors>;
const PROVIDER_TROUBLE = { 502: ["PAYMENT_PROVIDER_UNAVAILABLE", "REFUND_PROVIDER_REFUSED"] } as const;
export const returnDecideErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  ...STAFF_GUARD_ERRORS,
  404: ["RETURN_NOT_FOUND"],
  409: ["RETURN_NOT_RECEIVED", "RETURN_ALREADY_DECIDED", "RETURN_IDENTIFIER_MISMATCH", "RETURN_AMOUNT_INVALID", "RETURN_ITEM_INVALID", "ORDER_NOT_PAID", "REFUND_EXCEEDS_PAID", "PAYMENT_PROVIDER_NOT_CONFIGURED"],
  ...PROVIDER_TROUBLE,
});
export type ReturnDecideError = OperationError<typeof returnDecideErrors>;
export const opsClaimViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["CLAIM_NOT_FOUND"] });
export const claimDecideErrors = operationErrors({
  400: ["VALIDATION_FAILED", "TRACKING_NUMBER_INVALID"],
  ...STAFF_GUARD_ERRORS,
  404: ["CLAIM_NOT_FOUND"],
  409: ["CLAIM_DECISION_NOT_ALLOWED", "REPLACEMENT_OUT_OF_STOCK", "ORDER_NOT_PAID", "REFUND_EXCEEDS_PAID", "PAYMENT_PROVIDER_NOT_CONFIGURED"],
  ...PROVIDER_TROUBLE,
});
export type ClaimDecideError = OperationError<typeof claimDecideErrors>;
export const opsClaimPhotoErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["CLAIM_NOT_FOUND"] });
