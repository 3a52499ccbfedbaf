import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { coupons, productMedia, products, productVariants } from "../../../db/schema/catalogue.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import type { ProductSort } from "../../../domain/catalogue/listing.ts";
import { productSource, sourceFor, whereFor, type FacetName, type FacetSource, type ListFilters } from "./facet-source.ts";

export type { ListFilters };

const ORDER: Record<ProductSort, SQL[]> = {
  relevance: [desc(products.popularity), asc(products.id)],
  popularity: [desc(products.popularity), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  price_asc: [sql`${products.priceMin} asc nulls last`, asc(products.id)],
  price_desc: [sql`${products.priceMin} desc nulls last`, asc(products.id)],
};

export function createProductListRepository(db: Db) {
  const valueCounts = (s: FacetSource, column: AnyPgColumn, f: ListFilters, facet: FacetName) =>
    db
      .select({ value: sql<string>`${column}`, count: s.count })
      .from(s.table)
      .where(and(whereFor(s, f, facet), isNotNull(column)))
      .groupBy(column)
      .orderBy(desc(s.count), asc(column))
      .limit(30);
  const aggregate = <T extends Record<string, SQL>>(s: FacetSource, columns: T, where: SQL | undefined) =>
    db.select(columns).from(s.table).where(where);

  return {
    async page(f: ListFilters, sort: ProductSort, offset: number, limit: number) {
      const rows = await db
        .select({ product: products, coupon: coupons })
        .from(products)
        .leftJoin(coupons, eq(coupons.code, products.couponCode))
        .where(whereFor(productSource, f))
        .orderBy(...ORDER[sort])
        .limit(limit)
        .offset(offset);
      const ids = rows.map((r) => r.product.id);
      if (ids.length === 0) return { rows, variants: [], images: [] };
      const [variants, images] = await Promise.all([
        db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
        db
          .selectDistinctOn([productMedia.productId], { productId: productMedia.productId, url: productMedia.url })
          .from(productMedia)
          .where(and(inArray(productMedia.productId, ids), eq(productMedia.isVideo, false)))
          .orderBy(productMedia.productId, productMedia.position),
      ]);
      return { rows, variants, images };
    },

    /** The total and the disjunctive facets (each filter's counts under every other active filter). */
    async totalAndFacets(f: ListFilters) {
      const s = sourceFor(f);
      const grades = Object.fromEntries(GRADES.map((g, i) => [g, sql<number>`coalesce(sum(case when (${s.gradesInStock} & ${1 << i}) <> 0 then ${s.weight} else 0 end), 0)::int`])) as Record<Grade, SQL<number>>;
      const [total, brand, color, rom, grade, price, inStock, onSale] = await Promise.all([
        aggregate(s, { n: s.count }, whereFor(s, f)),
        valueCounts(s, s.brand, f, "brand"),
        valueCounts(s, s.color, f, "color"),
        valueCounts(s, s.rom, f, "rom"),
        aggregate(s, grades, whereFor(s, f, "grade")),
        aggregate(s, { min: s.priceLow, max: s.priceHigh }, whereFor(s, f, "price")),
        aggregate(s, { n: s.count }, and(whereFor(s, f, "inStock"), s.inStock)),
        aggregate(s, { n: s.count }, and(whereFor(s, f, "onSale"), eq(s.onSale, true))),
      ]);
      return {
        total: total[0]?.n ?? 0,
        facets: {
          brand,
          color,
          rom,
          grade: GRADES.map((g) => ({ value: g, count: Number(grade[0]?.[g] ?? 0) })),
          price: { min: price[0]?.min ?? null, max: price[0]?.max ?? null },
          inStock: inStock[0]?.n ?? 0,
          onSale: onSale[0]?.n ?? 0,
        },
      };
    },
  };
}
export type ProductListRepository = ReturnType<typeof createProductListRepository>;
