import { describe, expect, it } from "vitest";
import { categorySitemapUrls, contentSitemapUrls, productIdRange, productSitemapUrls, robotsTxt, sitemapIndexXml, sitemapLocations, sitemapXml } from "./sitemap.ts";

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

describe("sitemap contents", () => {
  it("index the category and content sitemaps and one product sitemap per 50,000 ids, at least one", () => {
    expect(sitemapLocations(0, "https://x")).toEqual(["https://x/sitemaps/categories.xml", "https://x/sitemaps/content.xml", "https://x/sitemaps/products-1.xml"]);
    expect(sitemapLocations(100_001, "https://x").at(-1)).toBe("https://x/sitemaps/products-3.xml");
    expect(productIdRange(2)).toEqual({ after: 50_000, upTo: 100_000 });
  });
  it("list the blog, its categories and each live document once, with its address in every language", () => {
    const urls = contentSitemapUrls(
      [
        { id: 1, type: "article", key: "a", locale: "de", slug: "artikel" },
        { id: 1, type: "article", key: "a", locale: "en", slug: "article" },
        { id: 2, type: "legal", key: "imprint", locale: "de", slug: "impressum" },
        { id: 2, type: "legal", key: "imprint", locale: "en", slug: "imprint" },
        { id: 3, type: "page", key: "warranty", locale: "de", slug: "garantie" },
      ],
      "https://x",
    );
    expect(urls[0]).toEqual({ loc: "https://x/tips-and-news" });
    expect(urls).toContainEqual({ loc: "https://x/tips-and-news/c/guides" });
    expect(urls).toContainEqual({ loc: "https://x/tips-and-news/artikel", alternates: [{ hreflang: "de", href: "https://x/tips-and-news/artikel" }, { hreflang: "en", href: "https://x/tips-and-news/article" }] });
    expect(urls).toContainEqual({ loc: "https://x/legal/imprint", alternates: [] });
    expect(urls).toContainEqual({ loc: "https://x/warranty", alternates: [{ hreflang: "de", href: "https://x/warranty" }] });
  });
  it("list the home page, the sell search and each category once, with the languages it has", () => {
    const urls = categorySitemapUrls(
      [
        { categoryId: 1, locale: "de", path: "elektronik" },
        { categoryId: 1, locale: "fr", path: "electronique" },
        { categoryId: 2, locale: "de", path: "medien" },
      ],
      "https://x",
    );
    expect(urls.map((u) => u.loc)).toEqual(["https://x/", "https://x/verkaufen/suche", "https://x/kaufen/elektronik", "https://x/kaufen/medien"]);
    expect(urls[1]?.alternates).toHaveLength(6);
    expect(urls[2]?.alternates).toEqual([
      { hreflang: "de", href: "https://x/kaufen/elektronik" },
      { hreflang: "fr", href: "https://x/acheter/electronique" },
    ]);
    expect(productSitemapUrls([{ id: 7, slug: "a-b" }], "https://x")).toEqual([{ loc: "https://x/i7,a-b" }]);
  });
});
