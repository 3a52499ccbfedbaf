import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";
import { createApiClient, queryString } from "../../../web/api-client/client.ts";

const { app } = setupTestApp();
const get = async (url: string, cookies: Record<string, string> = {}) => {
  const res = await app().inject({ method: "GET", url, cookies });
  return { status: res.statusCode, body: res.json() };
};

describe("api_landing_page_view", () => {
  it("returns a curated list's title in the visitor's language and its filters", async () => {
    const { status, body } = await get("/api/landing-pages/landing/sale", { "reloop-language": "es" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: "landing", slug: "sale", title: "Rebajas", filters: { onSale: true, inStock: true } });
    expect((await get("/api/landing-pages/theme/gaming")).body.filters.categoryIds).toEqual([14, 23]);
  });
  it("answers 404 for an unknown page and 400 for an unknown kind", async () => {
    expect((await get("/api/landing-pages/promo/nothing")).body.errors[0].code).toBe("LANDING_PAGE_DOESNT_EXIST");
    expect((await get("/api/landing-pages/banner/sale")).status).toBe(400);
  });
});

describe("lists across several categories", () => {
  it("categoryIds takes products of any of them", async () => {
    const { body } = await get("/api/products?categoryIds=14,23&inStock=1");
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i: { group_ids: number[] }) => i.group_ids.includes(14) || i.group_ids.includes(23))).toBe(true);
    expect((await get("/api/products?categoryIds=x")).status).toBe(400);
  });
});

describe("api_author_list and api_top_products", () => {
  it("lists authors alphabetically with their number of books", async () => {
    const { body } = await get("/api/authors");
    const names = body.items.map((a: { name: string }) => a.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort());
    const author = body.items[0];
    const books = await get(`/api/products?categoryId=20&brand=${encodeURIComponent(author.name)}`);
    expect(books.body.total).toBe(author.count);
  });
  it("ranks products by popularity, and refuses ranges that are reversed or too long", async () => {
    const { body } = await get("/api/top-products?from=1&to=50");
    expect(body.items).toHaveLength(50);
    expect(body.items[0].rank).toBe(1);
    const next = await get("/api/top-products?from=51&to=60");
    expect(next.body.items[0].rank).toBe(51);
    expect(body.items.some((p: { id: number }) => next.body.items.some((q: { id: number }) => q.id === p.id))).toBe(false);
    expect((await get("/api/top-products?from=10&to=5")).status).toBe(400);
    expect((await get("/api/top-products?from=1&to=5000")).body.errors[0].reference).toBe("query.to");
  });
});

describe("the storefront's API client on these pages", () => {
  // The client as loaders use it, answered in-process.
  const client = () =>
    createApiClient(async (request) => {
      const res = await app().inject({ method: request.method, url: request.path + queryString(request.query) });
      return { status: res.statusCode, headers: {}, body: res.body ? res.json() : null };
    });

  it("cannot reach another operation through a slug from the URL", async () => {
    for (const slug of ["../landing/sale", "../../products/1", "..%2F..%2Fproducts%2F1", "..", "."]) {
      await expect(client().landingPage("theme", slug, "de"), slug).rejects.toMatchObject({ name: "ApiError", status: 400 });
    }
    expect((await client().landingPage("landing", "sale", "de")).slug).toBe("sale");
  });

  it("lists an author page whatever the name: commas, many names, a long path", async () => {
    const author = Array.from({ length: 30 }, (_, i) => `N${i}`).join(",");
    const list = await client().productList({ locale: "de", categoryId: 20, brand: [author], pathname: `/kaufen/author/${"x".repeat(600)}` });
    expect(list.total).toBe(0);
  });
});
