import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndexXml, sitemapXml } from "./sitemap.ts";

describe("sitemaps", () => {
  it("list URLs with their language alternates, escaped", () => {
    const xml = sitemapXml([{ loc: "https://x/kaufen/a?b=1&c=2", alternates: [{ hreflang: "en", href: "https://x/buy/a" }] }]);
    expect(xml).toContain("<loc>https://x/kaufen/a?b=1&amp;c=2</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://x/buy/a"/>');
    expect(sitemapIndexXml(["https://x/sitemaps/products-1.xml"])).toContain("<sitemap><loc>https://x/sitemaps/products-1.xml</loc></sitemap>");
  });
  it("robots.txt points at the sitemap and keeps crawlers out of the API and checkout", () => {
    const robots = robotsTxt("https://shop.example");
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
  });
});
