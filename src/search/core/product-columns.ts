import type { Grade } from "../../domain/catalogue/grades.ts";
import { gradeMask } from "../../domain/catalogue/variants.ts";
import { priceBandOf } from "../../domain/catalogue/price-bands.ts";

/**
 * The catalogue's columns that lists filter, count and order by, one row per product: what a
 * match's filters and counts read sits in ROW integers side by side. As read, row r is product id r
 * (ids are small integers); `reorderColumns` lays the rows out in the text index's document order,
 * so a search that walks its matches walks memory forwards instead of missing the cache on every
 * match (~100 ns each). A million products take ~45 MB.
 */
export interface ProductColumns {
  /** How many products exist. */
  count: number;
  /** The product id of each row. */
  productOf: Int32Array;
  /** ROW integers per row, FIELD says which. */
  rows: Int32Array;
  popularity: Int32Array;
  /** Microseconds since 1970. */
  createdAt: Float64Array;
  brands: string[];
  colors: string[];
  roms: string[];
  /** The category groups of all products; a row's GROUPS_FROM and GROUPS_TO say which are its. */
  groups: Int32Array;
}

export const ROW = 8;
export const FIELD = {
  /** Cheapest in-stock price in cents, -1 when nothing is in stock. */
  price: 0,
  /** FLAG bits, and the grades in stock from bit GRADE_SHIFT (bit i: GRADES[i]). */
  flags: 1,
  /** The price band (domain/catalogue/price-bands) of the price, -1 when nothing is in stock. */
  band: 2,
  /** Index into brands. */
  brand: 3,
  /** Index into colors / roms, -1 for none. */
  color: 4,
  rom: 5,
  groupsFrom: 6,
  groupsTo: 7,
} as const;
export const FLAG = { present: 1, onSale: 2 } as const;
export const GRADE_SHIFT = 8;

/** The product's cheapest in-stock price, -1 when nothing is in stock. */
export const priceOf = (c: ProductColumns, id: number): number => c.rows[id * ROW + FIELD.price]!;

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

/** The dictionary of each text column. */
const DICTIONARIES = { brand: "brands", color: "colors", rom: "roms" } as const;
type TextColumn = keyof typeof DICTIONARIES;

/** The packed columns decoded, and a way to write one of their products into a row of columns. */
function packedProducts(packed: PackedProductColumns) {
  const price = int32sOf(packed.priceMin);
  const popularity = int32sOf(packed.popularity);
  const groups = int32sOf(packed.groups);
  const groupCounts = view(packed.groupCounts);
  const grades = view(packed.gradesInStock);
  const created = view(packed.createdAt);
  const texts = (["brand", "color", "rom"] as const).map((name) => ({ name, values: packed.count === 0 ? [] : packed[name].split(UNIT_SEPARATOR) }));
  // Where each product's groups start among the packed ones (they come one run after the other).
  const groupsFrom = new Int32Array(packed.count + 1);
  for (let i = 0; i < packed.count; i++) groupsFrom[i + 1] = groupsFrom[i]! + groupCounts.getInt16(i * 2);
  return {
    ids: int32sOf(packed.ids),
    texts,
    groupCount: (i: number) => groupCounts.getInt16(i * 2),
    /**
     * Writes product i into `row` of `c`, its text values as `code` numbers them. Its groups go to
     * `groupsAt` of `c.groups` when given, else where the row has them (same number).
     */
    write(c: ProductColumns, row: number, i: number, code: (name: TextColumn, value: string) => number, groupsAt?: number): void {
      const at = row * ROW;
      c.rows[at + FIELD.price] = price[i]!;
      c.rows[at + FIELD.band] = price[i]! >= 0 ? priceBandOf(price[i]!) : -1;
      c.rows[at + FIELD.flags] = FLAG.present | (packed.onSale[i] === 1 ? FLAG.onSale : 0) | (grades.getInt16(i * 2) << GRADE_SHIFT);
      for (const { name, values } of texts) c.rows[at + FIELD[name]] = values[i] === NO_VALUE ? -1 : code(name, values[i]!);
      if (groupsAt !== undefined) {
        c.rows[at + FIELD.groupsFrom] = groupsAt;
        c.rows[at + FIELD.groupsTo] = groupsAt + groupCounts.getInt16(i * 2);
      }
      c.groups.set(groups.subarray(groupsFrom[i]!, groupsFrom[i + 1]!), c.rows[at + FIELD.groupsFrom]!);
      c.popularity[row] = popularity[i]!;
      c.createdAt[row] = Number(created.getBigInt64(i * 8));
    },
  };
}

export function unpackProductColumns(packed: PackedProductColumns): ProductColumns {
  const size = packed.count === 0 ? 1 : packed.maxId + 1;
  const products = packedProducts(packed);
  const rows = new Int32Array(size * ROW);
  const columns: ProductColumns = {
    count: packed.count,
    productOf: Int32Array.from({ length: size }, (_, id) => id),
    rows,
    popularity: new Int32Array(size),
    createdAt: new Float64Array(size),
    brands: [],
    colors: [],
    roms: [],
    groups: new Int32Array(packed.groups.byteLength >>> 2),
  };
  // No product: no flags, -1 everywhere else.
  rows.fill(-1);
  for (let id = 0; id < size; id++) rows[id * ROW + FIELD.flags] = 0;
  const index = { brand: new Map<string, number>(), color: new Map<string, number>(), rom: new Map<string, number>() };
  for (const { name, values } of products.texts) {
    columns[DICTIONARIES[name]] = [...new Set(values.filter((v) => v !== NO_VALUE))].sort();
    columns[DICTIONARIES[name]].forEach((v, i) => index[name].set(v, i));
  }
  let groupsAt = 0;
  for (let i = 0; i < packed.count; i++) {
    products.write(columns, products.ids[i]!, i, (name, value) => index[name].get(value)!, groupsAt);
    groupsAt += products.groupCount(i);
  }
  return columns;
}

/** The columns with row r holding product order[r] (the text index's documents); products missing from `byId` get empty rows. */
export function reorderColumns(byId: ProductColumns, order: Int32Array): ProductColumns {
  const rows = new Int32Array(order.length * ROW).fill(-1);
  const popularity = new Int32Array(order.length);
  const createdAt = new Float64Array(order.length);
  const groups = new Int32Array(byId.groups.length);
  const known = byId.productOf.length;
  let groupsAt = 0;
  for (let r = 0; r < order.length; r++) {
    const id = order[r]!;
    const row = r * ROW;
    if (id >= known) {
      rows[row + FIELD.flags] = 0;
      continue;
    }
    rows.set(byId.rows.subarray(id * ROW, id * ROW + ROW), row);
    popularity[r] = byId.popularity[id]!;
    createdAt[r] = byId.createdAt[id]!;
    // The category groups move along, so a category filter reads forwards too.
    const from = byId.rows[id * ROW + FIELD.groupsFrom]!;
    const to = byId.rows[id * ROW + FIELD.groupsTo]!;
    if (from < 0) continue;
    groups.set(byId.groups.subarray(from, to), groupsAt);
    rows[row + FIELD.groupsFrom] = groupsAt;
    groupsAt += to - from;
    rows[row + FIELD.groupsTo] = groupsAt;
  }
  return { ...byId, productOf: order, rows, popularity, createdAt, groups };
}

/**
 * Takes re-read products into the columns in place, by id and (when given) in document order at
 * `rowOf[id]`: changed values, values new to a dictionary (appended), products gone (`asked` but not
 * read). False, changing nothing, when only a whole read can take them in: a product new to the
 * columns, or one whose number of category groups changed.
 */
export function patchColumns(byId: ProductColumns, inOrder: ProductColumns | null, rowOf: Int32Array | null, asked: readonly number[], packed: PackedProductColumns): boolean {
  const products = packedProducts(packed);
  const size = byId.productOf.length;
  for (let i = 0; i < products.ids.length; i++) {
    const row = products.ids[i]! * ROW;
    if (products.ids[i]! >= size || (byId.rows[row + FIELD.flags]! & FLAG.present) === 0) return false;
    if (byId.rows[row + FIELD.groupsTo]! - byId.rows[row + FIELD.groupsFrom]! !== products.groupCount(i)) return false;
  }
  // The dictionaries are shared by both layouts: a new value is appended once.
  const code = (name: TextColumn, value: string) => {
    const values = byId[DICTIONARIES[name]];
    const at = values.indexOf(value);
    return at >= 0 ? at : values.push(value) - 1;
  };
  const targets = (id: number) => [{ c: byId, row: id }, ...(inOrder && rowOf && id < rowOf.length && rowOf[id]! >= 0 ? [{ c: inOrder, row: rowOf[id]! }] : [])];
  const read = new Set(products.ids);
  for (const id of asked) if (id < size && !read.has(id)) for (const { c, row } of targets(id)) c.rows[row * ROW + FIELD.flags] = 0;
  products.ids.forEach((id, i) => targets(id).forEach(({ c, row }) => products.write(c, row, i, code)));
  return true;
}

/** What a list is filtered by, text aside (the product lists' ListFilters add the search words). */
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

/**
 * Filters compiled against the columns' dictionaries, as plain data: the checks below are top-level
 * functions over it, which the engine inlines into the loops that call them for every match.
 */
export interface CompiledFilters {
  categoryId: number;
  categories: Set<number> | null;
  priceMin: number;
  priceMax: number;
  byPrice: boolean;
  gradeMask: number;
  brands: Uint8Array | null;
  colors: Uint8Array | null;
  roms: Uint8Array | null;
  inStock: boolean;
  onSale: boolean;
}

export function compileFilters(c: ProductColumns, f: ColumnFilters): CompiledFilters {
  const codesOf = (list: string[] | undefined, values: string[]) => {
    if (!list || list.length === 0) return null;
    const wanted = new Set(list);
    return Uint8Array.from(values, (v) => (wanted.has(v) ? 1 : 0));
  };
  return {
    categoryId: f.categoryId ?? -1,
    categories: f.categoryIds && f.categoryIds.length > 0 ? new Set(f.categoryIds) : null,
    priceMin: f.priceMin ?? -Infinity,
    priceMax: f.priceMax ?? Infinity,
    byPrice: f.priceMin !== undefined || f.priceMax !== undefined,
    gradeMask: f.grade && f.grade.length > 0 ? gradeMask(f.grade) : 0,
    brands: codesOf(f.brand, c.brands),
    colors: codesOf(f.color, c.colors),
    roms: codesOf(f.rom, c.roms),
    inStock: f.inStock === true,
    onSale: f.onSale === true,
  };
}

/** What every count shares: the product exists and is in the category (or one of the categories). */
export function inBase(c: ProductColumns, f: CompiledFilters, id: number): boolean {
  const row = id * ROW;
  if ((c.rows[row + FIELD.flags]! & FLAG.present) === 0) return false;
  if (f.categoryId < 0 && f.categories === null) return true;
  const to = c.rows[row + FIELD.groupsTo]!;
  let one = f.categoryId < 0;
  let any = f.categories === null;
  for (let i = c.rows[row + FIELD.groupsFrom]!; i < to; i++) {
    const group = c.groups[i]!;
    if (group === f.categoryId) one = true;
    if (f.categories !== null && f.categories.has(group)) any = true;
  }
  return one && any;
}

/** The facet filters a product fails, one FAILS bit each. */
export function failedFilters(c: ProductColumns, f: CompiledFilters, id: number): number {
  const rows = c.rows;
  const row = id * ROW;
  const price = rows[row + FIELD.price]!;
  const flags = rows[row + FIELD.flags]!;
  let fails = 0;
  // A product without stock has no price: a price filter leaves it out, as SQL's NULL comparison does.
  if (f.byPrice && (price < 0 || price < f.priceMin || price > f.priceMax)) fails |= FAILS.price;
  if (f.gradeMask !== 0 && ((flags >> GRADE_SHIFT) & f.gradeMask) === 0) fails |= FAILS.grade;
  if (f.brands !== null && f.brands[rows[row + FIELD.brand]!] !== 1) fails |= FAILS.brand;
  if (f.colors !== null && f.colors[rows[row + FIELD.color]!] !== 1) fails |= FAILS.color;
  if (f.roms !== null && f.roms[rows[row + FIELD.rom]!] !== 1) fails |= FAILS.rom;
  if (f.inStock && price < 0) fails |= FAILS.inStock;
  if (f.onSale && (flags & FLAG.onSale) === 0) fails |= FAILS.onSale;
  return fails;
}
