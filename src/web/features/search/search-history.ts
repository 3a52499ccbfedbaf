import { currentConsent } from "../../shell/consent/store.ts";
import { addToHistory, historyKey, parseHistory, removeFromHistory, type HistoryEntry } from "./history.ts";
import type { Platform } from "../../../domain/platform.ts";

/** Search history in this browser, per platform, only with consent to preferences. */
export function createSearchHistory(productName: string, platform: Platform) {
  const key = historyKey(productName, platform);
  const allowed = () => currentConsent().preferences;
  const read = (): HistoryEntry[] => {
    if (!allowed()) return [];
    try {
      return parseHistory(localStorage.getItem(key));
    } catch {
      return [];
    }
  };
  const write = (entries: HistoryEntry[]): HistoryEntry[] => {
    try {
      if (entries.length === 0) localStorage.removeItem(key);
      else if (allowed()) localStorage.setItem(key, JSON.stringify(entries));
    } catch {
      // Storage full or blocked: searching works without a history.
    }
    return entries;
  };
  return {
    read,
    add: (query: string) => (allowed() ? write(addToHistory(read(), query, Date.now())) : []),
    remove: (query: string) => write(removeFromHistory(read(), query)),
    clear: () => write([]),
  };
}
export type SearchHistory = ReturnType<typeof createSearchHistory>;
