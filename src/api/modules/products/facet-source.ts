import { and, arrayContains, arrayOverlaps, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { matchesText, type TextMatch } from "../../../db/text-search.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { productFacetGroups, products } from "../../../db/schema/catalogue.ts";
import { gradeMask } from "../../../domain/catalogue/variants.ts";
import type { ColumnFilters } from "../../../search/core/product-columns.ts";
import { bandsOfRange } from "../../../domain/catalogue/price-bands.ts";
import { priceBandSql } from "../../../db/catalogue-queries.ts";

/** A list's filters: the domain's column filters (what the in-memory search filters by too) and the search words. */
export interface ListFilters extends ColumnFilters {
  /** Search words, resolved by the search index. */
  text?: TextMatch;
}
export type FacetName = "brand" | "color" | "rom" | "grade" | "price" | "inStock" | "onSale";

/** Where facet counts come from: the products themselves, or their pre-aggregated groups. */
export interface FacetSource {
  table: typeof products | typeof productFacetGroups;
  groupIds: AnyPgColumn;
  brand: AnyPgColumn;
  color: AnyPgColumn;
  rom: AnyPgColumn;
  gradesInStock: AnyPgColumn;
  inStock: SQL;
  onSale: AnyPgColumn;
  /** How many products one row stands for. */
  weight: SQL<number>;
  /** The lowest and highest price a row stands for. */
  lowest: AnyPgColumn;
  highest: AnyPgColumn;
  /** The price band of a row (null when out of stock). */
  priceBand: SQL<number | null>;
  /** Every column the facet filters and counts read. */
  columns: AnyPgColumn[];
}

export const productSource: FacetSource = {
  table: products,
  groupIds: products.groupIds,
  brand: products.brand,
  color: products.propColor,
  rom: products.propRom,
  gradesInStock: products.gradesInStock,
  inStock: sql`${products.priceMin} is not null`,
  onSale: products.onSale,
  weight: sql<number>`1`,
  lowest: products.priceMin,
  highest: products.priceMin,
  priceBand: priceBandSql(products.priceMin),
  columns: [products.brand, products.propColor, products.propRom, products.gradesInStock, products.priceMin, products.onSale],
};

export const groupSource: FacetSource = {
  table: productFacetGroups,
  groupIds: productFacetGroups.groupIds,
  brand: productFacetGroups.brand,
  color: productFacetGroups.propColor,
  rom: productFacetGroups.propRom,
  gradesInStock: productFacetGroups.gradesInStock,
  inStock: sql`${productFacetGroups.inStock}`,
  onSale: productFacetGroups.onSale,
  weight: sql<number>`${productFacetGroups.n}`,
  lowest: productFacetGroups.priceMin,
  highest: productFacetGroups.priceMax,
  priceBand: sql<number | null>`${productFacetGroups.priceBand}`,
  columns: [
    productFacetGroups.brand,
    productFacetGroups.propColor,
    productFacetGroups.propRom,
    productFacetGroups.gradesInStock,
    productFacetGroups.inStock,
    productFacetGroups.onSale,
    productFacetGroups.n,
    productFacetGroups.priceMin,
    productFacetGroups.priceMax,
    productFacetGroups.priceBand,
  ],
};

/** Text filters and price ranges that end inside a band need the products themselves; the groups answer everything else. */
export function sourceFor(f: ListFilters): FacetSource {
  return f.text === undefined && bandsOfRange(f.priceMin, f.priceMax) !== null ? groupSource : productSource;
}

/** The price condition: exact on products, by whole bands on groups (sourceFor only picks groups for whole bands). */
function priceCondition(s: FacetSource, f: ListFilters): SQL | undefined {
  if (f.priceMin === undefined && f.priceMax === undefined) return undefined;
  if (s === productSource) {
    return and(f.priceMin === undefined ? undefined : gte(products.priceMin, f.priceMin), f.priceMax === undefined ? undefined : lte(products.priceMin, f.priceMax));
  }
  const bands = bandsOfRange(f.priceMin, f.priceMax)!;
  return and(gte(productFacetGroups.priceBand, bands.from), bands.to === null ? undefined : lte(productFacetGroups.priceBand, bands.to));
}

/** What every count shares: the category and the text. The facets' own filters come on top (facetConditions). */
export function baseWhere(s: FacetSource, f: ListFilters): SQL | undefined {
  return and(
    f.categoryId === undefined ? undefined : arrayContains(s.groupIds, [f.categoryId]),
    f.categoryIds === undefined || f.categoryIds.length === 0 ? undefined : arrayOverlaps(s.groupIds, f.categoryIds),
    f.text === undefined ? undefined : matchesText(products.id, f.text),
  );
}

/** The filters a visitor sets through facets; `except` leaves one out, for that facet's own counts. */
export function facetConditions(s: FacetSource, f: ListFilters, except?: FacetName): SQL | undefined {
  const has = (list?: unknown[]) => list !== undefined && list.length > 0;
  return and(
    except === "price" ? undefined : priceCondition(s, f),
    except === "grade" || !has(f.grade) ? undefined : sql`(${s.gradesInStock} & ${gradeMask(f.grade!)}) <> 0`,
    except === "brand" || !has(f.brand) ? undefined : inArray(s.brand, f.brand!),
    except === "color" || !has(f.color) ? undefined : inArray(s.color, f.color!),
    except === "rom" || !has(f.rom) ? undefined : inArray(s.rom, f.rom!),
    except === "inStock" || !f.inStock ? undefined : s.inStock,
    except === "onSale" || !f.onSale ? undefined : eq(s.onSale, true),
  );
}

/** The WHERE clause of a list. */
export function whereFor(s: FacetSource, f: ListFilters): SQL | undefined {
  return and(baseWhere(s, f), facetConditions(s, f));
}
