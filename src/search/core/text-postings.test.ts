import { describe, expect, it } from "vitest";
import { buildTextPostings, intersect, matchingDocuments, matchWindows, union, wordsInName } from "./text-postings.ts";
import { int4s } from "./test-packing.ts";

// Products 10..15; by popularity 12, 10, 14, 11, 13, 15 (documents 0..5).
const byPopularity = Int32Array.from([12, 10, 14, 11, 13, 15]);
const postings = buildTextPostings(
  [
    { lexeme: "iphon", all: int4s([10, 11, 12, 99]), name: int4s([10, 12]) },
    { lexeme: "appl", all: int4s([10, 11, 12, 13]), name: int4s([10, 11, 12, 13]) },
    { lexeme: "gepruft", all: int4s([15, 14, 13, 12, 11, 10]), name: null },
    { lexeme: "galaxy", all: int4s([14, 15]), name: int4s([14]) },
    { lexeme: "galaxi", all: int4s([13]), name: int4s([13]) },
  ],
  byPopularity,
);
const products = (docs: Int32Array) => [...docs].map((d) => postings.productOf[d]);

describe("postings numbered by popularity", () => {
  it("hold documents in popularity order and drop products that no longer exist", () => {
    expect(postings.lexemes).toEqual(["appl", "galaxi", "galaxy", "gepruft", "iphon"]);
    expect(products(matchingDocuments(postings, { exact: ["iphon"], prefix: null }))).toEqual([12, 10, 11]);
    expect(products(matchingDocuments(postings, { exact: ["gepruft"], prefix: null }))).toEqual([12, 10, 14, 11, 13, 15]);
  });

  it("match every word, and a prefix through all the words it starts", () => {
    expect(products(matchingDocuments(postings, { exact: ["iphon", "appl"], prefix: null }))).toEqual([12, 10, 11]);
    expect(products(matchingDocuments(postings, { exact: ["iphon", "nothing"], prefix: null }))).toEqual([]);
    expect(products(matchingDocuments(postings, { exact: [], prefix: "gal" }))).toEqual([14, 13, 15]);
    expect(products(matchingDocuments(postings, { exact: ["appl"], prefix: "gal" }))).toEqual([13]);
    expect(products(matchingDocuments(postings, { exact: ["gepruft"], prefix: "galaxy" }))).toEqual([14, 15]);
    expect(products(matchingDocuments(postings, { exact: [], prefix: "x" }))).toEqual([]);
    // A query of stop words only finds nothing, as PostgreSQL's empty tsquery.
    expect(matchingDocuments(postings, { exact: [], prefix: null })).toHaveLength(0);
  });

  it("come in windows that together hold every match once", () => {
    for (const q of [{ exact: ["gepruft"], prefix: null }, { exact: ["appl"], prefix: "gal" }, { exact: [], prefix: "g" }]) {
      const windows = [...matchWindows(postings, q, 1)];
      expect(windows.map((w) => w.length).reduce((a, b) => a + b), JSON.stringify(q)).toBe(matchingDocuments(postings, q).length);
      expect(windows.flatMap((w) => [...w])).toEqual([...matchingDocuments(postings, q)]);
    }
    // Windows of 1, 2 and 4 documents cover the six.
    expect([...matchWindows(postings, { exact: ["gepruft"], prefix: null }, 1)].map((w) => w.length)).toEqual([1, 2, 3]);
  });

  it("count the words a match holds in its name", () => {
    const docs = matchingDocuments(postings, { exact: ["gepruft"], prefix: "gal" });
    expect(products(docs)).toEqual([14, 13, 15]);
    expect([...wordsInName(postings, { exact: ["gepruft"], prefix: "gal" }, docs)]).toEqual([1, 1, 0]);
  });
});

describe("sorted document lists", () => {
  const random = (n: number, max: number) => Int32Array.from(new Set(Array.from({ length: n }, () => Math.floor(Math.random() * max)))).sort();

  it("intersect and unite as sets do, whatever their lengths", () => {
    for (let round = 0; round < 50; round++) {
      const a = random(1 + round * 3, 400);
      const b = random(1 + ((round * 37) % 300), 400);
      const inB = new Set(b);
      expect([...intersect(a, b)]).toEqual([...a].filter((x) => inB.has(x)));
      expect([...union([a, b], 0, 400)]).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
    }
  });
});
