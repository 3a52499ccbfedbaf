import { MACBOOK_CATEGORY_IDS } from "./grades.ts";

type ExperimentMode = "off" | "on" | "split";

/** FNV-1a: a stable, well-spread hash, so a visitor stays in one bucket without storing anything. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Whether the experiment applies to this visitor: always, never, or for half of them. */
export function experimentActive(mode: ExperimentMode, experiment: string, visitorKey: string): boolean {
  if (mode !== "split") return mode === "on";
  return fnv1a(`${experiment}:${visitorKey}`) % 2 === 0;
}

/**
 * On a MacBook category, with the experiment active and no in-stock filter set, the URL
 * is replaced by one with inStock=1 and preselected=1. Returns that query, or null to stay.
 * `preselected` marks a visitor who has seen the preselection, so unticking it sticks.
 */
export function macbookInStockRedirect(categoryId: number, search: URLSearchParams, active: boolean): string | null {
  if (!active || !(MACBOOK_CATEGORY_IDS as readonly number[]).includes(categoryId)) return null;
  if (search.has("inStock") || search.has("preselected")) return null;
  const next = new URLSearchParams(search);
  next.set("inStock", "1");
  next.set("preselected", "1");
  return `?${next.toString()}`;
}
