import { describe, expect, it } from "vitest";
import {
  attributesOf,
  categoryPath,
  completeCategoryTexts,
  lineageIds,
  mayMoveUnder,
  ownSegment,
  planCategoryPaths,
  productSlug,
  productTexts,
  rebasePath,
  RESERVED_ROOT_SEGMENTS,
  startingPurchasePrice,
  subtreeIds,
} from "./catalogue-editing.ts";

const TREE = [
  { id: 1, parentId: null },
  { id: 10, parentId: 1 },
  { id: 1112, parentId: 10 },
  { id: 11, parentId: 1 },
  { id: 2, parentId: null },
];

describe("a product as staff edit it", () => {
  it("gets its slug from its name, never an empty one", () => {
    expect(productSlug("Apple iPhone 13 128 GB Mitternacht")).toBe("apple-iphone-13-128-gb-mitternacht");
    expect(productSlug("Süße Grüße – Bücher")).toBe("susse-grusse-bucher");
    expect(productSlug("!!!")).toBe("product");
    expect(productSlug("a".repeat(200)).length).toBe(120);
  });

  it("keeps the texts of the languages given, trimmed", () => {
    expect(productTexts({ de: " Ein Telefon. ", en: "A phone.", fr: "   ", it: undefined })).toEqual({ de: "Ein Telefon.", en: "A phone." });
  });

  it("keeps attributes in their order and names a key given twice", () => {
    expect(attributesOf([{ key: "year", value: "2021" }, { key: "colour", value: "blue" }])).toEqual({ attributes: { year: "2021", colour: "blue" } });
    expect(attributesOf([{ key: "year", value: "2021" }, { key: "colour", value: "blue" }, { key: "year", value: "2022" }])).toEqual({ duplicate: 2 });
    // A key that is a name of Object's prototype is an attribute like any other.
    expect(attributesOf([{ key: "constructor", value: "x" }])).toEqual({ attributes: { constructor: "x" } });
  });

  it("starts the purchase price at a share of the new price", () => {
    expect(startingPurchasePrice(100_000)).toBe(45_000);
    expect(startingPurchasePrice(999)).toBe(450);
  });
});

describe("the category tree", () => {
  it("walks up from a category to its root, itself first", () => {
    expect(lineageIds(1112, TREE)).toEqual([1112, 10, 1]);
    expect(lineageIds(2, TREE)).toEqual([2]);
    expect(lineageIds(99, TREE)).toEqual([]);
    // A loop (which the service never lets happen) ends the walk instead of running forever.
    expect(lineageIds(7, [{ id: 7, parentId: 8 }, { id: 8, parentId: 7 }])).toEqual([7, 8]);
  });

  it("finds everything below a category", () => {
    expect(subtreeIds(1, TREE).sort((a, b) => a - b)).toEqual([1, 10, 11, 1112]);
    expect(subtreeIds(1112, TREE)).toEqual([1112]);
  });

  it("refuses to hang a category below itself or its descendants", () => {
    expect(mayMoveUnder(10, 2, TREE)).toBe(true);
    expect(mayMoveUnder(10, null, TREE)).toBe(true);
    expect(mayMoveUnder(10, 10, TREE)).toBe(false);
    expect(mayMoveUnder(1, 1112, TREE)).toBe(false);
  });

  it("builds paths from the parent's path and moves descendants' paths with it", () => {
    expect(categoryPath(null, "elektronik")).toBe("elektronik");
    expect(categoryPath("elektronik/smartphones", "iphone")).toBe("elektronik/smartphones/iphone");
    expect(ownSegment("elektronik/smartphones/iphone")).toBe("iphone");
    expect(ownSegment("elektronik")).toBe("elektronik");
    expect(rebasePath("elektronik/smartphones/iphone", "elektronik/smartphones", "elektronik/handys")).toBe("elektronik/handys/iphone");
    expect(rebasePath("elektronik/smartphones", "elektronik/smartphones", "medien/handys")).toBe("medien/handys");
    // A sibling whose path only starts with the same letters is not below it.
    expect(rebasePath("elektronik/smartphones-zubehoer", "elektronik/smartphones", "x")).toBe("elektronik/smartphones-zubehoer");
  });

  it("keeps the first segments the storefront's pages take", () => {
    for (const taken of ["suchen", "search", "suche", "zoeken", "sale", "top-produkte"]) expect(RESERVED_ROOT_SEGMENTS.has(taken), taken).toBe(true);
    expect(RESERVED_ROOT_SEGMENTS.has("elektronik")).toBe(false);
  });

  it("gives a category every language, from the default language's name where one is left out", () => {
    const texts = completeCategoryTexts({ de: { name: "Kopfhörer" }, en: { name: "Headphones", segment: "audio" } });
    expect(texts.de).toEqual({ name: "Kopfhörer", segment: "kopfhorer" });
    expect(texts.en).toEqual({ name: "Headphones", segment: "audio" });
    expect(texts.nl).toEqual({ name: "Kopfhörer", segment: "kopfhorer" });
    expect(() => completeCategoryTexts({ en: { name: "Headphones" } })).toThrow();
  });
});

describe("a category's paths", () => {
  const same = (path: string) => ({ de: path, en: path, es: path, fr: path, it: path, nl: path });
  const paths = new Map([
    [1, { ...same("electronics"), de: "elektronik" }],
    [10, { ...same("electronics/smartphones"), de: "elektronik/smartphones" }],
    [1112, { ...same("electronics/smartphones/iphone"), de: "elektronik/smartphones/iphone" }],
    [11, { ...same("electronics/tablets"), de: "elektronik/tablets" }],
    [2, same("media")],
  ]);

  it("puts a new category below its parent in every language", () => {
    const plan = planCategoryPaths({ categoryId: 3000, parentId: 1, segments: { ...same("headphones"), de: "kopfhoerer" }, tree: TREE, paths });
    expect(plan.paths.get(3000)).toEqual({ ...same("electronics/headphones"), de: "elektronik/kopfhoerer" });
    expect(plan).toMatchObject({ problems: {}, taken: [] });
  });

  it("moves everything below a category with it", () => {
    const plan = planCategoryPaths({ categoryId: 10, parentId: 2, segments: { ...same("phones"), de: "handys" }, tree: TREE, paths });
    expect(plan.paths.get(10)?.de).toBe("media/handys");
    expect(plan.paths.get(1112)).toEqual({ ...same("media/phones/iphone"), de: "media/handys/iphone" });
    expect(plan.paths.has(11)).toBe(false);
  });

  it("names the languages in which a path is another category's, but not the category's own", () => {
    expect(planCategoryPaths({ categoryId: 3000, parentId: 1, segments: { ...same("headphones"), de: "tablets" }, tree: TREE, paths }).taken).toEqual(["de"]);
    expect(planCategoryPaths({ categoryId: 10, parentId: 1, segments: { ...same("smartphones"), de: "smartphones" }, tree: TREE, paths }).taken).toEqual([]);
  });

  it("refuses a segment that is none, and a top-level one the storefront's pages take", () => {
    const plan = planCategoryPaths({ categoryId: 3000, parentId: null, segments: { ...same("outlet"), de: "", en: "search", fr: "Sale" }, tree: TREE, paths });
    expect(plan.problems).toEqual({ de: "invalid", en: "reserved", fr: "invalid" });
    // Below the top level, the same word is a category like any other.
    expect(planCategoryPaths({ categoryId: 3000, parentId: 1, segments: same("search"), tree: TREE, paths }).problems).toEqual({});
  });
});
