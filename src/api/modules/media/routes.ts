import { z } from "zod";
import { productImageSvg } from "../../../domain/catalogue/product-image.ts";
import { gradeIllustrationSvg } from "../../../domain/catalogue/grade-illustration.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { AppError } from "../../errors.ts";
import { productIdParam } from "../../schemas.ts";
import type { Services } from "../../services.ts";
import type { ApiInstance } from "../../types.ts";

const imageParams = z.object({ id: productIdParam, file: z.string().regex(/^[0-9]{1,2}\.svg$/, "Expected {index}.svg") });
const imageQuery = z.object({ size: z.enum(["large", "thumb"]).default("large") });

const gradeParams = z.object({ file: z.enum(GRADES.map((g) => `${g}.svg`) as [string, ...string[]]) });

/** Generated product pictures: drawn on request from the product's facts, cached for a year. */
export function registerMediaRoutes(app: ApiInstance, services: Services): void {
  app.get("/media/grades/:file", { schema: { hide: true, params: gradeParams } }, async (request, reply) =>
    reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(gradeIllustrationSvg(request.params.file.replace(".svg", "") as Grade)),
  );

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
