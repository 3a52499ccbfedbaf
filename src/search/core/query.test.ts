import { describe, expect, it } from "vitest";
import { broaderQueries, compoundSplits, correctedQuery, identifierOf, isbn10To13, queryWords, resolveWord, searchTerms } from "./query.ts";

describe("search query rules", () => {
  it("reads words: lower case, punctuation separates", () => {
    expect(queryWords("  iPhone-13, Pro!  ")).toEqual(["iphone", "13", "pro"]);
  });

  it("knows identifiers by their check digits", () => {
    expect(identifierOf("4006381333931")).toEqual({ kind: "ean", code: "4006381333931" });
    expect(identifierOf("4006381333932")).toBeNull();
    expect(identifierOf("3-16-148410-X")).toEqual({ kind: "ean", code: "9783161484100" });
    expect(isbn10To13("3161484100")).toBeNull();
    expect(identifierOf("b0abcdefgh")).toEqual({ kind: "asin", code: "B0ABCDEFGH" });
    expect(identifierOf("iphone 13")).toBeNull();
  });

  it("splits a compound into two known words, corrects typos within two edits, leaves unknown words", () => {
    const known = new Set(["handy", "hülle", "iphone"]);
    expect(compoundSplits("abcdef")).toEqual([["abc", "def"]]);
    const resolved = [resolveWord("handyhülle", known, []), resolveWord("iphnoe", known, ["iphone"]), resolveWord("zzzzzz", known, ["iphone"])];
    expect(searchTerms(resolved)).toEqual(["handy", "hülle", "iphone", "zzzzzz"]);
    expect(correctedQuery(resolved)).toBe("handyhülle iphone zzzzzz");
    expect(correctedQuery([resolveWord("handyhülle", known, [])])).toBeNull();
    // Short words are not corrected: too many neighbours.
    expect(resolveWord("ipd", known, ["ipad"]).as).toBe("unknown");
  });
});

describe("broaderQueries", () => {
  it("drops one word at a time, the last first, for two to six words", () => {
    expect(broaderQueries(["iphone", "99", "pro"])).toEqual([["iphone", "99"], ["iphone", "pro"], ["99", "pro"]]);
    expect(broaderQueries(["iphone"])).toEqual([]);
    expect(broaderQueries(["a", "b", "c", "d", "e", "f", "g"])).toEqual([]);
  });
});
