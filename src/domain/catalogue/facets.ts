import type { Grade } from "./grades.ts";

/** Values shown per facet (brand, colour, storage), the most frequent first. */
export const FACET_VALUES = 30;

export interface FacetValue {
  value: string;
  count: number;
}
/** The lists' facets: each filter's values counted under every other active filter. */
export interface FacetCounts {
  brand: FacetValue[];
  color: FacetValue[];
  rom: FacetValue[];
  grade: { value: Grade; count: number }[];
  price: { min: number | null; max: number | null };
  priceBands: { band: number; min: number; max: number | null; count: number }[];
  inStock: number;
  onSale: number;
}

/** The most frequent values first (ties by value), at most FACET_VALUES, none counted zero. */
export function topFacetValues(values: Iterable<FacetValue>): FacetValue[] {
  return [...values]
    .filter((v) => v.count > 0)
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, FACET_VALUES);
}
