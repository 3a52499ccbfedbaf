import { describe, expect, it } from "vitest";
import { todayIso } from "../../../domain/catalogue/coupons.ts";
import { PRODUCT_PAGE_SIZE } from "../../../domain/catalogue/listing.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import type { ProductListView } from "./list-schemas.ts";

const { app } = setupTestApp();

type Body = ProductListView & { errors?: { code: string; reference: string }[] };
async function list(query: string): Promise<{ status: number; body: Body; headers: Record<string, unknown> }> {
  const res = await app().inject({ method: "GET", url: `/api/products${query}` });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe("api_product_list_view", () => {
  it("pages 29 at a time without overlap, with X-Version and a search uuid", async () => {
    const first = await list("?sort=popularity");
    const second = await list("?sort=popularity&page=2");
    expect(first.status).toBe(200);
    expect(first.headers["x-version"]).toBeTruthy();
    expect(first.body.items).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(first.body.pageSize).toBe(29);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.total / 29));
    const ids = new Set(first.body.items.map((i) => i.id));
    expect(second.body.items.some((i) => ids.has(i.id))).toBe(false);
    expect(first.body.searchUuid).toMatch(/^[0-9a-f-]{36}$/);
    const uuid = "8a6f1a9e-4a55-4c2f-9d1e-0f0b8f1d2c3a";
    expect((await list(`?originalSearchUuid=${uuid}`)).body.searchUuid).toBe(uuid);
  });

  it("filters by a category and its subcategories", async () => {
    const { body } = await list("?categoryId=10");
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i) => i.group_ids.includes(10))).toBe(true);
    expect(body.items.some((i) => i.product_category_id !== 10)).toBe(true);
  });

  it("sorts by price both ways, out-of-stock last", async () => {
    for (const [sort, cmp] of [["price_asc", (a: number, b: number) => a - b], ["price_desc", (a: number, b: number) => b - a]] as const) {
      const { body } = await list(`?sort=${sort}&inStock=1`);
      const prices = body.items.map((i) => i.price_min!);
      expect(prices).toEqual([...prices].sort(cmp));
    }
  });

  it("combines filters: price range, grade, brand, storage, in stock, on sale", async () => {
    const all = await list("?categoryId=1112");
    const brand = all.body.facets.brand[0]!.value;
    const { body } = await list(`?categoryId=1112&inStock=1&grade=A2,a3&brand=${encodeURIComponent(brand)}&priceMin=10000&priceMax=90000`);
    expect(body.total).toBeGreaterThan(0);
    for (const item of body.items) {
      expect(item.brand).toBe(brand);
      expect(item.price_min).toBeGreaterThanOrEqual(10000);
      expect(item.price_min).toBeLessThanOrEqual(90000);
      expect(item.variants.some((v) => ["A2", "A3"].includes(v.label) && v.quantity > 0)).toBe(true);
    }
    const rom = all.body.facets.rom[0]!;
    expect((await list(`?categoryId=1112&rom=${encodeURIComponent(rom.value)}`)).body.total).toBe(rom.count);
    const onSale = await list("?categoryId=1112&onSale=1");
    expect(onSale.body.total).toBe(all.body.facets.onSale);
    expect(onSale.body.items.every((i) => i.on_sale)).toBe(true);
  });

  it("counts facets under the other filters (a facet's own filter does not narrow it)", async () => {
    const { body } = await list("?categoryId=10&brand=Apple");
    const brands = body.facets.brand.map((b) => b.value);
    expect(brands).toEqual(expect.arrayContaining(["Apple", "Samsung"]));
    expect(body.total).toBe(body.facets.brand.find((b) => b.value === "Apple")!.count);
    expect(body.facets.grade.map((g) => g.value)).toEqual(["NEW", "A0", "A1", "A2", "A3", "A4"]);
    expect(body.facets.price.min).toBeLessThanOrEqual(body.facets.price.max!);
  });

  it("counts each facet value as the total the list would have with that value chosen, on products, groups and search", async () => {
    for (const filters of ["categoryId=10&inStock=1&grade=A1", "categoryId=10&brand=Apple&priceMin=1&onSale=1", "categoryId=1&grade=A2,A3", "query=iphone&grade=A2"]) {
      const { body } = await list(`?${filters}`);
      expect(body.total, filters).toBeGreaterThan(0);
      const totalWith = async (replaced: string[], chosen: string) => {
        const kept = filters.split("&").filter((p) => !replaced.includes(p.split("=")[0]!));
        return (await list(`?${[...kept, chosen].join("&")}`)).body.total;
      };
      for (const facet of ["brand", "color", "rom"] as const) {
        for (const v of body.facets[facet].slice(0, 3)) expect(await totalWith([facet], `${facet}=${encodeURIComponent(v.value)}`), `${filters} ${facet}=${v.value}`).toBe(v.count);
      }
      for (const g of body.facets.grade.filter((g) => g.count > 0).slice(0, 3)) expect(await totalWith(["grade"], `grade=${g.value}`), `${filters} grade=${g.value}`).toBe(g.count);
      expect(await totalWith(["inStock"], "inStock=1"), `${filters} inStock`).toBe(body.facets.inStock);
      expect(await totalWith(["onSale"], "onSale=1"), `${filters} onSale`).toBe(body.facets.onSale);
      const band = body.facets.priceBands[0]!;
      const range = `priceMin=${band.min}${band.max === null ? "" : `&priceMax=${band.max}`}&inStock=1`;
      expect(await totalWith(["priceMin", "priceMax", "inStock"], range), `${filters} ${range}`).toBe(band.count);
    }
  });

  it("counts the same from the pre-aggregated groups as from the products themselves", async () => {
    // A price range ending inside a band makes the API count products directly; otherwise it sums facet groups.
    const grouped = (await list("?categoryId=10&inStock=1&grade=A1")).body;
    const live = (await list("?categoryId=10&inStock=1&grade=A1&priceMin=1")).body;
    expect(grouped.total).toBe(live.total);
    for (const facet of ["brand", "color", "rom", "grade", "priceBands"] as const) expect(grouped.facets[facet]).toEqual(live.facets[facet]);
    expect(grouped.facets.onSale).toBe(live.facets.onSale);
  });

  it("filters by whole price bands from the groups, with the same answer as counting the products", async () => {
    const all = (await list("?categoryId=1")).body;
    expect(all.facets.priceBands.length).toBeGreaterThan(2);
    expect(all.facets.priceBands.reduce((sum, b) => sum + b.count, 0)).toBe(all.facets.inStock);
    const band = all.facets.priceBands[1]!;
    const range = `priceMin=${band.min}${band.max === null ? "" : `&priceMax=${band.max}`}`;
    const byBand = (await list(`?categoryId=1&${range}`)).body;
    expect(byBand.total).toBe(band.count);
    expect(byBand.items.every((i) => i.price_min! >= band.min && (band.max === null || i.price_min! <= band.max))).toBe(true);
    // The same range, one cent wider at the bottom (inside the band below), is counted on the products.
    const live = (await list(`?categoryId=1&priceMin=${band.min - 1}${band.max === null ? "" : `&priceMax=${band.max}`}`)).body;
    expect(live.total).toBeGreaterThanOrEqual(byBand.total);
    for (const facet of ["brand", "color", "rom", "grade", "priceBands"] as const) expect(byBand.facets[facet]).toEqual(live.facets[facet]);
  });

  it("searches names case-insensitively, and treats % literally", async () => {
    const { body } = await list("?query=iphone");
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i) => /iphone/i.test(i.name))).toBe(true);
    expect((await list("?query=%25")).body.total).toBe(0);
  });

  it("answers an empty page past the end, not an error", async () => {
    const { status, body } = await list("?categoryId=1294&page=500");
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
  });

  it("rejects bad parameters with one error per problem", async () => {
    const { status, body } = await list("?page=0&sort=cheapest&grade=A9&inStock=yes&priceMin=-1");
    expect(status).toBe(400);
    expect(body.errors!.map((e) => e.reference).sort()).toEqual(["query.grade.0", "query.inStock", "query.page", "query.priceMin", "query.sort"]);
    const range = await list("?priceMin=500&priceMax=100");
    expect(range.status).toBe(400);
    expect(range.body.errors![0]!.reference).toBe("query.priceMin");
    expect((await list("?originalSearchUuid=nope")).status).toBe(400);
  });

  it("refuses ids past 32 bits, which no row can have, with 400", async () => {
    for (const query of ["?categoryId=2147483648", "?categoryId=9223372036854775807", "?categoryId=1e300"]) {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.errors![0]!.reference).toBe("query.categoryId");
    }
    expect((await list("?categoryId=2147483647")).status).toBe(200);
  });

  it("refuses control characters in every text filter with a clear message", async () => {
    for (const name of ["query", "brand", "color", "rom", "pathname"]) {
      for (const value of ["a%00b", "%00", "a%1Bb", "a%0Ab"]) {
        const { status, body } = await list(`?${name}=${value}`);
        expect(status, `${name}=${value}`).toBe(400);
        expect(body.errors![0]).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining("must not contain control characters") });
        expect(body.errors![0]!.reference).toMatch(new RegExp(`^query\\.${name}`));
      }
    }
    // Letters of any script, emoji and marks are text like any other.
    expect((await list(`?query=${encodeURIComponent("é😀\u202e")}`)).status).toBe(200);
  });
});

describe("coupon badges on cards", () => {
  it("are on only while today lies within the coupon's validity", async () => {
    const { body } = await list("?page=1&sort=newest");
    const all = [...body.items, ...(await list("?page=2&sort=newest")).body.items, ...(await list("?page=3&sort=newest")).body.items];
    const withCoupon = all.filter((i) => i.coupon_code !== null);
    expect(withCoupon.length).toBeGreaterThan(0);
    // The shop's day in Berlin, as the list counts it, not the day in UTC.
    const today = todayIso();
    for (const item of withCoupon) expect(item.coupon_active).toBe(item.coupon_valid_from! <= today && today <= item.coupon_valid_to!);
    expect(all.filter((i) => i.coupon_code === null).every((i) => !i.coupon_active)).toBe(true);
  });
});
