import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { productSummaryColumns } from "../../../db/catalogue-queries.ts";
import { categories, coupons, productMedia, productRelations, products, productVariants } from "../../../db/schema/catalogue.ts";

export function createProductRepository(db: Db) {
  return {
    async product(id: number) {
      const [row] = await db
        .select({
          product: products,
          coupon: coupons,
        })
        .from(products)
        .leftJoin(coupons, eq(coupons.code, products.couponCode))
        .where(eq(products.id, id))
        .limit(1);
      return row;
    },

    variants(productId: number) {
      return db.select().from(productVariants).where(eq(productVariants.productId, productId));
    },

    media(productId: number) {
      return db.select().from(productMedia).where(eq(productMedia.productId, productId)).orderBy(asc(productMedia.position));
    },

    async relations(productId: number) {
      return db
        .select({ kind: productRelations.kind, ...productSummaryColumns })
        .from(productRelations)
        .innerJoin(products, eq(products.id, productRelations.relatedProductId))
        .where(eq(productRelations.productId, productId))
        .orderBy(productRelations.kind, productRelations.position, products.id);
    },

    async summaries(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select(productSummaryColumns).from(products).where(inArray(products.id, ids));
    },

    /** A product's data needed to draw its generated images. */
    async imageFacts(productId: number) {
      const [row] = await db
        .select({ id: products.id, name: products.name, kind: categories.imageKind, propColor: products.propColor })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.id, productId))
        .limit(1);
      return row;
    },
  };
}
export type ProductRepository = ReturnType<typeof createProductRepository>;
