import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLAIM_PHOTO_LIMITS } from "../../../domain/returns/returns.ts";
import { errorResponsesOf } from "../../errors.ts";
import { formAsDocumented, multipartLimits, sentPhotos } from "../../photo-uploads.ts";
import type { CartOwnerOf } from "../cart/routes.ts";
import { accessQuery, claimPhotoErrors, claimPhotoForm, claimSchema, claimUuidParams } from "./schemas.ts";
import type { ReturnService } from "./service.ts";

/** The customer's photos of a defect, in a scope of their own: only this route reads multipart/form-data. */
export function registerClaimPhotoRoutes(api: FastifyInstance, service: ReturnService, deps: { ownerOf: CartOwnerOf }): void {
  void api.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: multipartLimits(CLAIM_PHOTO_LIMITS) });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/warranty-claims/:claimUuid/photos",
      {
        schema: {
          operationId: "api_warranty_claim_photo_upload",
          tags: ["returns"],
          summary: `Photos of the defect while the claim is open (multipart/form-data, at most ${CLAIM_PHOTO_LIMITS.perUpload} at once and ${CLAIM_PHOTO_LIMITS.perClaim} per claim, ${CLAIM_PHOTO_LIMITS.fileBytes / 1024 / 1024} MB each), re-encoded as WebP without their metadata; all are kept or none`,
          params: claimUuidParams,
          querystring: accessQuery,
          consumes: ["multipart/form-data"],
          body: claimPhotoForm,
          response: { 200: claimSchema, ...errorResponsesOf(claimPhotoErrors, { 400: "PHOTO_NOT_AN_IMAGE names each file that is not an image; PHOTO_LIMIT past the claim's photos" }) },
        },
        validatorCompiler: formAsDocumented,
      },
      async (request) => service.addClaimPhotos(await deps.ownerOf(request), request.params.claimUuid, request.query.key, () => sentPhotos(request, CLAIM_PHOTO_LIMITS)),
    );
  });
}
