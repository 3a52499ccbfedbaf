import { SUGGESTION_DEBOUNCE_MS, wantsSuggestions } from "../../../domain/catalogue/search-suggestions.ts";

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
