import { describe, expect, it } from "vitest";
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_CHARS, SUGGESTION_PRODUCTS, wantsSuggestions } from "./suggestions.ts";

describe("search suggestions (SPEC §5, §9)", () => {
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
