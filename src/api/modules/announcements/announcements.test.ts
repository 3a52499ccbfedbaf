import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

// Any moment: the demo announcements are seeded relative to the day the tests run.
const now = new Date();
const { app } = setupTestApp({ clock: () => now });

describe("api_get_announcements", () => {
  it("lists running announcements in the visitor's language with the fetch time", async () => {
    const res = await app().inject({ method: "GET", url: "/api/announcements", cookies: { "reloop-language": "fr" } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fetched).toBe(now.toISOString());
    expect(body.elements).toHaveLength(1);
    expect(body.elements[0].text).toMatch(/Livraison gratuite/);
    expect(new Date(body.elements[0].validTo).getTime()).toBeGreaterThan(now.getTime());
  });

  it("has a text in all six languages", async () => {
    const texts = new Set<string>();
    for (const locale of ["de", "en", "es", "fr", "it", "nl"]) {
      const res = await app().inject({ method: "GET", url: `/api/announcements?locale=${locale}` });
      texts.add(res.json().elements[0].text);
    }
    expect(texts.size).toBe(6);
  });

  it("rejects an unknown locale", async () => {
    const res = await app().inject({ method: "GET", url: "/api/announcements?locale=pt" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].reference).toBe("query.locale");
  });
});
