import { GRADES, type Grade } from "./grades.ts";

export interface VariantStock {
  label: Grade;
  price: number;
  quantity: number;
  fullBatteryQuantity: number;
}

/** Variants in display order NEW, A0 … A4, whatever order they came in. */
export function sortVariants<T extends { label: Grade }>(variants: readonly T[]): T[] {
  return [...variants].sort((a, b) => GRADES.indexOf(a.label) - GRADES.indexOf(b.label));
}

export function inStockCount(variants: readonly VariantStock[]): number {
  return variants.reduce((sum, v) => sum + Math.max(0, v.quantity), 0);
}

/** The cheapest in-stock price, or null when nothing is in stock. */
export function lowestInStockPrice(variants: readonly VariantStock[]): number | null {
  const prices = variants.filter((v) => v.quantity > 0).map((v) => v.price);
  return prices.length ? Math.min(...prices) : null;
}

/** Bit mask of the grades in stock: bit i stands for GRADES[i]. */
export function gradesInStockMask(variants: readonly VariantStock[]): number {
  return variants.reduce((mask, v) => (v.quantity > 0 ? mask | (1 << GRADES.indexOf(v.label)) : mask), 0);
}

export function gradeMask(grades: readonly Grade[]): number {
  return grades.reduce((mask, g) => mask | (1 << GRADES.indexOf(g)), 0);
}
