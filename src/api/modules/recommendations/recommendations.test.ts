import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { inArray } from "drizzle-orm";
import { products } from "../../../db/schema/catalogue.ts";
import { recommendationEvents } from "../../../db/schema/recommendations.ts";
import { setupTestApp } from "../../../test/api-harness.ts";

/** Receives forwarded events, as an external collector would. */
const forwarded: unknown[] = [];
const collector = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    forwarded.push(JSON.parse(body));
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

const { app, database } = setupTestApp({ env: { RECOMMENDATION_EVENTS_URL: `http://127.0.0.1:${(collector.address() as AddressInfo).port}/events` } });
const get = async (url: string) => {
  const res = await app().inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() };
};
const post = (url: string, payload: unknown) => app().inject({ method: "POST", url, payload: payload as object });
const storedEvents = () => database().db.select().from(recommendationEvents).orderBy(recommendationEvents.id);

describe("api_recommendations", () => {
  it("recommends similar products from the same category, not the product itself", async () => {
    const { body } = await get("/api/recommendations?type=similar&productId=1&pageSize=6");
    expect(body.type).toBe("similar");
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.some((p: { id: number }) => p.id === 1)).toBe(false);
    expect(body.recommendationId).toMatch(/^[0-9a-f-]{36}$/);
    // Of the product's own category, the nearest in price first.
    const rows = await database()
      .db.select({ id: products.id, categoryId: products.categoryId, price: products.priceMin })
      .from(products)
      .where(inArray(products.id, [1, ...body.items.map((p: { id: number }) => p.id)]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const self = byId.get(1)!;
    const distances = body.items.map((p: { id: number }) => {
      expect(byId.get(p.id)!.categoryId).toBe(self.categoryId);
      return Math.abs((byId.get(p.id)!.price ?? 0) - (self.price ?? 0));
    });
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // A product that does not exist has no neighbours: the fallback fills the slot.
    const unknown = (await get("/api/recommendations?type=similar&productId=999999&pageSize=6")).body;
    expect(unknown).toMatchObject({ type: "bestsellers", fallbackUsed: true });
  });

  it("lists bestsellers by popularity, in a category when asked", async () => {
    const all = (await get("/api/recommendations?type=bestsellers&pageSize=5")).body;
    expect(all.items).toHaveLength(5);
    const inCategory = (await get("/api/recommendations?type=bestsellers&categoryId=1112&pageSize=5")).body;
    for (const p of inCategory.items) expect((await get(`/api/products/${p.id}`)).body.product.category_id).toContain(1112);
  });

  it("shows each product with its own first picture", async () => {
    const urlById = new Map<number, string | null>();
    for (const url of ["/api/recommendations?type=bestsellers&pageSize=6", "/api/recommendations?type=recently_viewed&query=5,2,9&allowNotInStock=1"]) {
      const { body } = await get(url);
      for (const item of body.items as { id: number; imageUrl: string | null }[]) {
        const media = (await get(`/api/products/${item.id}`)).body.media as { isVideo: boolean; url: string }[];
        expect(item.imageUrl).toBe(media.find((m) => !m.isVideo)?.url ?? null);
        urlById.set(item.id, item.imageUrl);
      }
    }
    expect(urlById.size).toBeGreaterThanOrEqual(6);
    expect(new Set(urlById.values()).size).toBe(urlById.size);
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

  it.each([
    ["type=similar&productId=2147483648", "query.productId"],
    ["type=bestsellers&fallbackCategoryId=99999999999", "query.fallbackCategoryId"],
    ["type=bestsellers&categoryId=2147483648", "query.categoryId"],
    ["type=recently_viewed&query=a%00b", "query.query"],
  ])("refuses ids beyond an integer and control characters with a 400: %s", async (params, reference) => {
    const { status, body } = await get(`/api/recommendations?${params}`);
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ code: "VALIDATION_FAILED", reference })]);
  });

  it("ignores recently viewed ids no product can have", async () => {
    const { status, body } = await get("/api/recommendations?type=recently_viewed&query=1e300,5,2147483648&allowNotInStock=1&fallbackType=recently_viewed");
    expect(status).toBe(200);
    expect(body.items.map((p: { id: number }) => p.id)).toEqual([5]);
  });
});

describe("feedback and personalisation events", () => {
  it("stores feedback on a recommendation and forwards it", async () => {
    const id = (await get("/api/recommendations?type=bestsellers&pageSize=1")).body.recommendationId as string;
    const before = (await storedEvents()).length;
    const res = await post("/api/recommendations/feedback", { recommendationId: id, productId: 7, action: "click" });
    expect(res.statusCode).toBe(202);
    const rows = await storedEvents();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ source: "feedback", slot: id, type: "click", productId: 7, experienceId: null, userGroup: null });
    expect(Date.now() - Date.parse(rows.at(-1)!.createdAt)).toBeLessThan(60_000);
    await vi.waitFor(() => expect(forwarded).toContainEqual(expect.objectContaining({ source: "feedback", recommendationId: id, productId: 7, action: "click" })));
  });

  it("stores personalisation events and forwards them", async () => {
    const event = { type: "Impression", contentfulId: "home-slot", experienceId: "exp-1", userGroup: "A" };
    expect((await post("/api/salesforce/events", event)).statusCode).toBe(202);
    expect((await storedEvents()).at(-1)).toMatchObject({ source: "personalisation", slot: "home-slot", type: "Impression", productId: null, experienceId: "exp-1", userGroup: "A" });
    await vi.waitFor(() => expect(forwarded).toContainEqual(expect.objectContaining({ source: "personalisation", ...event })));
  });

  it.each([
    ["/api/recommendations/feedback", { recommendationId: "x", productId: 1, action: "like" }, ["body.action", "body.recommendationId"]],
    ["/api/recommendations/feedback", { recommendationId: "0b7f2c1e-8a4d-4e8b-9c1a-2f3d4e5f6a7b", productId: 2147483648, action: "click" }, ["body.productId"]],
    ["/api/recommendations/feedback", { recommendationId: "0b7f2c1e-8a4d-4e8b-9c1a-2f3d4e5f6a7b", productId: "7", action: "click" }, ["body.productId"]],
    ["/api/salesforce/events", { type: "View" }, ["body.contentfulId", "body.experienceId", "body.type", "body.userGroup"]],
    ["/api/salesforce/events", { type: "Click", contentfulId: "a\u0000b", experienceId: "exp-1", userGroup: "A" }, ["body.contentfulId"]],
    ["/api/salesforce/events", { type: "Click", contentfulId: "home-slot", experienceId: "exp-1", userGroup: "A\ud800" }, ["body.userGroup"]],
    ["/api/salesforce/events", { type: "Click", contentfulId: "home-slot", experienceId: "", userGroup: "x".repeat(51) }, ["body.experienceId", "body.userGroup"]],
  ])("refuses a bad event with a 400 and stores nothing: %s %j", async (url, payload, references) => {
    const before = (await storedEvents()).length;
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { code: string; reference: string }[];
    expect(errors.every((e) => e.code === "VALIDATION_FAILED")).toBe(true);
    expect([...new Set(errors.map((e) => e.reference))].sort()).toEqual(references);
    expect(await storedEvents()).toHaveLength(before);
  });

  it("refuses a body that is not an object", async () => {
    const res = await app().inject({ method: "POST", url: "/api/recommendations/feedback", headers: { "content-type": "application/json" }, payload: "[]" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].reference).toBe("body");
  });
});

describe("contract", () => {
  it("documents the operations with their limits", async () => {
    const spec = (await get("/api/openapi.json")).body;
    const params = spec.paths["/api/recommendations"].get.parameters as { name: string; schema: { maximum?: number } }[];
    expect(params.find((p) => p.name === "productId")?.schema.maximum).toBe(2_147_483_647);
    expect(spec.paths["/api/recommendations/feedback"].post.operationId).toBe("api_recommendations_feedback");
    expect(spec.paths["/api/salesforce/events"].post.operationId).toBe("api_salesforce_event");
  });
});
