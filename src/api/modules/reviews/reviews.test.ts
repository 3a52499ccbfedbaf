import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp();
const get = async (url: string) => {
  const res = await app().inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() };
};

/** The first product with more than one page of reviews. */
async function reviewedProduct(): Promise<number> {
  for (let id = 1; id < 100; id++) if ((await get(`/api/products/${id}/reviews`)).body.summary.count > 5) return id;
  throw new Error("no product with two pages of reviews");
}

describe("api_review_list", () => {
  it("summarises ratings and pages through reviews, newest first", async () => {
    const id = await reviewedProduct();
    const first = (await get(`/api/products/${id}/reviews`)).body;
    const second = (await get(`/api/products/${id}/reviews?page=2`)).body;
    expect(first.items).toHaveLength(5);
    expect(first.summary.distribution.map((d: { rating: number }) => d.rating)).toEqual([5, 4, 3, 2, 1]);
    expect(first.summary.distribution.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(first.summary.count);
    expect(first.summary.average).toBeGreaterThanOrEqual(1);
    expect(first.summary.average).toBeLessThanOrEqual(5);
    const dates = [...first.items, ...second.items].map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.items[0]).toMatchObject({ productId: id, productName: expect.any(String), rating: expect.any(Number) });
  });

  it("answers 404 for an unknown product and 400 for a bad page", async () => {
    expect((await get("/api/products/999999/reviews")).status).toBe(404);
    expect((await get("/api/products/1/reviews?page=0")).body.errors[0].reference).toBe("query.page");
  });
});
