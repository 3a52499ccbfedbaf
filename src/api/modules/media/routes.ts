import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { ApiInstance } from "../../types.ts";
import { gradeParams, imageParams, imageQuery, pictureParams } from "./schemas.ts";
import type { MediaService } from "./service.ts";

/** Pictures never change for a given address: cached for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const SVG = "image/svg+xml; charset=utf-8";

export function registerMediaRoutes(app: ApiInstance, service: MediaService): void {
  app.get("/media/grades/:file", { schema: { hide: true, params: gradeParams } }, async (request, reply) =>
    reply.header("content-type", SVG).header("cache-control", IMMUTABLE).send(service.gradeIllustration(request.params.file.replace(".svg", "") as Grade)),
  );

  app.get("/media/products/:id/:file", { schema: { hide: true, params: imageParams, querystring: imageQuery } }, async (request, reply) => {
    const svg = await service.productImage(request.params.id, Number.parseInt(request.params.file, 10), request.query.size);
    return reply.header("content-type", SVG).header("cache-control", IMMUTABLE).send(svg);
  });
  app.get("/media/product-pictures/:pictureId/:file", { schema: { hide: true, params: pictureParams } }, async (request, reply) => {
    const picture = await service.productPicture(request.params.pictureId, request.params.file === "thumb.webp" ? "thumb" : "large");
    return reply.header("content-type", picture.contentType).header("cache-control", IMMUTABLE).send(picture.bytes);
  });
}
