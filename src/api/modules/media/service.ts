import { productImageSvg } from "../../../media/product-image.ts";
import { gradeIllustrationSvg } from "../../../media/grade-illustration.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { AppError } from "../../errors.ts";
import type { ProductRepository } from "../products/repository.ts";

/** Generated pictures, drawn on request from the product's facts and never stored; and the pictures staff uploaded. */
export function createMediaService(products: Pick<ProductRepository, "imageFacts" | "picture">) {
  return {
    gradeIllustration(grade: Grade): string {
      return gradeIllustrationSvg(grade);
    },

    async productImage(productId: number, index: number, size: "large" | "thumb"): Promise<string> {
      const facts = await products.imageFacts(productId);
      if (!facts) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${productId} does not exist`, "params.id");
      return productImageSvg({ productId: facts.id, index, kind: facts.kind, colour: facts.propColor, label: facts.name, size });
    },
    /** A picture staff uploaded, in one of its sizes: the same bytes from every instance (kept in the database). */
    async productPicture(pictureId: string, size: "large" | "thumb"): Promise<{ contentType: string; bytes: Buffer }> {
      const picture = await products.picture(pictureId, size);
      if (!picture) throw AppError.notFound("PHOTO_NOT_FOUND", "There is no such picture.", "params.pictureId");
      // PGlite reads bytea as Uint8Array, pg as Buffer: sent as a Buffer either way, without a copy.
      return { contentType: picture.contentType, bytes: Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength) };
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
