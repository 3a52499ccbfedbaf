import { FULL_BATTERY_CATEGORY_ID, URL_SELECTABLE_GRADES, type Grade } from "./grades.ts";
import type { VariantStock } from "./variants.ts";

interface VariantRequest {
  /** The URL hash without "#", e.g. "A3". */
  hash?: string | null;
  /** The `variant` query parameter, e.g. "a2". */
  param?: string | null;
  /** The cart route never preselects a variant. */
  inCartRoute?: boolean;
}

/** A grade a visitor may ask for in the URL: A0–A4, any case; anything else is ignored. */
export function parseRequestedGrade(value: string | null | undefined): Grade | undefined {
  const upper = value?.trim().toUpperCase();
  return (URL_SELECTABLE_GRADES as readonly string[]).includes(upper ?? "") ? (upper as Grade) : undefined;
}

/**
 * The default variant is the in-stock one with the lowest price; on a price tie the better grade wins.
 * Undefined when nothing is in stock.
 */
export function defaultVariant<T extends VariantStock>(variants: readonly T[]): T | undefined {
  const order = ["NEW", "A0", "A1", "A2", "A3", "A4"];
  return variants
    .filter((v) => v.quantity > 0)
    .sort((a, b) => a.price - b.price || order.indexOf(a.label) - order.indexOf(b.label))[0];
}

/**
 * The grade comes from the hash or the `variant` parameter when it is A0–A4 and in stock,
 * otherwise the default. No variant in the cart route or when nothing is in stock.
 */
export function selectVariant<T extends VariantStock>(variants: readonly T[], request: VariantRequest): T | undefined {
  if (request.inCartRoute) return undefined;
  for (const candidate of [request.hash, request.param]) {
    const grade = parseRequestedGrade(candidate);
    const match = grade && variants.find((v) => v.label === grade && v.quantity > 0);
    if (match) return match;
  }
  return defaultVariant(variants);
}

/**
 * The full-battery option matters only in category 1112; it is off when nothing is in
 * stock, otherwise on only when the chosen variant has full-battery stock and the option is on.
 */
export function fullBatteryChosen(input: {
  categoryIds: readonly number[];
  variant: Pick<VariantStock, "quantity" | "fullBatteryQuantity"> | undefined;
  optionOn: boolean;
}): boolean {
  if (!input.categoryIds.includes(FULL_BATTERY_CATEGORY_ID) || !input.variant || input.variant.quantity <= 0) return false;
  return input.variant.fullBatteryQuantity > 0 && input.optionOn;
}

/** Whether the option is offered at all for the chosen variant (the toggle is shown but disabled otherwise). */
export function fullBatteryOffered(categoryIds: readonly number[]): boolean {
  return categoryIds.includes(FULL_BATTERY_CATEGORY_ID);
}
