import { and, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../../db/schema/catalogue.ts";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app, database } = setupTestApp();
async function get(url: string) {
  const res = await app().inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() };
}
async function notBought() {
  const rows = await database()
    .db.select({ id: products.id, name: products.name })
    .from(products)
    .where(or(eq(products.allowedPurchase, false), eq(products.purchaseStop, true)));
  return rows;
}

describe("api_trade_in_search", () => {
  it("lists only devices the shop buys, most asked-for first, with the best-condition payout", async () => {
    const { status, body } = await get("/api/trade-in/search?pageSize=24");
    expect(status).toBe(200);
    expect(body.items).toHaveLength(24);
    const excluded = new Set((await notBought()).map((r) => r.id));
    expect(excluded.size).toBeGreaterThan(0);
    expect(body.items.some((i: { id: number }) => excluded.has(i.id))).toBe(false);
    const [first] = await database().db.select({ payout: products.pricePurchase }).from(products).where(eq(products.id, body.items[0].id));
    expect(body.items[0]).toMatchObject({ maxPayout: first!.payout, imageUrl: expect.stringMatching(/^\/media\//) });
    expect(body.total).toBe(300 - excluded.size);
  });

  it("finds devices by part of their name, whatever the case, and treats % literally", async () => {
    const { body } = await get("/api/trade-in/search?query=IPHONE");
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i: { name: string }) => /iphone/i.test(i.name))).toBe(true);
    expect((await get("/api/trade-in/search?query=%25")).body.total).toBe(0);
  });

  it("pages through the results", async () => {
    const first = (await get("/api/trade-in/search?pageSize=5&page=1")).body;
    const second = (await get("/api/trade-in/search?pageSize=5&page=2")).body;
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(first.totalPages).toBe(Math.ceil(first.total / 5));
  });

  it("answers bad input with 400 in the one error shape", async () => {
    const empty = await get("/api/trade-in/search?query=%20");
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ code: "VALIDATION_FAILED", reference: "query.query" });
    expect((await get("/api/trade-in/search?page=0")).status).toBe(400);
    const nul = await get("/api/trade-in/search?query=%00");
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0]).toMatchObject({ reference: "query.query", message: "Query must not contain control characters" });
    expect((await get(`/api/trade-in/search?query=${"a".repeat(201)}`)).status).toBe(400);
  });
});

describe("api_top_products on the sell side", () => {
  it("ranks only devices the shop buys and names their payout", async () => {
    const excluded = await notBought();
    const { body } = await get("/api/top-products?from=1&to=300&platform=green");
    expect(body.platform).toBe("green");
    expect(body.total).toBe(300 - excluded.length);
    expect(body.items.every((i: { maxPayout?: number }) => typeof i.maxPayout === "number")).toBe(true);
    const ids = new Set(body.items.map((i: { id: number }) => i.id));
    expect(excluded.some((r) => ids.has(r.id))).toBe(false);
    const blue = (await get("/api/top-products?from=1&to=5")).body;
    expect(blue.items[0].maxPayout).toBeUndefined();
    expect((await get("/api/top-products?from=1&to=5&platform=red")).status).toBe(400);
  });

  it("keeps the popularity order", async () => {
    const rows = await database().db.select({ id: products.id, popularity: products.popularity }).from(products).where(and(eq(products.allowedPurchase, true), eq(products.purchaseStop, false)));
    const { body } = await get("/api/top-products?from=1&to=10&platform=green");
    const expected = rows.sort((a, b) => b.popularity - a.popularity || a.id - b.id).slice(0, 10).map((r) => r.id);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual(expected);
  });
});
