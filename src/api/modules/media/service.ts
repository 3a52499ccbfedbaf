import { productImageSvg } from "../../../media/product-image.ts";
import { gradeIllustrationSvg } from "../../../media/grade-illustration.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { AppError } from "../../errors.ts";
import type { ProductRepository } from "../products/repository.ts";

/** Generated pictures: drawn on request from the product's facts, never stored. */
export function createMediaService(products: Pick<ProductRepository, "imageFacts">) {
  return {
    gradeIllustration(grade: Grade): string {
      return gradeIllustrationSvg(grade);
    },

    async productImage(productId: number, index: number, size: "large" | "thumb"): Promise<string> {
      const facts = await products.imageFacts(productId);
      if (!facts) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${productId} does not exist`, "params.id");
      return productImageSvg({ productId: facts.id, index, kind: facts.kind, colour: facts.propColor, label: facts.name, size });
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
