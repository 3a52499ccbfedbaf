import { and, arrayContains, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { coupons, productMedia, products, productVariants } from "../../../db/schema/catalogue.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import type { ProductSort } from "../../../domain/catalogue/listing.ts";
import { gradeMask } from "../../../domain/catalogue/variants.ts";

export interface ListFilters {
  categoryId?: number;
  query?: string;
  priceMin?: number;
  priceMax?: number;
  grade?: Grade[];
  brand?: string[];
  color?: string[];
  rom?: string[];
  inStock?: boolean;
  onSale?: boolean;
}
type FacetName = "brand" | "color" | "rom" | "grade" | "price" | "inStock" | "onSale";

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

/** The WHERE clause of a list; `except` leaves one filter out, for that filter's own facet counts. */
function where(f: ListFilters, except?: FacetName): SQL | undefined {
  const has = (list?: unknown[]) => list !== undefined && list.length > 0;
  return and(
    f.categoryId === undefined ? undefined : arrayContains(products.groupIds, [f.categoryId]),
    f.query === undefined ? undefined : ilike(products.name, `%${escapeLike(f.query)}%`),
    except === "price" || f.priceMin === undefined ? undefined : gte(products.priceMin, f.priceMin),
    except === "price" || f.priceMax === undefined ? undefined : lte(products.priceMin, f.priceMax),
    except === "grade" || !has(f.grade) ? undefined : sql`(${products.gradesInStock} & ${gradeMask(f.grade!)}) <> 0`,
    except === "brand" || !has(f.brand) ? undefined : inArray(products.brand, f.brand!),
    except === "color" || !has(f.color) ? undefined : inArray(products.propColor, f.color!),
    except === "rom" || !has(f.rom) ? undefined : inArray(products.propRom, f.rom!),
    except === "inStock" || !f.inStock ? undefined : isNotNull(products.priceMin),
    except === "onSale" || !f.onSale ? undefined : eq(products.onSale, true),
  );
}

export function createProductListRepository(db: Db) {
  const valueCounts = (column: typeof products.brand | typeof products.propColor | typeof products.propRom, f: ListFilters, facet: FacetName) =>
    db
      .select({ value: sql<string>`${column}`, count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(where(f, facet), isNotNull(column)))
      .groupBy(column)
      .orderBy(desc(sql`count(*)`), asc(column))
      .limit(30);

  return {
    async page(f: ListFilters, sort: ProductSort, offset: number, limit: number) {
      const rows = await db
        .select({ product: products, coupon: coupons })
        .from(products)
        .leftJoin(coupons, eq(coupons.code, products.couponCode))
        .where(where(f))
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

    async total(f: ListFilters): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where(f));
      return row?.n ?? 0;
    },

    /** Disjunctive facets: each filter's counts under every other active filter. */
    async facets(f: ListFilters) {
      const gradeCounts = GRADES.map((g, i) => sql`count(*) filter (where (${products.gradesInStock} & ${1 << i}) <> 0)::int as ${sql.identifier(g)}`);
      const [brand, color, rom, grade, price, inStock, onSale] = await Promise.all([
        valueCounts(products.brand, f, "brand"),
        valueCounts(products.propColor, f, "color"),
        valueCounts(products.propRom, f, "rom"),
        db.execute(sql`select ${sql.join(gradeCounts, sql`, `)} from ${products} where ${where(f, "grade") ?? sql`true`}`),
        db.select({ min: sql<number | null>`min(${products.priceMin})`, max: sql<number | null>`max(${products.priceMin})` }).from(products).where(where(f, "price")),
        db.select({ n: sql<number>`count(*)::int` }).from(products).where(and(where(f, "inStock"), isNotNull(products.priceMin))),
        db.select({ n: sql<number>`count(*)::int` }).from(products).where(and(where(f, "onSale"), eq(products.onSale, true))),
      ]);
      const gradeRow = ((grade as unknown as { rows: Record<Grade, number>[] }).rows[0] ?? {}) as Partial<Record<Grade, number>>;
      return {
        brand,
        color,
        rom,
        grade: GRADES.map((g) => ({ value: g, count: Number(gradeRow[g] ?? 0) })),
        price: { min: price[0]?.min ?? null, max: price[0]?.max ?? null },
        inStock: inStock[0]?.n ?? 0,
        onSale: onSale[0]?.n ?? 0,
      };
    },
  };
}
export type ProductListRepository = ReturnType<typeof createProductListRepository>;
