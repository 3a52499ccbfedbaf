import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp();

describe("robots.txt and sitemaps", () => {
  it("point crawlers at a sitemap index of categories and product pages", async () => {
    const robots = await app().inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const index = await app().inject({ method: "GET", url: "/sitemap.xml" });
    expect(index.headers["content-type"]).toContain("application/xml");
    expect(index.body).toContain("/sitemaps/categories.xml");
    expect(index.body).toContain("/sitemaps/products-1.xml");
  });
  it("list categories with hreflang alternates and products with canonical URLs", async () => {
    const categories = await app().inject({ method: "GET", url: "/sitemaps/categories.xml" });
    expect(categories.body).toContain("<loc>http://localhost:3000/kaufen/elektronik/smartphones/iphone</loc>");
    expect(categories.body).toContain('hreflang="fr" href="http://localhost:3000/acheter/');
    expect(categories.body).toContain("<loc>http://localhost:3000/verkaufen/suche</loc>");
    expect(categories.body).toContain('hreflang="en" href="http://localhost:3000/sell/search"');
    const products = await app().inject({ method: "GET", url: "/sitemaps/products-1.xml" });
    expect(products.body).toMatch(/<loc>http:\/\/localhost:3000\/i1,[a-z0-9-]+<\/loc>/);
    expect((await app().inject({ method: "GET", url: "/sitemaps/products-99.xml" })).statusCode).toBe(404);
    expect((await app().inject({ method: "GET", url: "/sitemaps/products-x.xml" })).statusCode).toBe(400);
  });
});
