/** Suggestions start at 3 characters and wait 250 ms after the last keystroke. */
export const SUGGESTION_MIN_CHARS = 3;
export const SUGGESTION_DEBOUNCE_MS = 250;
/** The autocomplete shows up to 6 products. */
export const SUGGESTION_PRODUCTS = 6;
/** …and up to 10 completed queries. */
export const SUGGESTION_QUERIES = 10;

/** Whether a typed query is long enough to ask for suggestions (blanks around it do not count). */
export function wantsSuggestions(query: string): boolean {
  return query.trim().length >= SUGGESTION_MIN_CHARS;
}

/** A search query is cut to this length; longer ones are typos or abuse. */
const SEARCH_QUERY_MAX = 200;

/** A search page's URL read leniently: the trimmed query (may be empty) and a page within 1…maxPage, else 1. */
export function parseSearchUrl(params: URLSearchParams, maxPage: number): { query: string; page: number } {
  const page = Number(params.get("page") ?? "1");
  return {
    query: (params.get("query") ?? "").trim().slice(0, SEARCH_QUERY_MAX),
    page: Number.isInteger(page) && page > 0 && page <= maxPage ? page : 1,
  };
}
