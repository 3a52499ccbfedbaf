import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";
import { PARCEL_PHOTO_LIMITS } from "../../../domain/selling/parcel-photos.ts";
import { AppError, errorResponsesOf } from "../../errors.ts";
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
import { photoTooLarge, tooManyInUpload, type SalePhotoService, type SentPhoto } from "./sale-photo-service.ts";

const ops = { tags: ["operations"] };
/** A photo is the same bytes for as long as it exists (a new one gets a new UUID). */
const PHOTO_CACHE_CONTROL = "private, max-age=86400, immutable";

/** What busboy reads of one upload at most: the files, and nothing else worth keeping. */
const MULTIPART_LIMITS = { files: PARCEL_PHOTO_LIMITS.perUpload, fileSize: PARCEL_PHOTO_LIMITS.fileBytes, fields: 4, fieldSize: 1024, parts: PARCEL_PHOTO_LIMITS.perUpload + 4, headerPairs: 20 };

/** Validates the params as every route does; the form is read part by part in the handler, its schema only documents it. */
const formAsDocumented = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => (route.httpPart === "body" ? () => true : validatorCompiler(route as Parameters<FastifySchemaCompiler<ZodType>>[0]));

const unreadable = () => AppError.badRequest("VALIDATION_FAILED", "Send the photos as multipart/form-data, one file part named photos per photo.", "photos");

/** A multipart error as the API answers it: @fastify/multipart's by their codes, busboy's (a malformed form) as unreadable. */
function asAppError(error: unknown, file?: { filename: string; index: number }): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return photoTooLarge(file?.filename ?? "A file", file?.index ?? 0);
  if (code === "FST_FILES_LIMIT") return tooManyInUpload();
  return unreadable();
}

/**
 * The files of an upload, read to the form's end, so the client has sent everything when it is
 * answered; the first problem (a file too large, too many files, another field) refuses it whole.
 */
async function sentPhotos(request: FastifyRequest): Promise<SentPhoto[]> {
  if (!request.isMultipart()) throw unreadable();
  const sent: SentPhoto[] = [];
  let problem: AppError | undefined;
  let index = 0;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === "field" || part.fieldname !== "photos") problem ??= AppError.badRequest("VALIDATION_FAILED", "The form holds only files named photos.", "photos");
      if (part.type === "field") continue;
      const file = { filename: part.filename || `photo ${index + 1}`, index: index++ };
      // Past the first problem the rest is only read, not kept.
      if (problem) {
        part.file.resume();
        continue;
      }
      try {
        sent.push({ filename: file.filename, bytes: await part.toBuffer() });
      } catch (error) {
        problem = asAppError(error, file);
      }
    }
  } catch (error) {
    problem ??= asAppError(error);
  }
  if (problem) throw problem;
  return sent;
}

/**
 * Receiving's photos of a parcel's damage, in a scope of their own: only these routes read
 * multipart/form-data (the staff guard has run before, as for every /api/ops route).
 */
export function registerSalePhotoRoutes(api: FastifyInstance, service: SalePhotoService): void {
  void api.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
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
      async (request) => service.upload(staffActorOf(request), request.params.saleUuid, () => sentPhotos(request)),
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
            200: { description: "The photo", content: { "image/webp": { schema: z.any().meta({ type: "string", contentMediaType: "image/webp" }) } } },
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
