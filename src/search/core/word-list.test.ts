import { describe, expect, it } from "vitest";
import { createWordList, trigramSimilarity, trigramsOf } from "./word-list.ts";

describe("trigrams as pg_trgm makes them", () => {
  it("pads each word with two blanks in front and one behind, in lower case", () => {
    expect([...trigramsOf("Ps5")].sort()).toEqual(["  p", " ps", "ps5", "s5 "].sort());
    expect(trigramsOf("a-b").size).toBe(4);
  });

  it("gives pg_trgm's similarity", () => {
    // Read from PostgreSQL 15: SELECT similarity(a, b).
    const fromPostgres: [string, string, number][] = [
      ["iphnoe", "iphone", 0.27272728],
      ["samsnug", "samsung", 0.33333334],
      ["galxy", "galaxy", 0.44444445],
      ["kopfhörer", "kopfhorer", 0.53846157],
      ["wh1000xm5", "wh1000xm4", 0.6666667],
      ["abc", "xyz", 0],
      ["ps5", "ps4", 0.33333334],
    ];
    for (const [a, b, similarity] of fromPostgres) expect(trigramSimilarity(a, b), `${a} ${b}`).toBeCloseTo(similarity, 6);
  });
});

describe("the catalogue's words in memory", () => {
  const words = createWordList(["iphone", "iphones", "ipad", "galaxy", "galaxus", "gala", "samsung", "phone", "iphone"]);

  it("knows its words", () => {
    expect(words.has("iphone")).toBe(true);
    expect(words.has("iphon")).toBe(false);
  });

  it("completes a prefix, shortest word first", () => {
    expect(words.completions("gal", 10)).toEqual(["gala", "galaxy", "galaxus"]);
    expect(words.completions("gal", 2)).toEqual(["gala", "galaxy"]);
    expect(words.completions("x", 5)).toEqual([]);
  });

  it("offers the most similar words for a typo, above the least similarity", () => {
    expect(words.nearest("iphnoe", 8, 0.2)).toEqual(["iphone", "iphones"]);
    expect(words.nearest("galxy", 2, 0.2)).toEqual(["galaxy", "gala"]);
    // pg_trgm keeps only words nearer than 1 − the similarity: "ipad" shares exactly 0.2 with "iphnoe".
    expect(words.nearest("iphnoe", 8, 0.19)).toContain("ipad");
    expect(words.nearest("galxy", 8, 0.5)).toEqual([]);
    // A second lookup starts from nothing: counts of the first are not left behind.
    expect(words.nearest("iphnoe", 1, 0.2)).toEqual(["iphone"]);
  });
});
