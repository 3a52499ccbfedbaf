import { describe, expect, it, vi } from "vitest";
import { createSuggestionScheduler, parseSearchUrl, SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_CHARS, SUGGESTION_PRODUCTS, wantsSuggestions } from "./suggestions.ts";

describe("search suggestions", () => {
  it("start at 3 characters, not counting blanks around them", () => {
    expect(SUGGESTION_MIN_CHARS).toBe(3);
    expect(wantsSuggestions("ip")).toBe(false);
    expect(wantsSuggestions("  ip  ")).toBe(false);
    expect(wantsSuggestions("iph")).toBe(true);
  });
  it("wait 250 ms and show up to 6 products", () => {
    expect(SUGGESTION_DEBOUNCE_MS).toBe(250);
    expect(SUGGESTION_PRODUCTS).toBe(6);
  });
});

describe("search page URLs", () => {
  it("trim and cut the query, and fall back to page 1 for anything odd", () => {
    expect(parseSearchUrl(new URLSearchParams("query=%20iphone%20&page=3"), 1000)).toEqual({ query: "iphone", page: 3 });
    expect(parseSearchUrl(new URLSearchParams(`query=${"x".repeat(300)}`), 1000).query).toHaveLength(200);
    for (const page of ["0", "-1", "1.5", "abc", "1001"]) expect(parseSearchUrl(new URLSearchParams(`page=${page}`), 1000)).toEqual({ query: "", page: 1 });
  });
});

describe("suggestion scheduler", () => {
  it("asks once, 250 ms after the last keystroke, and only for 3 characters or more", () => {
    vi.useFakeTimers();
    try {
      const asked: string[] = [];
      const scheduler = createSuggestionScheduler((q) => asked.push(q));
      expect(scheduler.typed("ip")).toBe(false);
      expect(scheduler.typed("iph")).toBe(true);
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS - 1);
      expect(scheduler.typed("ipho ")).toBe(true);
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS - 1);
      expect(asked).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(asked).toEqual(["ipho"]);
      // Deleting below 3 characters drops what was pending.
      scheduler.typed("iphone");
      scheduler.typed("ip");
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS * 2);
      expect(asked).toEqual(["ipho"]);
      scheduler.typed("ipad");
      scheduler.cancel();
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS * 2);
      expect(asked).toEqual(["ipho"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
