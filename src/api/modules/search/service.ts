import { AppError } from "../../errors.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { SUGGESTION_PRODUCTS, SUGGESTION_QUERIES } from "../../../domain/search/suggestions.ts";
import type { SearchRepository } from "./repository.ts";
import type { SearchIndex } from "./search-index.ts";
import type { SuggestionsView } from "./schemas.ts";

export function createSearchService<Index extends SearchIndex>(index: Index, repo: SearchRepository) {
  return {
    index,
    /** What the header's search overlay shows while typing. */
    async suggestions(query: string, locale: Locale, groupId?: number): Promise<SuggestionsView> {
      const { suggestions, productIds, correctedQuery } = await index.suggest({ query, locale, groupId, products: SUGGESTION_PRODUCTS, suggestions: SUGGESTION_QUERIES });
      const cards = await repo.productCards(productIds);
      const byId = new Map(cards.map((c) => [c.id, c]));
      return {
        suggestions,
        products: productIds.flatMap((id) => {
          const c = byId.get(id);
          return c ? [{ id: c.id, name: c.name, slug: c.slug, price_min: c.priceMin, image_url: c.imageUrl }] : [];
        }),
        correctedQuery,
      };
    },

    async recordClick(productId: number, searchUuid: string): Promise<void> {
      if (!(await repo.recordClick(productId, searchUuid))) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${productId} does not exist`, "body.productId");
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
