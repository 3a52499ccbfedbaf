import { GRADES } from "../catalogue/grades.ts";
import { topFacetValues, type FacetCounts } from "../catalogue/facets.ts";
import type { ProductSort } from "../catalogue/listing.ts";
import { priceBand, priceBandOf, PRICE_BAND_EDGES } from "../catalogue/price-bands.ts";
import { compileFilters, FAILS, type ColumnFilters, type ProductColumns } from "./product-columns.ts";
import { wordsInName, type LexemeQuery, type TextPostings } from "./text-postings.ts";

/**
 * The total and the disjunctive facets of a search's matches (`docs`, most popular first) under the
 * filters, in one pass over at most `limit` matches of the category: past it the counts are lower
 * bounds and `capped` says so.
 */
export function countFacets(c: ProductColumns, productOf: Int32Array, docs: Int32Array, f: ColumnFilters, limit: number): { total: number; facets: FacetCounts; capped: boolean } {
  const filters = compileFilters(c, f);
  const brand = new Int32Array(c.brands.length);
  const color = new Int32Array(c.colors.length);
  const rom = new Int32Array(c.roms.length);
  const grade = new Int32Array(GRADES.length);
  const bands = new Int32Array(PRICE_BAND_EDGES.length);
  let total = 0;
  let inStock = 0;
  let onSale = 0;
  let priceLow = Infinity;
  let priceHigh = -Infinity;
  let matched = 0;
  // One pass, no closures inside it: this loop runs for up to `limit` matches per search.
  const { priceMin, gradesInStock, brand: brandOf, color: colorOf, rom: romOf, onSale: onSaleOf } = c;
  for (let k = 0; k < docs.length; k++) {
    const id = productOf[docs[k]!]!;
    if (!filters.base(id)) continue;
    if (++matched > limit) break;
    const fails = filters.fails(id);
    const price = priceMin[id]!;
    if (fails === 0) total++;
    if ((fails & ~FAILS.brand) === 0) brand[brandOf[id]!]!++;
    if ((fails & ~FAILS.color) === 0 && colorOf[id]! >= 0) color[colorOf[id]!]!++;
    if ((fails & ~FAILS.rom) === 0 && romOf[id]! >= 0) rom[romOf[id]!]!++;
    if ((fails & ~FAILS.grade) === 0) {
      const grades = gradesInStock[id]!;
      for (let g = 0; g < GRADES.length; g++) if ((grades & (1 << g)) !== 0) grade[g]!++;
    }
    if ((fails & ~FAILS.price) === 0 && price >= 0) {
      if (price < priceLow) priceLow = price;
      if (price > priceHigh) priceHigh = price;
      bands[priceBandOf(price)]!++;
    }
    if ((fails & ~FAILS.inStock) === 0 && price >= 0) inStock++;
    if ((fails & ~FAILS.onSale) === 0 && onSaleOf[id] === 1) onSale++;
  }
  const values = (counts: Int32Array, names: string[]) => topFacetValues(names.map((value, i) => ({ value, count: counts[i]! })));
  return {
    total,
    capped: matched > limit,
    facets: {
      brand: values(brand, c.brands),
      color: values(color, c.colors),
      rom: values(rom, c.roms),
      grade: GRADES.map((value, g) => ({ value, count: grade[g]! })),
      price: { min: priceLow === Infinity ? null : priceLow, max: priceHigh === -Infinity ? null : priceHigh },
      priceBands: [...bands].flatMap((count, band) => (count > 0 ? [{ ...priceBand(band), count }] : [])),
      inStock,
      onSale,
    },
  };
}

/** The matches that pass every filter, most popular (at build time) first, at most `limit`. */
export function filteredMatches(c: ProductColumns, productOf: Int32Array, docs: Int32Array, f: ColumnFilters, limit: number): Int32Array {
  const filters = compileFilters(c, f);
  const out = new Int32Array(Math.min(docs.length, limit));
  let n = 0;
  for (let k = 0; k < docs.length && n < limit; k++) {
    const id = productOf[docs[k]!]!;
    if (filters.base(id) && filters.fails(id) === 0) out[n++] = docs[k]!;
  }
  return out.subarray(0, n);
}

/** Most popular first, then the lower id: the lists' popularity order. */
const byPopularity = (c: ProductColumns) => (a: number, b: number) => c.popularity[b]! - c.popularity[a]! || a - b;
/** Missing prices (nothing in stock) last whichever way prices run. */
const byPrice = (c: ProductColumns, direction: 1 | -1) => (a: number, b: number) => {
  const pa = c.priceMin[a]!;
  const pb = c.priceMin[b]!;
  if (pa < 0 || pb < 0) return (pa < 0 ? 1 : 0) - (pb < 0 ? 1 : 0) || a - b;
  return direction * (pa - pb) || a - b;
};
const ORDERS: Record<Exclude<ProductSort, "relevance">, (c: ProductColumns) => (a: number, b: number) => number> = {
  popularity: byPopularity,
  newest: (c) => (a, b) => c.createdAt[b]! - c.createdAt[a]! || a - b,
  price_asc: (c) => byPrice(c, 1),
  price_desc: (c) => byPrice(c, -1),
};

/** The first `k` of `items` in the given order, without sorting them all (k is a page's end, items up to tens of thousands). */
export function firstInOrder(items: ArrayLike<number>, k: number, compare: (a: number, b: number) => number): number[] {
  const best: number[] = [];
  if (k <= 0) return best;
  // Inserting costs up to k steps an item: for long pages a sort is cheaper.
  if (k > 256) return Array.from(items).sort(compare).slice(0, k);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (best.length === k && compare(item, best[k - 1]!) >= 0) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && compare(item, best[at - 1]!) < 0) at--;
    best.splice(at, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}

/**
 * A page of matching product ids. By relevance: every word in the name first, then in stock, then
 * more words in the name, then popularity — ranked among the `ranked` most popular matches (or as
 * many as the page reaches). Other orders sort the first `counted` filtered matches by their column.
 */
export function pageOfMatches(
  c: ProductColumns,
  p: TextPostings,
  docs: Int32Array,
  q: LexemeQuery,
  f: ColumnFilters,
  sort: ProductSort,
  offset: number,
  limit: number,
  { ranked, counted }: { ranked: number; counted: number },
): number[] {
  if (sort !== "relevance") {
    const ids = Array.from(filteredMatches(c, p.productOf, docs, f, counted), (doc) => p.productOf[doc]!);
    return firstInOrder(ids, offset + limit, ORDERS[sort](c)).slice(offset);
  }
  const candidates = filteredMatches(c, p.productOf, docs, f, Math.max(ranked, offset + limit));
  const inName = wordsInName(p, q, candidates);
  const words = q.exact.length + (q.prefix === null ? 0 : 1);
  const ids = Int32Array.from(candidates, (doc) => p.productOf[doc]!);
  // One number per candidate: the tier (all words in the name, in stock, words in the name) above popularity.
  const key = new Float64Array(ids.length);
  for (let k = 0; k < ids.length; k++) {
    const tier = (inName[k] === words ? 1000 : 0) + (c.priceMin[ids[k]!]! >= 0 ? 100 : 0) + inName[k]!;
    key[k] = tier * 2 ** 32 + c.popularity[ids[k]!]! + 2 ** 31;
  }
  const order = firstInOrder(Array.from(ids.keys()), offset + limit, (a, b) => key[b]! - key[a]! || ids[a]! - ids[b]!);
  return order.slice(offset).map((k) => ids[k]!);
}

/** The `limit` most popular matches under the filters, among the first `scanned` (the overlay's products). */
export function mostPopularMatches(c: ProductColumns, productOf: Int32Array, docs: Int32Array, f: ColumnFilters, limit: number, scanned: number): number[] {
  const ids = Array.from(filteredMatches(c, productOf, docs, f, scanned), (doc) => productOf[doc]!);
  return firstInOrder(ids, limit, byPopularity(c));
}
