import { currentConsent } from "../../shell/consent/store.ts";

/** Kept in this browser only, and only with consent to preferences. */
const KEY = "reloop-recently-viewed";
const MAX = 20;

export function viewedIds(): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)).slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberViewed(productId: number): void {
  if (!currentConsent().preferences) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([productId, ...viewedIds().filter((id) => id !== productId)].slice(0, MAX)));
  } catch {
    // Storage full or blocked: the slot simply stays empty.
  }
}
