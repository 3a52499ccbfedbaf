import {
  categorySitemapUrls,
  contentSitemapUrls,
  type ContentAddress,
  productIdRange,
  productSitemapUrls,
  robotsTxt,
  sitemapIndexXml,
  sitemapLocations,
  sitemapXml,
} from "../../../domain/routing/sitemap.ts";
import { AppError } from "../../errors.ts";
import type { SitemapRepository } from "./repository.ts";

/** robots.txt and the sitemaps as documents, with absolute URLs on the public origin. */
export function createSitemapService(repo: SitemapRepository, publicUrl: string, content: { liveAddresses: () => Promise<ContentAddress[]> }) {
  return {
    robots(): string {
      return robotsTxt(publicUrl);
    },

    async index(): Promise<string> {
      return sitemapIndexXml(sitemapLocations(await repo.maxProductId(), publicUrl));
    },

    async categories(): Promise<string> {
      return sitemapXml(categorySitemapUrls(await repo.categoryPaths(), publicUrl));
    },

    async content(): Promise<string> {
      return sitemapXml(contentSitemapUrls(await content.liveAddresses(), publicUrl));
    },

    async products(page: number): Promise<string> {
      const rows = await repo.productsInIdRange(productIdRange(page));
      if (rows.length === 0) throw AppError.notFound("SITEMAP_PAGE_DOESNT_EXIST", `No sitemap page ${page}`, "params.page");
      return sitemapXml(productSitemapUrls(rows, publicUrl));
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;
