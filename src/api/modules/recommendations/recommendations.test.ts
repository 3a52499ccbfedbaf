import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp();
const get = async (url: string) => {
  const res = await app().inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() };
};
const post = (url: string, payload: unknown) => app().inject({ method: "POST", url, payload: payload as object });

describe("api_recommendations", () => {
  it("recommends similar products from the same category, not the product itself", async () => {
    const { body } = await get("/api/recommendations?type=similar&productId=1&pageSize=6");
    expect(body.type).toBe("similar");
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.some((p: { id: number }) => p.id === 1)).toBe(false);
    expect(body.recommendationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists bestsellers by popularity, in a category when asked", async () => {
    const all = (await get("/api/recommendations?type=bestsellers&pageSize=5")).body;
    expect(all.items).toHaveLength(5);
    const inCategory = (await get("/api/recommendations?type=bestsellers&categoryId=1112&pageSize=5")).body;
    for (const p of inCategory.items) expect((await get(`/api/products/${p.id}`)).body.product.category_id).toContain(1112);
  });

  it("falls back when a type finds too few", async () => {
    const { body } = await get("/api/recommendations?type=recently_viewed&query=3&fallbackType=bestsellers&pageSize=6");
    expect(body.fallbackUsed).toBe(true);
    expect(body.items[0].id).toBe(3);
    expect(body.items).toHaveLength(6);
  });

  it("keeps recently viewed products in the order given", async () => {
    const { body } = await get("/api/recommendations?type=recently_viewed&query=5,2,9,4,7&pageSize=4&allowNotInStock=1");
    expect(body.items.map((p: { id: number }) => p.id)).toEqual([5, 2, 9, 4]);
  });

  it("rejects unknown types and bad sizes", async () => {
    const { status, body } = await get("/api/recommendations?type=magic&pageSize=500");
    expect(status).toBe(400);
    expect(body.errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["query.pageSize", "query.type"]);
  });
});

describe("feedback and personalisation events", () => {
  it("accept well-formed events and refuse the rest", async () => {
    const id = (await get("/api/recommendations?type=bestsellers&pageSize=1")).body.recommendationId;
    expect((await post("/api/recommendations/feedback", { recommendationId: id, productId: 1, action: "click" })).statusCode).toBe(202);
    expect((await post("/api/recommendations/feedback", { recommendationId: "x", productId: 1, action: "like" })).statusCode).toBe(400);
    expect((await post("/api/salesforce/events", { type: "Impression", contentfulId: "home-slot", experienceId: "exp-1", userGroup: "A" })).statusCode).toBe(202);
    expect((await post("/api/salesforce/events", { type: "View" })).statusCode).toBe(400);
  });
});
