import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PARCEL_PHOTO_LIMITS } from "../../../domain/selling/parcel-photos.ts";
import { errorResponsesOf } from "../../errors.ts";
import { fileAnswer } from "../../schemas.ts";
import { staffActorOf } from "../staff/routes.ts";
import { opsSaleUuidParams, opsSaleViewSchema } from "./sale-ops-schemas.ts";
import {
  salePhotoDeleteErrors,
  salePhotoParams,
  salePhotoUploadErrors,
  salePhotoUploadForm,
  salePhotoUploadNotes,
  salePhotoViewErrors,
} from "./sale-photo-schemas.ts";
import type { SalePhotoService } from "./sale-photo-service.ts";
import { formAsDocumented, multipartLimits, sentPhotos } from "../../photo-uploads.ts";

const ops = { tags: ["operations"] };
/** A photo is the same bytes for as long as it exists (a new one gets a new UUID). */
const PHOTO_CACHE_CONTROL = "private, max-age=86400, immutable";

/**
 * Receiving's photos of a parcel's damage, in a scope of their own: only these routes read
 * multipart/form-data (the staff guard has run before, as for every /api/ops route).
 */
export function registerSalePhotoRoutes(api: FastifyInstance, service: SalePhotoService): void {
  void api.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: multipartLimits(PARCEL_PHOTO_LIMITS) });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/ops/sales/:saleUuid/photos",
      {
        schema: {
          operationId: "api_ops_sale_photo_upload",
          ...ops,
          summary: `Receiving: photos of the parcel's damage (multipart/form-data, at most ${PARCEL_PHOTO_LIMITS.perUpload} at once and ${PARCEL_PHOTO_LIMITS.perSale} per sale), each re-encoded as WebP within ${PARCEL_PHOTO_LIMITS.maxEdge} px, its metadata (location) dropped; all are kept or none`,
          params: opsSaleUuidParams,
          consumes: ["multipart/form-data"],
          body: salePhotoUploadForm,
          response: { 200: opsSaleViewSchema, ...errorResponsesOf(salePhotoUploadErrors, salePhotoUploadNotes) },
        },
        validatorCompiler: formAsDocumented,
      },
      async (request) => service.upload(staffActorOf(request), request.params.saleUuid, () => sentPhotos(request, PARCEL_PHOTO_LIMITS)),
    );
    app.get(
      "/ops/sales/:saleUuid/photos/:photoUuid",
      {
        schema: {
          operationId: "api_ops_sale_photo_view",
          ...ops,
          summary: "A photo of the parcel's damage, as WebP, for staff who may read the sale",
          params: salePhotoParams,
          response: {
            200: fileAnswer("The photo", "image/webp"),
            ...errorResponsesOf(salePhotoViewErrors),
          },
        },
      },
      async (request, reply) => {
        const photo = await service.photo(staffActorOf(request), request.params.saleUuid, request.params.photoUuid);
        return reply.type(photo.contentType).header("cache-control", PHOTO_CACHE_CONTROL).send(photo.bytes);
      },
    );
    app.delete(
      "/ops/sales/:saleUuid/photos/:photoUuid",
      {
        schema: {
          operationId: "api_ops_sale_photo_delete",
          ...ops,
          summary: "Receiving: removes a photo taken by mistake, while the sale is not over",
          params: salePhotoParams,
          response: { 200: opsSaleViewSchema, ...errorResponsesOf(salePhotoDeleteErrors, { 409: "the parcel is not received yet, or the sale is over (paid or returned)" }) },
        },
      },
      async (request) => service.remove(staffActorOf(request), request.params.saleUuid, request.params.photoUuid),
    );
  });
}
