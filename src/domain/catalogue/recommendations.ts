/** Recommendation types and how a slot is filled when its type finds too few products. */
export const RECOMMENDATION_TYPES = ["similar", "bestsellers", "recently_viewed", "bought_together"] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];

/** Below this many products a slot uses its fallback type (a row of one or two looks broken). */
const MIN_RECOMMENDATIONS = 4;

/**
 * Fills a slot: the type's own products first, then the fallback's, without duplicates or
 * excluded ids, up to pageSize. The fallback is used only when the type alone has too few.
 */
export function fillSlot<T extends { id: number }>(primary: readonly T[], fallback: readonly T[], pageSize: number, exclude: readonly number[] = []): { items: T[]; fallbackUsed: boolean } {
  const seen = new Set(exclude);
  const take = (list: readonly T[]) => list.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  const own = take(primary).slice(0, pageSize);
  if (own.length >= Math.min(MIN_RECOMMENDATIONS, pageSize)) return { items: own, fallbackUsed: false };
  return { items: [...own, ...take(fallback)].slice(0, pageSize), fallbackUsed: true };
}

/** "12,7,abc,7" → [12, 7]: the ids a client sends for recently viewed products. */
export function parseIdList(value: string | undefined, max = 50): number[] {
  return [...new Set((value ?? "").split(",").map((v) => Number(v.trim())).filter((n) => Number.isInteger(n) && n > 0))].slice(0, max);
}
