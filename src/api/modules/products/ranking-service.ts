import { LRUCache } from "lru-cache";
import { totalPages } from "../../../domain/catalogue/listing.ts";
import type { RankingRepository } from "./ranking-repository.ts";
import type { AuthorsView, Platform, TopProductsQuery, TopProductsView } from "./ranking-schemas.ts";

const BOOKS_CATEGORY_ID = 20;
const AUTHORS_PAGE_SIZE = 100;

/** Lists that crawlers and browsing visitors walk: all authors, and products by popularity rank. */
export function createRankingService(repo: RankingRepository) {
  // How many products each platform ranks: counting a million rows for every page a crawler reads is not worth it.
  const totals = new LRUCache<Platform, number>({
    max: 2,
    ttl: 60_000,
    // The sell side (green) ranks only what the shop buys.
    fetchMethod: (platform) => repo.rankedCount(platform === "green"),
    ignoreFetchAbort: true,
  });

  return {
    /** Forgets the counts: the catalogue changed. */
    invalidate(): void {
      totals.clear();
    },

    /** Authors of the books on offer, alphabetically, 100 a page. */
    async authors(page: number): Promise<AuthorsView> {
      const { items, total } = await repo.brandsIn(BOOKS_CATEGORY_ID, (page - 1) * AUTHORS_PAGE_SIZE, AUTHORS_PAGE_SIZE);
      return { items, page, totalPages: totalPages(total, AUTHORS_PAGE_SIZE) };
    },

    /** Products at ranks from…to; on green only those the shop buys, with their payout. */
    async topProducts({ from, to, platform }: TopProductsQuery): Promise<TopProductsView> {
      const green = platform === "green";
      const total = (await totals.fetch(platform))!;
      const ids = from > total ? [] : await repo.rankedIds(green, from - 1, to - from + 1);
      const byId = new Map((await repo.rankedRows(ids)).map((r) => [r.id, r]));
      return {
        items: ids.map((id, i) => {
          const { payout, ...r } = byId.get(id)!;
          return { rank: from + i, ...r, ...(green ? { maxPayout: payout } : {}) };
        }),
        platform,
        from,
        to,
        total,
      };
    },
  };
}
export type RankingService = ReturnType<typeof createRankingService>;
