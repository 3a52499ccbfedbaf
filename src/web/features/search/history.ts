import type { Platform } from "../../../domain/platform.ts";

/** One remembered search (SPEC: query, params, timestamp). */
export interface HistoryEntry {
  query: string;
  params?: string;
  timestamp: number;
}

export const HISTORY_MIN_CHARS = 3;
export const HISTORY_MAX = 50;
/** Shown for an empty field… */
export const HISTORY_SHOWN = 10;
/** …and matching ones while typing. */
export const HISTORY_MATCHING = 4;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The history after a search: newest first, each query once (case and blanks around it ignored), at most 50. */
export function addToHistory(entries: readonly HistoryEntry[], query: string, timestamp: number, params?: string): HistoryEntry[] {
  const text = query.trim();
  if (text.length < HISTORY_MIN_CHARS) return [...entries];
  const entry: HistoryEntry = params ? { query: text, params, timestamp } : { query: text, timestamp };
  return [entry, ...entries.filter((e) => !same(e.query, text))].slice(0, HISTORY_MAX);
}

export function removeFromHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
  return entries.filter((e) => !same(e.query, query));
}

/** What the field offers: the last 10 when empty, else up to 4 that contain the typed text. */
export function historyFor(entries: readonly HistoryEntry[], typed: string): HistoryEntry[] {
  const text = typed.trim().toLowerCase();
  if (!text) return entries.slice(0, HISTORY_SHOWN);
  return entries.filter((e) => e.query.toLowerCase().includes(text)).slice(0, HISTORY_MATCHING);
}

/** Stored text read leniently: anything that is not a list of entries is an empty history. */
export function parseHistory(raw: string | null): HistoryEntry[] {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    if (!Array.isArray(value)) return [];
    return value
      .filter((e): e is HistoryEntry => typeof e === "object" && e !== null && typeof e.query === "string" && typeof e.timestamp === "number")
      .slice(0, HISTORY_MAX);
  } catch {
    return [];
  }
}

/** Blue and green searches are kept apart. */
export function historyKey(productName: string, platform: Platform): string {
  return `${productName}-search-history-${platform}`;
}
