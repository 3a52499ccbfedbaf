import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import { recordCacheLookup } from "../../../metrics.ts";
import type { Db } from "../../../db/client.ts";
import { BY_POPULARITY, firstImages } from "../../../db/catalogue-queries.ts";
import { coupons, products, productVariants } from "../../../db/schema/catalogue.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { priceBand } from "../../../domain/catalogue/price-bands.ts";
import type { ProductSort } from "../../../domain/catalogue/listing.ts";
import type { Facets } from "./list-schemas.ts";
import { productSearch } from "../../../db/schema/search.ts";
import { searchDoc, tsQuery, type TextMatch } from "../../../db/text-search.ts";
import { productSource, sourceFor, whereFor, type FacetName, type FacetSource, type ListFilters } from "./facet-source.ts";

export type { ListFilters };

/** Each order matches an index exactly (NULLS LAST included), so a page reads ~offset+29 index entries. */
const ORDER: Record<ProductSort, SQL[]> = {
  relevance: BY_POPULARITY,
  popularity: BY_POPULARITY,
  newest: [sql`${products.createdAt} desc nulls last`, asc(products.id)],
  price_asc: [sql`${products.priceMin} asc nulls last`, asc(products.id)],
  price_desc: [sql`${products.priceMin} desc nulls last`, asc(products.id)],
};

/** How many of a search's matches (the most popular) are ranked by relevance. */
const RANKED_MATCHES = 1000;

/** Facet counts may lag the catalogue by this much; a busy category page then costs one query, not nine. */
export const FACET_CACHE_TTL_MS = 30_000;
type TotalAndFacets = { total: number; facets: Facets };

export function createProductListRepository(db: Db) {
  const cache = new LRUCache<string, TotalAndFacets>({ max: 2000, ttl: FACET_CACHE_TTL_MS });
  // Counts that started before a change must not be kept after it.
  let generation = 0;
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

  /** The total and the disjunctive facets (each filter's counts under every other active filter). */
  async function totalAndFacetsUncached(f: ListFilters): Promise<TotalAndFacets> {
    const s = sourceFor(f);
    const grades = Object.fromEntries(GRADES.map((g, i) => [g, sql<number>`coalesce(sum(case when (${s.gradesInStock} & ${1 << i}) <> 0 then ${s.weight} else 0 end), 0)::int`])) as Record<Grade, SQL<number>>;
    const [total, brand, color, rom, grade, price, inStock, onSale, bands] = await Promise.all([
      aggregate(s, { n: s.count }, whereFor(s, f)),
      valueCounts(s, s.brand, f, "brand"),
      valueCounts(s, s.color, f, "color"),
      valueCounts(s, s.rom, f, "rom"),
      aggregate(s, grades, whereFor(s, f, "grade")),
      aggregate(s, { min: s.priceLow, max: s.priceHigh }, whereFor(s, f, "price")),
      aggregate(s, { n: s.count }, and(whereFor(s, f, "inStock"), s.inStock)),
      aggregate(s, { n: s.count }, and(whereFor(s, f, "onSale"), eq(s.onSale, true))),
      db
        .select({ band: sql<number>`${s.priceBand}`, count: s.count })
        .from(s.table)
        .where(and(whereFor(s, f, "price"), s.inStock))
        .groupBy(s.priceBand)
        .orderBy(s.priceBand),
    ]);
    return {
      total: total[0]?.n ?? 0,
      facets: {
        brand,
        color,
        rom,
        grade: GRADES.map((g) => ({ value: g, count: Number(grade[0]?.[g] ?? 0) })),
        price: { min: price[0]?.min ?? null, max: price[0]?.max ?? null },
        priceBands: bands.filter((b) => b.band !== null && b.count > 0).map((b) => ({ ...priceBand(Number(b.band)), count: b.count })),
        inStock: inStock[0]?.n ?? 0,
        onSale: onSale[0]?.n ?? 0,
      },
    };
  }

  /**
   * Search results by relevance: products whose name matches every word first, then those in stock,
   * then how well the words match (name counts over description), then popularity. Only the most
   * popular matches are ranked (enough for the page asked): a word in thousands of products ranks a
   * bounded set, not all of them.
   */
  function byRelevance(f: ListFilters, text: TextMatch, offset: number, limit: number) {
    const doc = searchDoc(text.locale);
    const q = tsQuery(text);
    const candidates = db
      .select({ id: products.id, priceMin: products.priceMin, popularity: products.popularity, doc: sql<string>`${doc}`.as("doc") })
      .from(products)
      .innerJoin(productSearch, eq(productSearch.productId, products.id))
      .where(and(whereFor(productSource, { ...f, text: undefined }), sql`${doc} @@ ${q}`))
      .orderBy(...BY_POPULARITY)
      .limit(Math.max(RANKED_MATCHES, offset + limit))
      .as("candidates");
    return db
      .select({ id: candidates.id })
      .from(candidates)
      .orderBy(
        sql`(ts_filter(${candidates.doc}, array['a']::"char"[]) @@ ${q}) desc`,
        sql`(${candidates.priceMin} is null)`,
        sql`ts_rank(${candidates.doc}, ${q}, 1) desc`,
        sql`${candidates.popularity} desc`,
        asc(candidates.id),
      )
      .limit(limit)
      .offset(offset);
  }

  return {
    async page(f: ListFilters, sort: ProductSort, offset: number, limit: number) {
      // Sort and skip on narrow rows (ids only), then read the page's 29 wide rows.
      const page = await (f.text && sort === "relevance"
        ? byRelevance(f, f.text, offset, limit)
        : db.select({ id: products.id }).from(products).where(whereFor(productSource, f)).orderBy(...ORDER[sort]).limit(limit).offset(offset));
      const ids = page.map((r) => r.id);
      if (ids.length === 0) return { rows: [], variants: [], images: new Map<number, string>() };
      const wide = await db
        .select({ product: products, coupon: coupons })
        .from(products)
        .leftJoin(coupons, eq(coupons.code, products.couponCode))
        .where(inArray(products.id, ids));
      const position = new Map(ids.map((id, i) => [id, i]));
      const rows = wide.sort((a, b) => position.get(a.product.id)! - position.get(b.product.id)!);
      const [variants, images] = await Promise.all([
        db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
        firstImages(db, ids),
      ]);
      return { rows, variants, images };
    },

    /** The total and the disjunctive facets, shared by every visitor asking the same within 30 s. */
    async totalAndFacets(f: ListFilters): Promise<TotalAndFacets> {
      const key = JSON.stringify(f);
      const hit = cache.get(key);
      recordCacheLookup("facet_counts", hit !== undefined);
      if (hit) return hit;
      const started = generation;
      const fresh = await totalAndFacetsUncached(f);
      if (started === generation) cache.set(key, fresh);
      return fresh;
    },

    /** Forgets every count: the catalogue changed. */
    invalidate(): void {
      generation += 1;
      cache.clear();
    },
  };
}
export type ProductListRepository = ReturnType<typeof createProductListRepository>;
