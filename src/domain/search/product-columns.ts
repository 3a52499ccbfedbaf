import type { Grade } from "../catalogue/grades.ts";
import { GRADES } from "../catalogue/grades.ts";

/**
 * The catalogue's columns that lists filter, count and order by, one typed array per column,
 * indexed by product id (ids are small integers: a 1,000,000-product catalogue takes ~35 MB).
 */
export interface ProductColumns {
  /** How many products exist. */
  count: number;
  /** 1 where a product with this id exists. */
  present: Uint8Array;
  /** Cheapest in-stock price in cents, -1 when nothing is in stock. */
  priceMin: Int32Array;
  /** Bit i: grade GRADES[i] in stock. */
  gradesInStock: Uint16Array;
  popularity: Int32Array;
  /** Microseconds since 1970. */
  createdAt: Float64Array;
  onSale: Uint8Array;
  /** Index into `brands`. */
  brand: Int32Array;
  /** Index into `colors` / `roms`, -1 for none. */
  color: Int32Array;
  rom: Int32Array;
  brands: string[];
  colors: string[];
  roms: string[];
  /** The category groups of product id: groups[groupStart[id] .. groupStart[id + 1]). */
  groupStart: Int32Array;
  groups: Int32Array;
}

/** The columns as PostgreSQL packs them (see the search snapshot repository): big-endian binary, ordered by id. */
export interface PackedProductColumns {
  count: number;
  maxId: number;
  ids: Uint8Array;
  priceMin: Uint8Array;
  gradesInStock: Uint8Array;
  popularity: Uint8Array;
  createdAt: Uint8Array;
  onSale: Uint8Array;
  groupCounts: Uint8Array;
  groups: Uint8Array;
  /** Values joined by UNIT_SEPARATOR; NO_VALUE stands for null. */
  brand: string;
  color: string;
  rom: string;
}
export const UNIT_SEPARATOR = "\u001f";
export const NO_VALUE = "\u001e";

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Big-endian 32-bit integers (PostgreSQL's int4send) as an Int32Array. */
export function int32sOf(bytes: Uint8Array): Int32Array {
  const v = view(bytes);
  const out = new Int32Array(bytes.byteLength >>> 2);
  for (let i = 0; i < out.length; i++) out[i] = v.getInt32(i * 4);
  return out;
}

/** A column of text values as dictionary codes (-1 for null). */
function dictionary(joined: string, count: number): { codes: string[]; values: string[] } {
  const parts = count === 0 ? [] : joined.split(UNIT_SEPARATOR);
  return { codes: parts, values: [...new Set(parts.filter((p) => p !== NO_VALUE))].sort() };
}

export function unpackProductColumns(packed: PackedProductColumns): ProductColumns {
  const size = packed.count === 0 ? 1 : packed.maxId + 1;
  const ids = int32sOf(packed.ids);
  const price = int32sOf(packed.priceMin);
  const popularity = int32sOf(packed.popularity);
  const groupCounts = view(packed.groupCounts);
  const groupValues = int32sOf(packed.groups);
  const grades = view(packed.gradesInStock);
  const created = view(packed.createdAt);
  const columns: ProductColumns = {
    count: packed.count,
    present: new Uint8Array(size),
    priceMin: new Int32Array(size).fill(-1),
    gradesInStock: new Uint16Array(size),
    popularity: new Int32Array(size),
    createdAt: new Float64Array(size),
    onSale: new Uint8Array(size),
    brand: new Int32Array(size).fill(-1),
    color: new Int32Array(size).fill(-1),
    rom: new Int32Array(size).fill(-1),
    brands: [],
    colors: [],
    roms: [],
    groupStart: new Int32Array(size + 1),
    // Runs come in id order, so the packed values are already laid out by groupStart.
    groups: groupValues,
  };
  const text = (["brand", "color", "rom"] as const).map((name) => {
    const { codes, values } = dictionary(packed[name], packed.count);
    const index = new Map(values.map((v, i) => [v, i]));
    return { name, codes, values, index };
  });
  columns.brands = text[0]!.values;
  columns.colors = text[1]!.values;
  columns.roms = text[2]!.values;
  for (let i = 0; i < packed.count; i++) columns.groupStart[ids[i]! + 1] = groupCounts.getInt16(i * 2);
  for (let id = 0; id < size; id++) columns.groupStart[id + 1]! += columns.groupStart[id]!;
  for (let i = 0; i < packed.count; i++) {
    const id = ids[i]!;
    columns.present[id] = 1;
    columns.priceMin[id] = price[i]!;
    columns.gradesInStock[id] = grades.getInt16(i * 2);
    columns.popularity[id] = popularity[i]!;
    columns.createdAt[id] = Number(created.getBigInt64(i * 8));
    columns.onSale[id] = packed.onSale[i]!;
    for (const { name, codes, index } of text) {
      const code = codes[i]!;
      columns[name][id] = code === NO_VALUE ? -1 : index.get(code)!;
    }
  }
  return columns;
}

/** What a list is filtered by (the shape of the product lists' filters, text aside). */
export interface ColumnFilters {
  categoryId?: number | undefined;
  categoryIds?: number[] | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  grade?: Grade[] | undefined;
  brand?: string[] | undefined;
  color?: string[] | undefined;
  rom?: string[] | undefined;
  inStock?: boolean | undefined;
  onSale?: boolean | undefined;
}

/** One bit per facet filter a product can fail; a facet's own counts ignore its own bit. */
export const FAILS = { price: 1, grade: 2, brand: 4, color: 8, rom: 16, inStock: 32, onSale: 64 } as const;

/** Filters compiled against the columns' dictionaries: `base` (the category) and which facet filters a product fails. */
export interface CompiledFilters {
  base(id: number): boolean;
  fails(id: number): number;
}

export function compileFilters(c: ProductColumns, f: ColumnFilters): CompiledFilters {
  const codesOf = (list: string[] | undefined, values: string[]) => {
    if (!list || list.length === 0) return null;
    const wanted = new Set(list);
    return new Uint8Array(values.length).map((_, i) => (wanted.has(values[i]!) ? 1 : 0));
  };
  const brands = codesOf(f.brand, c.brands);
  const colors = codesOf(f.color, c.colors);
  const roms = codesOf(f.rom, c.roms);
  const gradeMask = f.grade && f.grade.length > 0 ? f.grade.reduce((m, g) => m | (1 << GRADES.indexOf(g)), 0) : 0;
  const categories = f.categoryIds && f.categoryIds.length > 0 ? new Set(f.categoryIds) : null;
  const inGroup = (id: number, group: number) => {
    for (let i = c.groupStart[id]!; i < c.groupStart[id + 1]!; i++) if (c.groups[i] === group) return true;
    return false;
  };
  const inAnyGroup = (id: number, wanted: Set<number>) => {
    for (let i = c.groupStart[id]!; i < c.groupStart[id + 1]!; i++) if (wanted.has(c.groups[i]!)) return true;
    return false;
  };
  const { priceMin, priceMax } = f;
  return {
    base: (id) =>
      c.present[id] === 1 && (f.categoryId === undefined || inGroup(id, f.categoryId)) && (categories === null || inAnyGroup(id, categories)),
    fails(id) {
      const price = c.priceMin[id]!;
      let fails = 0;
      // A product without stock has no price: a price filter leaves it out, as SQL's NULL comparison does.
      if ((priceMin !== undefined || priceMax !== undefined) && (price < 0 || (priceMin !== undefined && price < priceMin) || (priceMax !== undefined && price > priceMax))) fails |= FAILS.price;
      if (gradeMask !== 0 && (c.gradesInStock[id]! & gradeMask) === 0) fails |= FAILS.grade;
      if (brands !== null && brands[c.brand[id]!] !== 1) fails |= FAILS.brand;
      if (colors !== null && (c.color[id]! < 0 || colors[c.color[id]!] !== 1)) fails |= FAILS.color;
      if (roms !== null && (c.rom[id]! < 0 || roms[c.rom[id]!] !== 1)) fails |= FAILS.rom;
      if (f.inStock && price < 0) fails |= FAILS.inStock;
      if (f.onSale && c.onSale[id] !== 1) fails |= FAILS.onSale;
      return fails;
    },
  };
}
