import type { Locale } from "../../../domain/i18n/locales.ts";
import type { ProductSort } from "../../../domain/catalogue/listing.ts";
import type { TextMatch } from "../../../db/text-search.ts";
import type { ProductListRepository, ListFilters } from "../products/list-repository.ts";

/** How a typed query was understood. */
export interface UnderstoodQuery {
  /** The product an exact EAN, ISBN or ASIN names: search goes straight to it. */
  exact: { id: number; slug: string } | null;
  /** The words to search for (compounds split, typos corrected); null when the query has no words. */
  match: TextMatch | null;
  /** The query as corrected, when a typo was corrected. */
  correctedQuery: string | null;
}

export interface SuggestRequest {
  query: string;
  locale: Locale;
  /** Only products of this category group and its subcategories. */
  groupId?: number | undefined;
  products: number;
  suggestions: number;
}

/**
 * Everything search asks of its engine. PostgreSQL answers it today (full-text documents per
 * language, pg_trgm for typos); a dedicated engine can take its place behind this interface.
 * Results and facets have the category lists' shape, so search pages share their list.
 */
export interface SearchIndex {
  understand(query: string, locale: Locale, options?: { prefix?: boolean }): Promise<UnderstoodQuery>;
  /** The total and the facets counted for the matches of `filters.text` under the other filters. */
  totalAndFacets: ProductListRepository["totalAndFacets"];
  /** A page of matches in the given order ("relevance": by how well they match). */
  page: (filters: ListFilters, sort: ProductSort, offset: number, limit: number) => ReturnType<ProductListRepository["page"]>;
  /**
   * For words that match nothing together: the words without the one that leaves matches (the last
   * such word first), or null when no single word's removal does.
   */
  broader(match: TextMatch): Promise<string[] | null>;
  /** Completions of the query being typed (the last word may be unfinished) and ids of the best matching products. */
  suggest(request: SuggestRequest): Promise<{ suggestions: string[]; productIds: number[]; correctedQuery: string | null }>;
}
