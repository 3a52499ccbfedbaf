import { z } from "zod";
import { PARCEL_PHOTO_LIMITS } from "../../../domain/selling/parcel-photos.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const MB = 1024 * 1024;

export const salePhotoParams = z.object({ saleUuid: z.uuid("Sale id must be a UUID"), photoUuid: z.uuid("Photo id must be a UUID") });

/**
 * The upload's form, for the OpenAPI document: the handler reads it part by part (multipart/form-data),
 * so it is not validated as a JSON body.
 */
export const salePhotoUploadForm = z
  .object({
    photos: z
      .array(z.any().meta({ type: "string", contentMediaType: "image/*" }))
      .min(1)
      .max(PARCEL_PHOTO_LIMITS.perUpload)
      .describe(`One part per photo (JPEG, PNG, WebP or AVIF), each at most ${PARCEL_PHOTO_LIMITS.fileBytes / MB} MB`),
  })
  .meta({ id: "SalePhotoUploadForm" });

export const salePhotoUploadErrors = operationErrors({
  400: ["VALIDATION_FAILED", "PHOTO_NOT_AN_IMAGE", "PHOTO_LIMIT"],
  ...STAFF_GUARD_ERRORS,
  404: ["SALE_NOT_FOUND"],
  409: ["SALE_NOT_RECEIVED", "SALE_TRANSITION_NOT_ALLOWED"],
  413: ["PHOTO_TOO_LARGE"],
});
export type SalePhotoUploadError = OperationError<typeof salePhotoUploadErrors>;
export const salePhotoUploadNotes = {
  400: `one PHOTO_NOT_AN_IMAGE per file that is no readable image, referenced photos.<index>; PHOTO_LIMIT past ${PARCEL_PHOTO_LIMITS.perUpload} files in one request or ${PARCEL_PHOTO_LIMITS.perSale} photos of one sale; VALIDATION_FAILED for a request that is no such form`,
  409: "the parcel is not received yet, or the sale is over (paid or returned)",
  413: `a file past ${PARCEL_PHOTO_LIMITS.fileBytes / MB} MB, referenced photos.<index>`,
} as const;

export const salePhotoViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PHOTO_NOT_FOUND"] });
export type SalePhotoViewError = OperationError<typeof salePhotoViewErrors>;

export const salePhotoDeleteErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  ...STAFF_GUARD_ERRORS,
  404: ["SALE_NOT_FOUND", "PHOTO_NOT_FOUND"],
  409: ["SALE_NOT_RECEIVED", "SALE_TRANSITION_NOT_ALLOWED"],
});
export type SalePhotoDeleteError = OperationError<typeof salePhotoDeleteErrors>;
