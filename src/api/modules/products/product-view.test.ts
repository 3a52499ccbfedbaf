import { describe, expect, it } from "vitest";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp();

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app().inject({ method: "GET", url, headers });
  return { status: res.statusCode, body: res.json() };
}

describe("api_product_view", () => {
  it("returns the product with every grade, media, breadcrumbs and its slug", async () => {
    const { status, body } = await get("/api/products/1");
    expect(status).toBe(200);
    expect(body.product.id).toBe(1);
    expect(body.product.variantPicker.map((v: { label: string }) => v.label)).toEqual([...GRADES]);
    expect(body.product.inStockCount).toBe(
      body.product.variantPicker.reduce((sum: number, v: { quantity: number }) => sum + v.quantity, 0),
    );
    expect(body.media.length).toBeGreaterThan(0);
    expect(body.media[0]).toMatchObject({ contentType: "image/svg+xml", isVideo: false });
    expect(body.categories.at(-1).id).toBe(body.product.categoryId);
    expect(body.product.category_id).toContain(body.product.categoryId);
    expect(body.product_slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("translates category names by the language cookie, and the locale parameter wins over it", async () => {
    const de = await get("/api/products/1");
    const en = await get("/api/products/1", { cookie: "reloop-language=en" });
    const fr = await get("/api/products/1?locale=fr", { cookie: "reloop-language=en" });
    expect(de.body.categories[0].name).not.toBe(en.body.categories[0].name);
    expect(fr.body.categories[0].name).not.toBe(en.body.categories[0].name);
  });

  it("answers a non-numeric id with 400 and a code naming the field", async () => {
    const { status, body } = await get("/api/products/abc");
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ code: "VALIDATION_FAILED", reference: "params.id" });
    expect(body.errors[0].message).toMatch(/number/i);
  });

  it.each(["0", "-3", "1.5", "99999999999"])("rejects the id %s with 400", async (id) => {
    expect((await get(`/api/products/${id}`)).status).toBe(400);
  });

  it("answers an unknown id with 404 PRODUCT_DOESNT_EXIST", async () => {
    const { status, body } = await get("/api/products/999999");
    expect(status).toBe(404);
    expect(body.errors[0]).toMatchObject({ code: "PRODUCT_DOESNT_EXIST", reference: "params.id" });
  });

  it("reports one error item per invalid parameter", async () => {
    const { status, body } = await get("/api/products/abc?wristbandId=x&locale=xx");
    expect(status).toBe(400);
    expect(body.errors.map((e: { reference: string }) => e.reference).sort()).toEqual(
      expect.arrayContaining(["params.id"]),
    );
  });

  it("rejects a wristband that does not belong to the product", async () => {
    const { status, body } = await get("/api/products/1?wristbandId=2");
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ code: "WRISTBAND_NOT_AVAILABLE", reference: "query.wristbandId" });
  });
});

describe("api_product_description", () => {
  it("returns the description in the visitor's language", async () => {
    const de = await get("/api/products/1/description");
    const fr = await get("/api/products/1/description", { cookie: "reloop-language=fr" });
    expect(de.status).toBe(200);
    expect(de.body.paragraphs[0]).toMatch(/geprüft/);
    expect(fr.body.paragraphs[0]).toMatch(/testé|contrôl/);
  });
  it("answers 404 and 400 like the product view", async () => {
    expect((await get("/api/products/999999/description")).status).toBe(404);
    expect((await get("/api/products/x/description")).status).toBe(400);
  });
});
