import { describe, expect, it } from "vitest";
import { addToHistory, HISTORY_MAX, historyFor, historyKey, parseHistory, removeFromHistory, type HistoryEntry } from "./history.ts";

const many = (n: number): HistoryEntry[] => Array.from({ length: n }, (_, i) => ({ query: `query ${i}`, timestamp: i }));

describe("search history", () => {
  it("keeps only queries of at least 3 characters, trimmed", () => {
    expect(addToHistory([], "ip", 1)).toEqual([]);
    expect(addToHistory([], "  ip  ", 1)).toEqual([]);
    expect(addToHistory([], "  iph ", 1)).toEqual([{ query: "iph", timestamp: 1 }]);
  });

  it("de-duplicates case-insensitively after trimming, the newest first", () => {
    const once = addToHistory(addToHistory([], "iPhone 13", 1), "macbook", 2);
    expect(addToHistory(once, "  IPHONE 13 ", 3).map((e) => e.query)).toEqual(["IPHONE 13", "macbook"]);
  });

  it("keeps at most 50, dropping the oldest", () => {
    const full = addToHistory(many(HISTORY_MAX), "new one", 99);
    expect(full).toHaveLength(50);
    expect(full[0]!.query).toBe("new one");
    expect(full.at(-1)!.query).toBe("query 48");
  });

  it("shows 10 for an empty field and 4 matching ones while typing", () => {
    const entries = many(30);
    expect(historyFor(entries, "")).toHaveLength(10);
    expect(historyFor(entries, "   ")).toHaveLength(10);
    expect(historyFor(entries, "QUERY 1").map((e) => e.query)).toEqual(["query 1", "query 10", "query 11", "query 12"]);
    expect(historyFor(entries, "nothing")).toEqual([]);
  });

  it("removes one entry (any case) or reads broken storage as empty", () => {
    expect(removeFromHistory(many(3), " QUERY 1 ").map((e) => e.query)).toEqual(["query 0", "query 2"]);
    expect(parseHistory("not json")).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('[{"query":"x"},{"query":"ipad","timestamp":5}]')).toEqual([{ query: "ipad", timestamp: 5 }]);
  });

  it("is kept apart per platform", () => {
    expect(historyKey("reloop", "blue")).not.toBe(historyKey("reloop", "green"));
  });
});
