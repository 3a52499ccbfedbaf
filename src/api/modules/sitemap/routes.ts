import type { ApiInstance } from "../../types.ts";
import { productSitemapParams } from "./schemas.ts";
import type { SitemapService } from "./service.ts";

const cached = { "cache-control": "public, max-age=3600" };
const xml = { "content-type": "application/xml; charset=utf-8", ...cached };

/** robots.txt and the sitemaps: categories and the sell search with their language alternates, products in pages of 50,000 ids. */
export function registerSitemapRoutes(app: ApiInstance, service: SitemapService): void {
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.headers({ "content-type": "text/plain; charset=utf-8", ...cached }).send(service.robots()),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => reply.headers(xml).send(await service.index()));

  app.get("/sitemaps/categories.xml", { schema: { hide: true } }, async (_request, reply) => reply.headers(xml).send(await service.categories()));

  app.get("/sitemaps/content.xml", { schema: { hide: true } }, async (_request, reply) => reply.headers(xml).send(await service.content()));

  app.get("/sitemaps/products-:page.xml", { schema: { hide: true, params: productSitemapParams } }, async (request, reply) =>
    reply.headers(xml).send(await service.products(request.params.page)),
  );
}
