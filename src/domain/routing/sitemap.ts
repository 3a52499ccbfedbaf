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

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /checkout/",
    "Disallow: /verify",
    "Disallow: /newsletter/",
    "Allow: /",
    "",
    `Sitemap: ${new URL("/sitemap.xml", publicUrl).href}`,
    "",
  ].join("\n");
}
