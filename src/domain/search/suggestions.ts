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

/**
 * Asks for suggestions as the visitor types: only for 3 characters or more, 250 ms after the last
 * keystroke, so a burst of typing makes one request. `cancel` drops a pending one.
 */
export function createSuggestionScheduler(request: (query: string) => void) {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (pending !== undefined) clearTimeout(pending);
    pending = undefined;
  };
  return {
    /** The field's text changed; true when suggestions will be asked for. */
    typed(text: string): boolean {
      cancel();
      if (!wantsSuggestions(text)) return false;
      const query = text.trim();
      pending = setTimeout(() => {
        pending = undefined;
        request(query);
      }, SUGGESTION_DEBOUNCE_MS);
      return true;
    },
    cancel,
  };
}
