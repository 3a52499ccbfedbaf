import { describe, expect, it } from "vitest";
import { activeFilterCount, listParamsToSearch, narrowPageFilters, parseListParams } from "./list-params.ts";

const parse = (q: string) => parseListParams(new URLSearchParams(q));

describe("list state in the URL", () => {
  it("reads filters, sort and page, lists either comma-separated or repeated", () => {
    const p = parse("sort=price_asc&page=3&grade=a2,A3&brand=Apple&brand=Samsung&rom=128%20GB&inStock=1&onSale=1&priceMin=100&priceMax=499.5");
    expect(p).toEqual({ page: 3, sort: "price_asc", priceMin: 10000, priceMax: 49950, grade: ["A2", "A3"], brand: ["Apple", "Samsung"], color: [], rom: ["128 GB"], inStock: true, onSale: true });
    expect(activeFilterCount(p)).toBe(8);
  });

  it("drops what it cannot read instead of failing", () => {
    expect(parse("page=-2&sort=cheap&grade=A9&priceMin=abc&inStock=yes")).toEqual({ page: 1, sort: "relevance", grade: [], brand: [], color: [], rom: [], inStock: false, onSale: false });
  });

  it("swaps a reversed price range", () => {
    expect(parse("priceMin=500&priceMax=100")).toMatchObject({ priceMin: 10000, priceMax: 50000 });
  });

  it("writes the shortest URL and reads it back the same", () => {
    const p = parse("grade=A1&brand=Apple&page=2&sort=newest&inStock=1&priceMin=99.99");
    const search = listParamsToSearch(p);
    expect(search).toBe("?sort=newest&priceMin=99.99&grade=A1&brand=Apple&inStock=1&page=2");
    expect(parse(search.slice(1))).toEqual(p);
    expect(listParamsToSearch(parse(""))).toBe("");
  });
});

describe("curated pages", () => {
  it("keep their own filters and let the visitor narrow them", () => {
    const merged = narrowPageFilters({ brand: ["Apple"], inStock: true, categoryIds: [14, 23] }, parse("brand=Sony&grade=A1"));
    expect(merged).toMatchObject({ brand: ["Apple", "Sony"], inStock: true, onSale: false, grade: ["A1"], categoryIds: [14, 23] });
    expect(narrowPageFilters({ onSale: true }, parse("")).onSale).toBe(true);
  });
});

describe("the price choice of the filter panel", () => {
  it("turns a band into its range, 'all' into none, and keeps a custom range", () => {
    expect(parseListParams(new URLSearchParams("priceBand=1"))).toMatchObject({ priceMin: 1000, priceMax: 2499 });
    const open = parseListParams(new URLSearchParams("priceBand=11"));
    expect(open.priceMin).toBe(250000);
    expect(open.priceMax).toBeUndefined();
    const all = parseListParams(new URLSearchParams("priceBand=&priceMin=10&priceMax=20"));
    expect(all.priceMin).toBeUndefined();
    expect(all.priceMax).toBeUndefined();
    expect(parseListParams(new URLSearchParams("priceBand=custom&priceMin=10&priceMax=20"))).toMatchObject({ priceMin: 1000, priceMax: 2000 });
    expect(parseListParams(new URLSearchParams("priceBand=99")).priceMin).toBeUndefined();
    expect(listParamsToSearch(parseListParams(new URLSearchParams("priceBand=1")))).toBe("?priceMin=10&priceMax=24.99");
  });
});
