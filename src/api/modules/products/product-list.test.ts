import { describe, expect, it } from "vitest";
import { PRODUCT_PAGE_SIZE } from "../../../domain/catalogue/listing.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import type { ProductListView } from "./list-schemas.ts";

const { app } = setupTestApp();

async function list(query: string): Promise<{ status: number; body: ProductListView & { errors?: { code: string; reference: string }[] } }> {
  const res = await app().inject({ method: "GET", url: `/api/products${query}` });
  return { status: res.statusCode, body: res.json() };
}

describe("api_product_list_view", () => {
  it("pages through in-stock products, 29 at a time, without overlap", async () => {
    const first = await list("?sort=popularity");
    const second = await list("?sort=popularity&page=2");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(first.body.pageSize).toBe(29);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.total / 29));
    const ids = new Set(first.body.items.map((i) => i.id));
    expect(second.body.items.some((i) => ids.has(i.id))).toBe(false);
    expect(first.body.items.every((i) => i.price_min !== null)).toBe(true);
  });

  it("filters by a category and its subcategories", async () => {
    const { body } = await list("?categoryId=1112");
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i) => i.group_ids.includes(1112))).toBe(true);
  });

  it("sorts by price", async () => {
    const { body } = await list("?sort=price_asc");
    const prices = body.items.map((i) => i.price_min!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("searches names, case-insensitively, and treats % literally", async () => {
    const { body } = await list("?query=iphone");
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i) => /iphone/i.test(i.name))).toBe(true);
    expect((await list("?query=%25")).body.total).toBe(0);
  });

  it("rejects bad parameters with one error per problem", async () => {
    const { status, body } = await list("?page=0&sort=cheapest");
    expect(status).toBe(400);
    expect(body.errors!.map((e) => e.reference).sort()).toEqual(["query.page", "query.sort"]);
  });
});
