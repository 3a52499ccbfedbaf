import { describe, expect, it } from "vitest";
import { countFacets, firstInOrder, mostPopularMatches, pageOfMatches } from "./memory-search.ts";
import { FIELD, FLAG, GRADE_SHIFT, NO_VALUE, patchColumns, reorderColumns, ROW, UNIT_SEPARATOR, unpackProductColumns } from "./product-columns.ts";
import { buildTextPostings } from "./text-postings.ts";
import { int2s, int4s, int8s } from "./test-packing.ts";

/** Four products as the snapshot repository packs them: id, price (−1 sold out), grades, popularity, brand, colour, groups. */
const rows = [
  { id: 1, price: 10_000, grades: 0b000010, popularity: 5, brand: "Apple", color: "Black", groups: [1, 16] },
  { id: 2, price: 30_000, grades: 0b000110, popularity: 50, brand: "Apple", color: null, groups: [1, 16] },
  { id: 4, price: -1, grades: 0, popularity: 500, brand: "Samsung", color: "Black", groups: [1, 17] },
  { id: 5, price: 60_000, grades: 0b100000, popularity: 5, brand: "Samsung", color: "White", groups: [1, 17] },
];
const columnsPacked = {
  count: rows.length,
  maxId: 5,
  ids: int4s(rows.map((r) => r.id)),
  priceMin: int4s(rows.map((r) => r.price)),
  gradesInStock: int2s(rows.map((r) => r.grades)),
  popularity: int4s(rows.map((r) => r.popularity)),
  createdAt: int8s(rows.map((r) => 1_700_000_000_000_000 + r.id)),
  onSale: Uint8Array.from(rows.map((r) => (r.id === 2 ? 1 : 0))),
  groupCounts: int2s(rows.map((r) => r.groups.length)),
  groups: int4s(rows.flatMap((r) => r.groups)),
  brand: rows.map((r) => r.brand).join(UNIT_SEPARATOR),
  color: rows.map((r) => r.color ?? NO_VALUE).join(UNIT_SEPARATOR),
  rom: rows.map(() => NO_VALUE).join(UNIT_SEPARATOR),
};
const columns = unpackProductColumns(columnsPacked);
const postings = buildTextPostings(
  [
    { lexeme: "phon", all: int4s([1, 2, 4, 5]), name: int4s([1, 4]) },
    { lexeme: "schwarz", all: int4s([1, 4]), name: null },
  ],
  Int32Array.from([4, 2, 1, 5]),
);
const all = [Int32Array.from([0, 1]), Int32Array.from([2, 3])];
/** The columns in the postings' document order, as searches read them. */
const inDocOrder = reorderColumns(columns, postings.productOf);

describe("the product columns", () => {
  it("unpack by id, with nothing where no product is", () => {
    const field = (id: number, f: keyof typeof FIELD) => columns.rows[id * ROW + FIELD[f]];
    expect([0, 1, 2, 3, 4, 5].map((id) => (field(id, "flags")! & FLAG.present) !== 0)).toEqual([false, true, true, false, true, true]);
    expect(columns.brands).toEqual(["Apple", "Samsung"]);
    expect(columns.colors).toEqual(["Black", "White"]);
    expect(field(2, "color")).toBe(-1);
    expect(field(2, "flags")! >> GRADE_SHIFT).toBe(0b000110);
    expect([...columns.groups.subarray(field(4, "groupsFrom"), field(4, "groupsTo"))]).toEqual([1, 17]);
    expect([field(4, "price"), field(4, "band"), field(2, "band")]).toEqual([-1, -1, 5]);
    expect(columns.createdAt[5]).toBe(1_700_000_000_000_005);
  });

  it("lay out in document order, row by row", () => {
    expect([...inDocOrder.productOf]).toEqual([4, 2, 1, 5]);
    for (let row = 0; row < 4; row++) {
      const id = inDocOrder.productOf[row]!;
      const withoutGroups = (c: typeof columns, r: number) => [...c.rows.subarray(r * ROW, r * ROW + FIELD.groupsFrom)];
      expect(withoutGroups(inDocOrder, row)).toEqual(withoutGroups(columns, id));
      expect(inDocOrder.popularity[row]).toBe(columns.popularity[id]);
      const groups = (c: typeof columns, r: number) => [...c.groups.subarray(c.rows[r * ROW + FIELD.groupsFrom], c.rows[r * ROW + FIELD.groupsTo])];
      expect(groups(inDocOrder, row)).toEqual(groups(columns, id));
    }
  });
});

describe("patching the columns with re-read products", () => {
  const packed = (list: { id: number; price: number; brand: string; groups: number[] }[]) => ({
    count: list.length,
    maxId: Math.max(0, ...list.map((r) => r.id)),
    ids: int4s(list.map((r) => r.id)),
    priceMin: int4s(list.map((r) => r.price)),
    gradesInStock: int2s(list.map(() => 1)),
    popularity: int4s(list.map(() => 7)),
    createdAt: int8s(list.map(() => 1)),
    onSale: Uint8Array.from(list.map(() => 0)),
    groupCounts: int2s(list.map((r) => r.groups.length)),
    groups: int4s(list.flatMap((r) => r.groups)),
    brand: list.map((r) => r.brand).join(UNIT_SEPARATOR),
    color: list.map(() => NO_VALUE).join(UNIT_SEPARATOR),
    rom: list.map(() => NO_VALUE).join(UNIT_SEPARATOR),
  });
  const fresh = () => {
    const byId = unpackProductColumns(columnsPacked);
    return { byId, inOrder: reorderColumns(byId, postings.productOf), rowOf: Int32Array.from([-1, 2, 1, -1, 0, 3]) };
  };

  it("changes both layouts in place, adds new values and drops products that are gone", () => {
    const { byId, inOrder, rowOf } = fresh();
    expect(patchColumns(byId, inOrder, rowOf, [1, 2], packed([{ id: 1, price: 12_345, brand: "Fairphone", groups: [1, 18] }]))).toBe(true);
    for (const [c, row] of [[byId, 1], [inOrder, 2]] as const) {
      expect(c.rows[row * ROW + FIELD.price]).toBe(12_345);
      expect(c.brands[c.rows[row * ROW + FIELD.brand]!]).toBe("Fairphone");
      expect([...c.groups.subarray(c.rows[row * ROW + FIELD.groupsFrom], c.rows[row * ROW + FIELD.groupsTo])]).toEqual([1, 18]);
      expect(c.popularity[row]).toBe(7);
    }
    // Product 2 was asked for and not read: gone.
    expect(inOrder.rows[1 * ROW + FIELD.flags]! & FLAG.present).toBe(0);
    expect(countFacets(inOrder, all, { brand: ["Fairphone"] }, 100).total).toBe(1);
  });

  it("leaves a new product or a changed number of groups to a whole read", () => {
    const { byId, inOrder, rowOf } = fresh();
    expect(patchColumns(byId, inOrder, rowOf, [9], packed([{ id: 9, price: 1, brand: "Apple", groups: [1] }]))).toBe(false);
    expect(patchColumns(byId, inOrder, rowOf, [1], packed([{ id: 1, price: 1, brand: "Apple", groups: [1] }]))).toBe(false);
    expect(byId.rows[1 * ROW + FIELD.price]).toBe(10_000);
  });
});

describe("facets counted in memory", () => {
  it("count each filter's values under every other filter", () => {
    const { total, facets, capped } = countFacets(inDocOrder, all, { brand: ["Apple"], inStock: true }, 100);
    expect(total).toBe(2);
    expect(capped).toBe(false);
    // The brand's own counts ignore the brand filter; the sold-out Samsung is left out by the stock filter.
    expect(facets.brand).toEqual([
      { value: "Apple", count: 2 },
      { value: "Samsung", count: 1 },
    ]);
    expect(facets.color).toEqual([{ value: "Black", count: 1 }]);
    expect(facets.grade.map((g) => g.count)).toEqual([0, 2, 1, 0, 0, 0]);
    expect(facets.inStock).toBe(2);
    expect(facets.onSale).toBe(1);
    expect(facets.price).toEqual({ min: 10_000, max: 30_000 });
    expect(facets.priceBands.map((b) => [b.band, b.count])).toEqual([
      [4, 1],
      [5, 1],
    ]);
  });

  it("leave out what the category, a price range or a grade excludes, and stop at the limit", () => {
    expect(countFacets(inDocOrder, all, { categoryId: 17 }, 100).total).toBe(2);
    expect(countFacets(inDocOrder, all, { categoryIds: [16, 99] }, 100).total).toBe(2);
    // A sold-out product has no price: a price filter leaves it out.
    expect(countFacets(inDocOrder, all, { priceMax: 50_000 }, 100).total).toBe(2);
    expect(countFacets(inDocOrder, all, { grade: ["A4"] }, 100).total).toBe(1);
    const capped = countFacets(inDocOrder, all, {}, 2);
    expect(capped).toMatchObject({ total: 2, capped: true });
  });
});

describe("ordering matches in memory", () => {
  it("ranks all words in the name first, then in stock, then popularity", () => {
    const docs = [Int32Array.from([0, 2])];
    // Both hold "phon" and "schwarz"; neither has "schwarz" in the name, so stock decides: 1 is in stock, 4 is not.
    expect(pageOfMatches(inDocOrder, postings, docs, { exact: ["phon", "schwarz"], prefix: null }, {}, "relevance", 0, 10, { ranked: 10, counted: 10 })).toEqual([1, 4]);
    // "phon" alone is in both names: in stock first.
    expect(pageOfMatches(inDocOrder, postings, all, { exact: ["phon"], prefix: null }, {}, "relevance", 0, 10, { ranked: 10, counted: 10 })).toEqual([1, 4, 2, 5]);
  });

  it("sorts by price with sold-out products last, and pages", () => {
    const page = (sort: "price_asc" | "price_desc" | "newest" | "popularity", offset: number) =>
      pageOfMatches(inDocOrder, postings, all, { exact: ["phon"], prefix: null }, {}, sort, offset, 2, { ranked: 10, counted: 10 });
    expect([...page("price_asc", 0), ...page("price_asc", 2)]).toEqual([1, 2, 5, 4]);
    expect([...page("price_desc", 0), ...page("price_desc", 2)]).toEqual([5, 2, 1, 4]);
    expect(page("newest", 0)).toEqual([5, 4]);
    expect(page("popularity", 0)).toEqual([4, 2]);
  });

  it("picks the most popular matches of a category for the overlay", () => {
    expect(mostPopularMatches(inDocOrder, all, { categoryId: 16 }, 1, { picked: 10, examined: 10 })).toEqual([2]);
    // Looking at the first match only (product 4, of another group), none is picked.
    expect(mostPopularMatches(inDocOrder, all, { categoryId: 16 }, 1, { picked: 10, examined: 1 })).toEqual([]);
  });

  it("takes the first k in order as a full sort would", () => {
    for (let round = 0; round < 30; round++) {
      const items = Array.from({ length: round * 7 }, () => Math.floor(Math.random() * 50));
      const k = round % 9;
      expect(firstInOrder(items, k, (a, b) => a - b)).toEqual([...items].sort((a, b) => a - b).slice(0, k));
    }
  });
});
