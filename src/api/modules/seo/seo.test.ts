import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp();

describe("api_get_seo_block", () => {
  it("returns a category's text in the visitor's language", async () => {
    const de = await app().inject({ method: "GET", url: "/api/seo-blocks/category-10" });
    const it = await app().inject({ method: "GET", url: "/api/seo-blocks/category-10", cookies: { "reloop-language": "it" } });
    expect(de.statusCode).toBe(200);
    expect(de.json().title).toBe("Smartphones gebraucht kaufen");
    expect(it.json().title).toBe("Smartphone ricondizionati");
    expect(de.json().paragraphs).toHaveLength(2);
  });
  it("answers 404 for an unknown block and 400 for a malformed identifier", async () => {
    expect((await app().inject({ method: "GET", url: "/api/seo-blocks/category-999" })).json().errors[0].code).toBe("SEO_BLOCK_DOESNT_EXIST");
    const bad = await app().inject({ method: "GET", url: "/api/seo-blocks/Bad%20Id" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].reference).toBe("params.identifier");
  });
});
