import { GRADES } from "../../domain/catalogue/grades.ts";
import { topFacetValues, type FacetCounts } from "../../domain/catalogue/facets.ts";
import type { ProductSort } from "../../domain/catalogue/listing.ts";
import { priceBand, PRICE_BAND_EDGES } from "../../domain/catalogue/price-bands.ts";
import { compileFilters, failedFilters, FAILS, FIELD, FLAG, GRADE_SHIFT, inBase, priceOf, ROW, type ColumnFilters, type ProductColumns } from "./product-columns.ts";
import { wordsInName, type LexemeQuery, type TextPostings } from "./text-postings.ts";

/** A search's matching documents, window by window, most popular first (see matchWindows). */
export type Matches = Iterable<Int32Array>;

/**
 * The total and the disjunctive facets of a search's matches under the filters, in one pass over
 * at most `limit` matches of the category (the most popular): past it the counts are lower bounds
 * and `capped` says so.
 */
export function countFacets(c: ProductColumns, matches: Matches, f: ColumnFilters, limit: number): { total: number; facets: FacetCounts; capped: boolean } {
  const filters = compileFilters(c, f);
  const brand = new Int32Array(c.brands.length);
  const color = new Int32Array(c.colors.length);
  const rom = new Int32Array(c.roms.length);
  // Counted per set of grades in stock, spread over the grades at the end.
  const gradeSets = new Int32Array(1 << GRADES.length);
  const bands = new Int32Array(PRICE_BAND_EDGES.length);
  let total = 0;
  let inStock = 0;
  let onSale = 0;
  let priceLow = Infinity;
  let priceHigh = -Infinity;
  let matched = 0;
  // One pass, no closures inside it: this loop runs for up to `limit` matches per search.
  const rows = c.rows;
  scan: for (const docs of matches) {
    for (let k = 0; k < docs.length; k++) {
      const id = docs[k]!;
      if (!inBase(c, filters, id)) continue;
      if (++matched > limit) break scan;
      const fails = failedFilters(c, filters, id);
      // Failing two filters or more, a match counts for no facet (each ignores only its own filter).
      if ((fails & (fails - 1)) !== 0) continue;
      const row = id * ROW;
      const price = rows[row + FIELD.price]!;
      const flags = rows[row + FIELD.flags]!;
      if (fails === 0) total++;
      if ((fails & ~FAILS.brand) === 0) brand[rows[row + FIELD.brand]!]!++;
      if ((fails & ~FAILS.color) === 0 && rows[row + FIELD.color]! >= 0) color[rows[row + FIELD.color]!]!++;
      if ((fails & ~FAILS.rom) === 0 && rows[row + FIELD.rom]! >= 0) rom[rows[row + FIELD.rom]!]!++;
      if ((fails & ~FAILS.grade) === 0) gradeSets[(flags >> GRADE_SHIFT) & (gradeSets.length - 1)]!++;
      if ((fails & ~FAILS.price) === 0 && price >= 0) {
        if (price < priceLow) priceLow = price;
        if (price > priceHigh) priceHigh = price;
        bands[rows[row + FIELD.band]!]!++;
      }
      if ((fails & ~FAILS.inStock) === 0 && price >= 0) inStock++;
      if ((fails & ~FAILS.onSale) === 0 && (flags & FLAG.onSale) !== 0) onSale++;
    }
  }
  const grade = GRADES.map((_, g) => gradeSets.reduce((sum, n, set) => sum + ((set & (1 << g)) !== 0 ? n : 0), 0));
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

/**
 * The rows of the matches that pass every filter, most popular (at build time) first: at most
 * `limit`, from the first `counted` of the category, looking at no more than `examined` matches.
 */
export function filteredMatches(c: ProductColumns, matches: Matches, f: ColumnFilters, { limit, counted, examined = Infinity }: { limit: number; counted: number; examined?: number }): Int32Array {
  const filters = compileFilters(c, f);
  const out: number[] = [];
  let seen = 0;
  let looked = 0;
  scan: for (const docs of matches) {
    for (let k = 0; k < docs.length; k++) {
      const row = docs[k]!;
      if (++looked > examined) break scan;
      if (!inBase(c, filters, row)) continue;
      if (++seen > counted || out.length >= limit) break scan;
      if (failedFilters(c, filters, row) === 0) out.push(row);
    }
  }
  return Int32Array.from(out);
}

/** Orders of rows; ties go to the lower product id, as in the lists' SQL. */
type RowOrder = (c: ProductColumns) => (a: number, b: number) => number;
const byPopularity: RowOrder = ({ popularity, productOf: id }) => (a, b) => popularity[b]! - popularity[a]! || id[a]! - id[b]!;
/** Missing prices (nothing in stock) last whichever way prices run. */
const byPrice =
  (direction: 1 | -1): RowOrder =>
  (c) =>
  (a, b) => {
    const pa = priceOf(c, a);
    const pb = priceOf(c, b);
    if (pa < 0 || pb < 0) return (pa < 0 ? 1 : 0) - (pb < 0 ? 1 : 0) || c.productOf[a]! - c.productOf[b]!;
    return direction * (pa - pb) || c.productOf[a]! - c.productOf[b]!;
  };
const ORDERS: Record<Exclude<ProductSort, "relevance">, RowOrder> = {
  popularity: byPopularity,
  newest: ({ createdAt, productOf: id }) => (a, b) => createdAt[b]! - createdAt[a]! || id[a]! - id[b]!,
  price_asc: byPrice(1),
  price_desc: byPrice(-1),
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
 * A page of matching product ids (`c` in the postings' document order). By relevance: every word in the name first, then in stock, then
 * more words in the name, then popularity — ranked among the `ranked` most popular matches (or as
 * many as the page reaches). Other orders sort the first `counted` filtered matches by their column.
 */
export function pageOfMatches(
  c: ProductColumns,
  p: TextPostings,
  matches: Matches,
  q: LexemeQuery,
  f: ColumnFilters,
  sort: ProductSort,
  offset: number,
  limit: number,
  { ranked, counted }: { ranked: number; counted: number },
): number[] {
  if (sort !== "relevance") {
    const rows = filteredMatches(c, matches, f, { limit: counted, counted });
    return firstInOrder(rows, offset + limit, ORDERS[sort](c))
      .slice(offset)
      .map((row) => c.productOf[row]!);
  }
  const candidates = filteredMatches(c, matches, f, { limit: Math.max(ranked, offset + limit), counted });
  const inName = wordsInName(p, q, candidates);
  const words = q.exact.length + (q.prefix === null ? 0 : 1);
  // One number per candidate: the tier (all words in the name, in stock, words in the name) above popularity.
  const key = new Float64Array(candidates.length);
  for (let k = 0; k < candidates.length; k++) {
    const row = candidates[k]!;
    const tier = (inName[k] === words ? 1000 : 0) + (priceOf(c, row) >= 0 ? 100 : 0) + inName[k]!;
    key[k] = tier * 2 ** 32 + c.popularity[row]! + 2 ** 31;
  }
  const ids = Int32Array.from(candidates, (row) => c.productOf[row]!);
  const order = firstInOrder(Array.from(ids.keys()), offset + limit, (a, b) => key[b]! - key[a]! || ids[a]! - ids[b]!);
  return order.slice(offset).map((k) => ids[k]!);
}

/** The `limit` most popular matches under the filters, among the first `picked` that pass them in the first `examined` matches (the overlay's products). */
export function mostPopularMatches(c: ProductColumns, matches: Matches, f: ColumnFilters, limit: number, { picked, examined }: { picked: number; examined: number }): number[] {
  return firstInOrder(filteredMatches(c, matches, f, { limit: picked, counted: examined, examined }), limit, byPopularity(c)).map((row) => c.productOf[row]!);
}
