/** SPEC §5, §9: suggestions start at 3 characters and wait 250 ms after the last keystroke. */
export const SUGGESTION_MIN_CHARS = 3;
export const SUGGESTION_DEBOUNCE_MS = 250;
/** SPEC §9: the autocomplete shows up to 6 products. */
export const SUGGESTION_PRODUCTS = 6;

/** Whether a typed query is long enough to ask for suggestions (blanks around it do not count). */
export function wantsSuggestions(query: string): boolean {
  return query.trim().length >= SUGGESTION_MIN_CHARS;
}
