import { and, asc, gt, lte, max } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { categoryTranslations, products } from "../../../db/schema/catalogue.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { categoryHref, productHref, sellSearchHref } from "../../../domain/routing/paths.ts";
import { robotsTxt, SITEMAP_PAGE_SIZE, sitemapIndexXml, sitemapXml } from "../../../domain/routing/sitemap.ts";
import { AppError } from "../../errors.ts";

/** robots.txt and the sitemaps: categories and the sell search with their language alternates, products in pages of 50,000 ids. */
export function registerSitemapRoutes(app: FastifyInstance, db: Db, publicUrl: string): void {
  const absolute = (path: string) => new URL(path, publicUrl).href;
  const xml = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("content-type", "text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robotsTxt(publicUrl)),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const [row] = await db.select({ maxId: max(products.id) }).from(products);
    const pages = Math.max(1, Math.ceil((row?.maxId ?? 0) / SITEMAP_PAGE_SIZE));
    const locations = [absolute("/sitemaps/categories.xml"), ...Array.from({ length: pages }, (_, i) => absolute(`/sitemaps/products-${i + 1}.xml`))];
    return reply.headers(xml).send(sitemapIndexXml(locations));
  });

  app.get("/sitemaps/categories.xml", { schema: { hide: true } }, async (_request, reply) => {
    const rows = await db.select().from(categoryTranslations).orderBy(asc(categoryTranslations.categoryId));
    const byCategory = new Map<number, Map<Locale, string>>();
    for (const r of rows) (byCategory.get(r.categoryId) ?? byCategory.set(r.categoryId, new Map()).get(r.categoryId)!).set(r.locale as Locale, r.path);
    const sellSearch = { loc: absolute(sellSearchHref(DEFAULT_LOCALE)), alternates: LOCALES.map((l) => ({ hreflang: l, href: absolute(sellSearchHref(l)) })) };
    const urls = [{ loc: absolute("/") }, sellSearch, ...[...byCategory.values()].map((paths) => ({
      loc: absolute(categoryHref(DEFAULT_LOCALE, paths.get(DEFAULT_LOCALE) ?? "")),
      alternates: LOCALES.filter((l) => paths.has(l)).map((l) => ({ hreflang: l, href: absolute(categoryHref(l, paths.get(l)!)) })),
    }))];
    return reply.headers(xml).send(sitemapXml(urls));
  });

  app.get(
    "/sitemaps/products-:page.xml",
    { schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1).max(10_000) }) } },
    async (request, reply) => {
      const { page } = request.params as { page: number };
      // Pages are id ranges: each holds at most 50,000 products and needs no OFFSET.
      const rows = await db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(and(gt(products.id, (page - 1) * SITEMAP_PAGE_SIZE), lte(products.id, page * SITEMAP_PAGE_SIZE)))
        .orderBy(asc(products.id));
      if (rows.length === 0) throw AppError.notFound("SITEMAP_PAGE_DOESNT_EXIST", `No sitemap page ${page}`, "params.page");
      return reply.headers(xml).send(sitemapXml(rows.map((r) => ({ loc: absolute(productHref(r.id, r.slug)) }))));
    },
  );
}
