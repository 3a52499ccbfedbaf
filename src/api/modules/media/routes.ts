import { z } from "zod";
import { productImageSvg } from "../../../domain/catalogue/product-image.ts";
import { AppError } from "../../errors.ts";
import { productIdParam } from "../../schemas.ts";
import type { Services } from "../../services.ts";
import type { ApiInstance } from "../../types.ts";

const imageParams = z.object({ id: productIdParam, file: z.string().regex(/^[0-9]{1,2}\.svg$/, "Expected {index}.svg") });
const imageQuery = z.object({ size: z.enum(["large", "thumb"]).default("large") });

/** Generated product pictures: drawn on request from the product's facts, cached for a year. */
export function registerMediaRoutes(app: ApiInstance, services: Services): void {
  app.get(
    "/media/products/:id/:file",
    { schema: { hide: true, params: imageParams, querystring: imageQuery } },
    async (request, reply) => {
      const facts = await services.productRepository.imageFacts(request.params.id);
      if (!facts) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${request.params.id} does not exist`, "params.id");
      const svg = productImageSvg({
        productId: facts.id,
        index: Number.parseInt(request.params.file, 10),
        kind: facts.kind,
        colour: facts.propColor,
        label: facts.name,
        size: request.query.size,
      });
      return reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(svg);
    },
  );
}
