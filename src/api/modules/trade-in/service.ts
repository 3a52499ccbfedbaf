import { totalPages } from "../../../domain/catalogue/listing.ts";
import type { TradeInRepository } from "./repository.ts";
import type { TradeInSearchQuery, TradeInSearchView } from "./schemas.ts";

export function createTradeInService(repo: TradeInRepository) {
  return {
    /** What can be sold here, and for up to how much. */
    async search({ query, page, pageSize }: TradeInSearchQuery): Promise<TradeInSearchView> {
      const { rows, images, total } = await repo.search(query, (page - 1) * pageSize, pageSize);
      return {
        items: rows.map((r) => ({ ...r, imageUrl: images.get(r.id) ?? null })),
        query: query ?? null,
        page,
        pageSize,
        total,
        totalPages: totalPages(total, pageSize),
      };
    },
  };
}
export type TradeInService = ReturnType<typeof createTradeInService>;
