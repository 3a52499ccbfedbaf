import { describe, expect, it } from "vitest";
import { parseSearchUrl, SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_CHARS, SUGGESTION_PRODUCTS, wantsSuggestions } from "./search-suggestions.ts";

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
