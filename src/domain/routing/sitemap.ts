import { totalPages } from "../catalogue/listing.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../i18n/locales.ts";
import { categoryHref, productHref, sellSearchHref } from "./paths.ts";
import { BLOG_CATEGORIES, BLOG_PATH, blogCategoryHref, documentHref, type ContentType } from "../content/content.ts";

/** Sitemaps of at most 50,000 URLs each: the sitemaps.org limit search engines expect. */
export const SITEMAP_PAGE_SIZE = 50_000;

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface SitemapUrl {
  loc: string;
  alternates?: { hreflang: string; href: string }[];
}

export function sitemapXml(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((u) => {
      const links = (u.alternates ?? []).map((a) => `<xhtml:link rel="alternate" hreflang="${escape(a.hreflang)}" href="${escape(a.href)}"/>`).join("");
      return `<url><loc>${escape(u.loc)}</loc>${links}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: readonly string[]): string {
  const body = locations.map((l) => `<sitemap><loc>${escape(l)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

const absolute = (path: string, publicUrl: string) => new URL(path, publicUrl).href;

/** The product sitemaps are id ranges, so each holds at most a page size of products and needs no OFFSET. */
export function productIdRange(page: number): { after: number; upTo: number } {
  return { after: (page - 1) * SITEMAP_PAGE_SIZE, upTo: page * SITEMAP_PAGE_SIZE };
}

/** The index: the category sitemap, then one product sitemap per id range up to the highest id (at least one). */
export function sitemapLocations(maxProductId: number, publicUrl: string): string[] {
  const pages = totalPages(maxProductId, SITEMAP_PAGE_SIZE);
  return [absolute("/sitemaps/categories.xml", publicUrl), absolute("/sitemaps/content.xml", publicUrl), ...Array.from({ length: pages }, (_, i) => absolute(`/sitemaps/products-${i + 1}.xml`, publicUrl))];
}

/** One category's URL path in one language. */
export interface CategoryPath {
  categoryId: number;
  locale: Locale;
  path: string;
}

/** The home page, the sell search and every category, each with its address in every language it has. */
export function categorySitemapUrls(paths: readonly CategoryPath[], publicUrl: string): SitemapUrl[] {
  const byCategory = new Map<number, Map<Locale, string>>();
  for (const { categoryId, locale, path } of paths) {
    const known = byCategory.get(categoryId) ?? new Map<Locale, string>();
    byCategory.set(categoryId, known.set(locale, path));
  }
  const sellSearch = {
    loc: absolute(sellSearchHref(DEFAULT_LOCALE), publicUrl),
    alternates: LOCALES.map((l) => ({ hreflang: l, href: absolute(sellSearchHref(l), publicUrl) })),
  };
  const categories = [...byCategory.values()].map((byLocale) => ({
    loc: absolute(categoryHref(DEFAULT_LOCALE, byLocale.get(DEFAULT_LOCALE) ?? ""), publicUrl),
    alternates: LOCALES.flatMap((l) => {
      const path = byLocale.get(l);
      return path === undefined ? [] : [{ hreflang: l, href: absolute(categoryHref(l, path), publicUrl) }];
    }),
  }));
  return [{ loc: absolute("/", publicUrl) }, sellSearch, ...categories];
}

/** One live document's slug in one language. */
export interface ContentAddress {
  id: number;
  type: ContentType;
  key: string;
  locale: string;
  slug: string;
}

/** The blog with its categories, then every live article, legal text and page with its address in every language. */
export function contentSitemapUrls(rows: readonly ContentAddress[], publicUrl: string): SitemapUrl[] {
  const byDocument = new Map<number, ContentAddress[]>();
  for (const row of rows) byDocument.set(row.id, [...(byDocument.get(row.id) ?? []), row]);
  const documents = [...byDocument.values()].flatMap((texts) => {
    const hrefOf = (t: ContentAddress) => documentHref(t, t.slug);
    const main = texts.find((t) => t.locale === DEFAULT_LOCALE) ?? texts[0]!;
    const loc = hrefOf(main);
    if (!loc) return [];
    // Legal texts have one address for every language: no alternates to name.
    const alternates = main.type === "legal" ? [] : texts.map((t) => ({ hreflang: t.locale, href: absolute(hrefOf(t)!, publicUrl) }));
    return [{ loc: absolute(loc, publicUrl), alternates }];
  });
  return [{ loc: absolute(BLOG_PATH, publicUrl) }, ...Object.keys(BLOG_CATEGORIES).map((c) => ({ loc: absolute(blogCategoryHref(c), publicUrl) })), ...documents];
}

/** Product pages at their canonical URLs. */
export function productSitemapUrls(products: readonly { id: number; slug: string }[], publicUrl: string): SitemapUrl[] {
  return products.map((p) => ({ loc: absolute(productHref(p.id, p.slug), publicUrl) }));
}

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /checkout/",
    "Disallow: /verify",
    "Disallow: /newsletter/",
    "Allow: /",
    "",
    `Sitemap: ${absolute("/sitemap.xml", publicUrl)}`,
    "",
  ].join("\n");
}
