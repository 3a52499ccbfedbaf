import { AppError } from "../../errors.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { SUGGESTION_PRODUCTS, SUGGESTION_QUERIES } from "../../../domain/catalogue/search-suggestions.ts";
import type { SearchRepository } from "./repository.ts";
import type { SearchIndex } from "../../../search/search-index.ts";
import type { SuggestionsView } from "./schemas.ts";

/** The overlay's products as the lists show them (their rows are shared with the lists). */
type ProductRows = (ids: number[]) => Promise<{ rows: { product: { id: number; name: string; slug: string; priceMin: number | null }; imageUrl: string | null }[] }>;

export function createSearchService<Index extends SearchIndex>(index: Index, repo: SearchRepository, productRows: ProductRows) {
  return {
    index,
    /** What the header's search overlay shows while typing. */
    async suggestions(query: string, locale: Locale, groupId?: number): Promise<SuggestionsView> {
      const { suggestions, productIds, correctedQuery } = await index.suggest({ query, locale, groupId, products: SUGGESTION_PRODUCTS, suggestions: SUGGESTION_QUERIES });
      const { rows } = await productRows(productIds);
      return {
        suggestions,
        products: rows.map(({ product: p, imageUrl }) => ({ id: p.id, name: p.name, slug: p.slug, price_min: p.priceMin, image_url: imageUrl })),
        correctedQuery,
      };
    },

    async recordClick(productId: number, searchUuid: string): Promise<void> {
      if (!(await repo.recordClick(productId, searchUuid))) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${productId} does not exist`, "body.productId");
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
