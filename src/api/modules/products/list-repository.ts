import { and, arrayContains, asc, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { coupons, productMedia, products, productVariants } from "../../../db/schema/catalogue.ts";
import type { ProductSort } from "../../../domain/catalogue/listing.ts";

export interface ListCriteria {
  categoryId?: number;
  query?: string;
  sort: ProductSort;
  offset: number;
  limit: number;
}

const ORDER: Record<ProductSort, SQL[]> = {
  relevance: [desc(products.popularity), asc(products.id)],
  popularity: [desc(products.popularity), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  price_asc: [sql`${products.priceMin} asc nulls last`, asc(products.id)],
  price_desc: [sql`${products.priceMin} desc nulls last`, asc(products.id)],
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createProductListRepository(db: Db) {
  return {
    async page(criteria: ListCriteria) {
      const where = and(
        criteria.categoryId === undefined ? undefined : arrayContains(products.groupIds, [criteria.categoryId]),
        criteria.query === undefined ? undefined : ilike(products.name, `%${escapeLike(criteria.query)}%`),
        isNotNull(products.priceMin),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({ product: products, coupon: coupons })
          .from(products)
          .leftJoin(coupons, eq(coupons.code, products.couponCode))
          .where(where)
          .orderBy(...ORDER[criteria.sort])
          .limit(criteria.limit)
          .offset(criteria.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      const ids = rows.map((r) => r.product.id);
      const [variants, images] = ids.length
        ? await Promise.all([
            db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
            db
              .selectDistinctOn([productMedia.productId], { productId: productMedia.productId, url: productMedia.url })
              .from(productMedia)
              .where(and(inArray(productMedia.productId, ids), eq(productMedia.isVideo, false)))
              .orderBy(productMedia.productId, productMedia.position),
          ])
        : [[], []];
      return { rows, variants, images, total: count?.total ?? 0 };
    },
  };
}
export type ProductListRepository = ReturnType<typeof createProductListRepository>;
