import { and, asc, eq, getTableName, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { recordCacheLookup } from "../../../metrics.ts";
import { arrayLiteral, selectRows, type Db } from "../../../db/client.ts";
import { BY_POPULARITY, firstImageUrl, productCardColumns } from "../../../db/catalogue-queries.ts";
import { coupons, products, productVariants } from "../../../db/schema/catalogue.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { priceBand } from "../../../domain/catalogue/price-bands.ts";
import type { ProductSort } from "../../../domain/catalogue/listing.ts";
import { topFacetValues, type FacetCounts } from "../../../domain/catalogue/facets.ts";
import { productSearch } from "../../../db/schema/search.ts";
import { matchingIds, searchDoc, tsQuery, type TextMatch } from "../../../db/text-search.ts";
import { baseWhere, facetConditions, productSource, sourceFor, whereFor, type FacetName, type ListFilters } from "./facet-source.ts";

export type { ListFilters };

/** Each order matches an index exactly (NULLS LAST included), so a page reads ~offset+29 index entries. */
const ORDER: Record<ProductSort, SQL[]> = {
  relevance: BY_POPULARITY,
  popularity: BY_POPULARITY,
  newest: [sql`${products.createdAt} desc nulls last`, asc(products.id)],
  price_asc: [sql`${products.priceMin} asc nulls last`, asc(products.id)],
  price_desc: [sql`${products.priceMin} desc nulls last`, asc(products.id)],
};

/** One row of the facet aggregate: a brand, colour, storage or price band, or (unused = 15) the totals. */
interface FacetRow extends Record<`grade_${Grade}`, number> {
  brand: string | null;
  color: string | null;
  rom: string | null;
  band: number | null;
  unused: number;
  total: number;
  brand_n: number;
  color_n: number;
  rom_n: number;
  price_min: number | null;
  price_max: number | null;
  band_n: number;
  in_stock: number;
  on_sale: number;
  /** Rows the category and text selected, before the facet filters. */
  matched: number;
}

/** How many of a search's most popular matches are ranked by relevance. */
const RANKED_MATCHES = 300;
/** How far down the popularity order a search looks for its most popular matches. */
const WALKED_PRODUCTS = 3_000;
const WALK_FLOOR_TTL_MS = 60_000;
/** Catalogues from this size on rank a bounded set of matches; smaller ones rank them all, which costs less there. */
const BOUNDED_FROM = 50_000;
/** Matches taken as the text index finds them, for words too rare to show among the most popular products. */
const INDEX_MATCHES = 500;

/** Facet counts may lag the catalogue by this much; a busy category page then costs one query, not nine. */
export const FACET_CACHE_TTL_MS = 30_000;
/**
 * A search counts its total and facets over at most this many of its matches. A word in most of the
 * catalogue ("geprüft", "paperback") would otherwise cost a pass over most of it for every request;
 * past the limit the counts are lower bounds, and the answer says so.
 */
export const SEARCH_COUNT_LIMIT = 2_000;
/** A product's row on list pages may lag the catalogue by this much, as the lists' answers do (list-service's LIST_CACHE_TTL_MS). */
const PAGE_ROW_TTL_MS = 5_000;
/** `capped`: a search matched more products than SEARCH_COUNT_LIMIT; the counts are lower bounds. */
type TotalAndFacets = { total: number; facets: FacetCounts; capped: boolean };

export function createProductListRepository(
  db: Db,
  {
    searchCountLimit = SEARCH_COUNT_LIMIT,
    walkedProducts = WALKED_PRODUCTS,
    indexMatches = INDEX_MATCHES,
    boundedFrom = BOUNDED_FROM,
  }: { searchCountLimit?: number; walkedProducts?: number; indexMatches?: number; boundedFrom?: number } = {},
) {
  const cache = new LRUCache<string, TotalAndFacets>({ max: 2000, ttl: FACET_CACHE_TTL_MS });
  // Counts that started before a change must not be kept after it.
  let generation = 0;

  /**
   * The total and the disjunctive facets (each filter's counts under every other active filter) in
   * one pass: the category and text select the rows once, and one grouping-sets aggregate counts
   * every facet over them, each under its own filters. Nine queries would match the text nine times.
   */
  async function totalAndFacetsUncached(f: ListFilters): Promise<TotalAndFacets> {
    const s = sourceFor(f);
    const limit = f.text ? searchCountLimit : undefined;
    const sum = (...where: (SQL | undefined)[]) => sql`coalesce(sum(${s.weight}) filter (where ${and(...where) ?? sql`true`}), 0)::int`;
    const except = (facet: FacetName) => facetConditions(s, f, facet);
    const grades = GRADES.map((g, i) => sql`${sum(except("grade"), sql`(${s.gradesInStock} & ${1 << i}) <> 0`)} as ${sql.identifier(`grade_${g}`)}`);
    const rows = await selectRows<FacetRow>(
      db,
      sql`
      select ${s.brand} as brand, ${s.color} as color, ${s.rom} as rom, band, grouping(${s.brand}, ${s.color}, ${s.rom}, band) as unused,
        ${sum(facetConditions(s, f))} as total,
        ${sum(except("brand"))} as brand_n, ${sum(except("color"))} as color_n, ${sum(except("rom"))} as rom_n,
        ${sql.join(grades, sql`, `)},
        min(${s.lowest}) filter (where ${except("price") ?? sql`true`}) as price_min,
        max(${s.highest}) filter (where ${except("price") ?? sql`true`}) as price_max,
        ${sum(except("price"), s.inStock)} as band_n,
        ${sum(except("inStock"), s.inStock)} as in_stock,
        ${sum(except("onSale"), eq(s.onSale, true))} as on_sale,
        count(*)::int as matched
      from (select ${sql.join(s.columns, sql`, `)}, ${s.priceBand} as band from ${s.table} where ${baseWhere(s, f) ?? sql`true`} ${limit === undefined ? sql`` : sql`limit ${limit + 1}`}) as ${sql.identifier(getTableName(s.table))}
      group by grouping sets ((${s.brand}), (${s.color}), (${s.rom}), (band), ())`,
    );
    // grouping() sets a bit for each column a row is not grouped by: brand 8, color 4, rom 2, band 1.
    const ofSet = (unused: number) => rows.filter((r) => Number(r.unused) === unused);
    const values = (unused: number, value: (r: FacetRow) => string | null, count: (r: FacetRow) => number) =>
      topFacetValues(ofSet(unused).flatMap((r) => (value(r) === null ? [] : [{ value: value(r)!, count: count(r) }])));
    const all = ofSet(15)[0];
    return {
      total: all ? Number(all.total) : 0,
      capped: limit !== undefined && all !== undefined && Number(all.matched) > limit,
      facets: {
        brand: values(7, (r) => r.brand, (r) => Number(r.brand_n)),
        color: values(11, (r) => r.color, (r) => Number(r.color_n)),
        rom: values(13, (r) => r.rom, (r) => Number(r.rom_n)),
        grade: GRADES.map((g) => ({ value: g, count: all ? Number(all[`grade_${g}`]) : 0 })),
        price: { min: all?.price_min ?? null, max: all?.price_max ?? null },
        priceBands: ofSet(14)
          .flatMap((r) => (r.band !== null && Number(r.band_n) > 0 ? [{ ...priceBand(Number(r.band)), count: Number(r.band_n) }] : []))
          .sort((a, b) => a.band - b.band),
        inStock: all ? Number(all.in_stock) : 0,
        onSale: all ? Number(all.on_sale) : 0,
      },
    };
  }

  /**
   * Where the walk stops (the popularity of the WALKED_PRODUCTS-th product), or null when the
   * catalogue is small enough to rank every match; read at most once a minute.
   */
  let walkFloor: { value: number | null; readAt: number } | undefined;
  async function popularityFloor(): Promise<number | null> {
    if (walkFloor && Date.now() - walkFloor.readAt < WALK_FLOOR_TTL_MS) return walkFloor.value;
    // The planner's estimate of the catalogue's size (-1 before the first analyze: then counted).
    const [estimate] = await selectRows<{ n: number }>(db, sql`select reltuples::float8 as n from pg_class where oid = ${getTableName(products)}::regclass`);
    const size = Number(estimate?.n ?? -1) >= 0 ? Number(estimate!.n) : await db.$count(products);
    let value: number | null = null;
    if (size >= boundedFrom) {
      const [row] = await db.select({ popularity: products.popularity }).from(products).orderBy(...BY_POPULARITY).offset(walkedProducts - 1).limit(1);
      value = row?.popularity ?? 0;
    }
    walkFloor = { value, readAt: Date.now() };
    return value;
  }

  /**
   * Runs `work` on a bounded set of a search's matches under the filters, whatever the words: the
   * `wanted` most popular matches among the WALKED_PRODUCTS most popular products (a walk down the
   * popularity index) and, when the words are rare there, the first INDEX_MATCHES matches the text
   * index finds. The planner cannot tell a word in half the catalogue from a rare pair of common
   * words, so each part's plan is fixed: left to it, one misjudged query joined 62,000 rows. A small
   * catalogue (below BOUNDED_FROM) ranks all its matches in one query.
   */
  async function withBoundedMatches<T>(f: ListFilters, text: TextMatch, wanted: number, work: (tx: Db, ids: SQL, filters: SQL | undefined) => Promise<T>): Promise<T> {
    const filters = whereFor(productSource, { ...f, text: undefined });
    const floor = await popularityFloor();
    if (floor === null) return work(db, matchingIds(text), filters);
    return db.transaction(async (tx) => {
      // The text index answers only through bitmaps; the walk must follow the popularity index.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const walked = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(filters, sql`${products.popularity} >= ${floor}`, sql`exists (select 1 from (${matchingIds(text)}) m where m.product_id = ${products.id})`))
        .orderBy(...BY_POPULARITY)
        .limit(wanted);
      await tx.execute(sql`set local enable_bitmapscan = on`);
      const walkedIds = sql`select unnest(${arrayLiteral(walked.map((r) => r.id))}::int[])`;
      // A full walk holds the most popular matches; otherwise the index adds its first ones.
      return work(tx, walked.length >= wanted ? walkedIds : sql`(${matchingIds(text, indexMatches)}) union ${walkedIds}`, filters);
    });
  }

  /**
   * Search results by relevance: products whose name matches every word first, then those in stock,
   * then how well the words match (name counts over description), then popularity; ranked among
   * the bounded set of matches above (the most popular ones first).
   */
  function byRelevance(f: ListFilters, text: TextMatch, offset: number, limit: number): Promise<{ id: number }[]> {
    const doc = searchDoc(text.locale);
    const q = tsQuery(text);
    return withBoundedMatches(f, text, Math.max(RANKED_MATCHES, offset + limit), (tx, ids, filters) => {
      const candidates = tx
        .select({ id: products.id, priceMin: products.priceMin, popularity: products.popularity, doc: sql<string>`${doc}`.as("doc") })
        .from(products)
        .innerJoin(productSearch, eq(productSearch.productId, products.id))
        .where(and(filters, sql`${products.id} in (${ids})`))
        .as("candidates");
      return tx
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
    });
  }

  /**
   * A page's rows in one statement, prepared once per connection: the card's columns (not the
   * descriptions), its coupon, its first image and its variants.
   */
  const pageRows = db
    .select({
      product: {
        ...productCardColumns,
        propRom: products.propRom,
        propColor: products.propColor,
        onSale: products.onSale,
        categoryId: products.categoryId,
        groupIds: products.groupIds,
      },
      coupon: coupons,
      imageUrl: firstImageUrl(),
      variants: sql<{ label: Grade; price: number; quantity: number }[]>`coalesce((select json_agg(json_build_object('label', v.label, 'price', v.price, 'quantity', v.quantity))
        from ${productVariants} v where v.product_id = ${products.id}), '[]'::json)`,
    })
    .from(products)
    .leftJoin(coupons, eq(coupons.code, products.couponCode))
    .where(sql`${products.id} = any(${sql.placeholder("ids")}::int[])`)
    .prepare("list_page_rows");

  type PageRow = Awaited<ReturnType<typeof pageRows.execute>>[number];
  // Popular products are on most pages and searches: their rows are shared for as long as list answers are, and dropped with them on any change.
  const rowCache = new LRUCache<number, PageRow>({ max: 20_000, ttl: PAGE_ROW_TTL_MS });

  /** A page's rows (each with its coupon, first image and variants), for ids in the page's order. */
  async function rowsOf(ids: number[]) {
    const kept = new Map(ids.flatMap((id) => (rowCache.has(id) ? [[id, rowCache.get(id)!] as const] : [])));
    const missing = ids.filter((id) => !kept.has(id));
    const started = generation;
    const found = missing.length === 0 ? [] : await pageRows.execute({ ids: missing });
    for (const row of found) {
      kept.set(row.product.id, row);
      // Rows read before a change must not be kept after it.
      if (started === generation) rowCache.set(row.product.id, row);
    }
    return { rows: ids.flatMap((id) => (kept.has(id) ? [kept.get(id)!] : [])) };
  }

  return {
    /** The ids of the most popular matches of a search under the filters (what the search overlay shows), from the bounded set. */
    mostPopularMatches(f: ListFilters, text: TextMatch, limit: number): Promise<number[]> {
      return withBoundedMatches(f, text, limit, async (tx, ids, filters) =>
        (await tx.select({ id: products.id }).from(products).where(and(filters, sql`${products.id} in (${ids})`)).orderBy(...BY_POPULARITY).limit(limit)).map((r) => r.id),
      );
    },

    async page(f: ListFilters, sort: ProductSort, offset: number, limit: number) {
      // Sort and skip on narrow rows (ids only), then read the page's 29 wide rows.
      const page = await (f.text && sort === "relevance"
        ? byRelevance(f, f.text, offset, limit)
        : db.select({ id: products.id }).from(products).where(whereFor(productSource, f)).orderBy(...ORDER[sort]).limit(limit).offset(offset));
      return rowsOf(page.map((r) => r.id));
    },

    rowsOf,

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
      rowCache.clear();
    },
  };
}
export type ProductListRepository = ReturnType<typeof createProductListRepository>;
/** A product's row on list pages (and search pages). */
export type ProductListRow = Awaited<ReturnType<ProductListRepository["rowsOf"]>>["rows"][number];
