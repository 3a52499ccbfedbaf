import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { productSummaryColumns } from "../../../db/catalogue-queries.ts";
import { categories, coupons, productMedia, productPictures, productRelations, products, productVariants } from "../../../db/schema/catalogue.ts";

/**
 * The product page's reads. They run on every page view, so each is built once as a prepared
 * statement with a placeholder: no query building per request, and the server plans it once per
 * connection.
 */
export function createProductRepository(db: Db) {
  const id = sql.placeholder("id");
  const productById = db
    .select({ product: products, coupon: coupons })
    .from(products)
    .leftJoin(coupons, eq(coupons.code, products.couponCode))
    .where(eq(products.id, id))
    .limit(1)
    .prepare("product_by_id");
  const variantsOf = db.select().from(productVariants).where(eq(productVariants.productId, id)).prepare("product_variants_of");
  const mediaOf = db.select().from(productMedia).where(eq(productMedia.productId, id)).orderBy(asc(productMedia.position)).prepare("product_media_of");
  const relationsOf = db
    .select({ kind: productRelations.kind, ...productSummaryColumns })
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedProductId))
    .where(eq(productRelations.productId, id))
    .orderBy(productRelations.kind, productRelations.position, products.id)
    .prepare("product_relations_of");
  const imageFactsOf = db
    .select({ id: products.id, name: products.name, kind: categories.imageKind, propColor: products.propColor })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1)
    .prepare("product_image_facts");

  return {
    async product(productId: number) {
      const [row] = await productById.execute({ id: productId });
      return row;
    },

    variants(productId: number) {
      return variantsOf.execute({ id: productId });
    },

    media(productId: number) {
      return mediaOf.execute({ id: productId });
    },

    relations(productId: number) {
      return relationsOf.execute({ id: productId });
    },

    async summaries(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select(productSummaryColumns).from(products).where(inArray(products.id, ids));
    },

    /** An uploaded picture's bytes in one of its sizes (WebP). */
    async picture(pictureId: string, size: "large" | "thumb"): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
      const [row] = await db
        .select({ contentType: productPictures.contentType, bytes: size === "large" ? productPictures.large : productPictures.thumb })
        .from(productPictures)
        .where(eq(productPictures.id, pictureId));
      return row;
    },

    /** A product's data needed to draw its generated images. */
    async imageFacts(productId: number) {
      const [row] = await imageFactsOf.execute({ id: productId });
      return row;
    },
  };
}
export type ProductRepository = ReturnType<typeof createProductRepository>;
