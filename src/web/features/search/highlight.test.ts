import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight.ts";

describe("search result highlighting", () => {
  it("marks words that start with a search term", () => {
    expect(highlightParts("Handy Hülle schwarz", ["hülle", "handy"])).toEqual([
      { text: "Handy", match: true },
      { text: " ", match: false },
      { text: "Hülle", match: true },
      { text: " schwarz", match: false },
    ]);
    expect(highlightParts("iPhones", ["iphone"])).toEqual([{ text: "iPhone", match: true }, { text: "s", match: false }]);
  });
});
