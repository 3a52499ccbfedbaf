import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp();

describe("generated product images", () => {
  it("draws an SVG per product and view, cached for a year", async () => {
    const res = await app().inject({ method: "GET", url: "/media/products/1/0.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const thumb = await app().inject({ method: "GET", url: "/media/products/1/0.svg?size=thumb" });
    expect(thumb.body).not.toBe(res.body);
  });

  it("answers 404 for an unknown product and 400 for a bad file or size", async () => {
    expect((await app().inject({ method: "GET", url: "/media/products/999999/0.svg" })).statusCode).toBe(404);
    const bad = await app().inject({ method: "GET", url: "/media/products/1/../../etc.svg" });
    expect([400, 404]).toContain(bad.statusCode);
    const size = await app().inject({ method: "GET", url: "/media/products/1/0.svg?size=huge" });
    expect(size.statusCode).toBe(400);
    expect(size.json().errors[0].reference).toBe("query.size");
  });
});
