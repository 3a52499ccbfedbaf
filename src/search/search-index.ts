import type { Locale } from "../domain/i18n/locales.ts";
import type { FacetCounts } from "../domain/catalogue/facets.ts";
import type { ProductSort } from "../domain/catalogue/listing.ts";
import type { ColumnFilters } from "./core/product-columns.ts";
import type { TextMatch } from "../db/text-search.ts";

/** How a typed query was understood. */
export interface UnderstoodQuery {
  /** The product an exact EAN, ISBN or ASIN names: search goes straight to it. */
  exact: { id: number; slug: string } | null;
  /** The words to search for (compounds split, typos corrected); null when the query has no words. */
  match: TextMatch | null;
  /** The query as corrected, when a typo was corrected. */
  correctedQuery: string | null;
}

/** What a search is narrowed by: the lists' column filters (category, price, grade, brand…) and the words the index understood. */
export interface SearchFilters extends ColumnFilters {
  text?: TextMatch;
}

/** The total and the facets of a search's matches; `capped`: they were counted over a bounded number of matches and are lower bounds. */
export interface SearchCounts {
  total: number;
  facets: FacetCounts;
  capped: boolean;
}

/** A page of matches: the index finds the products, and their rows are read as its maker reads them (search pages: the category lists' rows). */
export interface SearchPage<Row> {
  rows: Row[];
}

export interface SuggestRequest {
  query: string;
  locale: Locale;
  /** Only products of this category group and its subcategories. */
  groupId?: number | undefined;
  products: number;
  suggestions: number;
}

/** What the overlay shows while typing: completed queries, the best matching products, and the query as corrected. */
export interface Suggestions {
  suggestions: string[];
  productIds: number[];
  correctedQuery: string | null;
}

/**
 * Everything search asks of its engine. PostgreSQL answers it today (full-text documents per
 * language, pg_trgm for typos); a dedicated engine can take its place behind this interface.
 * Results and facets have the category lists' shape, so search pages share their list.
 */
export interface SearchIndex<Row = unknown> {
  understand(query: string, locale: Locale, options?: { prefix?: boolean }): Promise<UnderstoodQuery>;
  /** The total and the facets counted for the matches of `filters.text` under the other filters. */
  totalAndFacets(filters: SearchFilters): Promise<SearchCounts>;
  /** A page of matches in the given order ("relevance": by how well they match). */
  page(filters: SearchFilters, sort: ProductSort, offset: number, limit: number): Promise<SearchPage<Row>>;
  /**
   * For words that match nothing together: the words without the one that leaves matches (the last
   * such word first), or null when no single word's removal does.
   */
  broader(match: TextMatch): Promise<string[] | null>;
  /** Completions of the query being typed (the last word may be unfinished) and ids of the best matching products. */
  suggest(request: SuggestRequest): Promise<Suggestions>;
}

/**
 * What the indexes take from the category lists (the products module's list repository answers
 * it): PostgreSQL's index is their queries with a full-text match, the in-memory one reads the rows
 * of the page it found.
 */
export interface ListQueries<Row> {
  totalAndFacets(filters: SearchFilters): Promise<SearchCounts>;
  page(filters: SearchFilters, sort: ProductSort, offset: number, limit: number): Promise<SearchPage<Row>>;
  /** The ids of the most popular matches under the filters (what the search overlay shows). */
  mostPopularMatches(filters: SearchFilters, text: TextMatch, limit: number): Promise<number[]>;
  /** The rows of these products, in this order. */
  rowsOf(ids: number[]): Promise<SearchPage<Row>>;
}
