import { describe, expect, it, vi } from "vitest";
import { SUGGESTION_DEBOUNCE_MS } from "../../../domain/catalogue/search-suggestions.ts";
import { createSuggestionScheduler } from "./suggestion-scheduler.ts";

describe("suggestion scheduler", () => {
  it("asks once, 250 ms after the last keystroke, and only for 3 characters or more", () => {
    vi.useFakeTimers();
    try {
      const asked: string[] = [];
      const scheduler = createSuggestionScheduler((q) => asked.push(q));
      expect(scheduler.typed("ip")).toBe(false);
      expect(scheduler.typed("iph")).toBe(true);
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS - 1);
      expect(scheduler.typed("ipho ")).toBe(true);
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS - 1);
      expect(asked).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(asked).toEqual(["ipho"]);
      // Deleting below 3 characters drops what was pending.
      scheduler.typed("iphone");
      scheduler.typed("ip");
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS * 2);
      expect(asked).toEqual(["ipho"]);
      scheduler.typed("ipad");
      scheduler.cancel();
      vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS * 2);
      expect(asked).toEqual(["ipho"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
