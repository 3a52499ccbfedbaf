import { describe, expect, it } from "vitest";
import { formatDate } from "./dates.ts";

describe("formatDate", () => {
  it("writes a date in the language, in the shop's time zone", () => {
    // 23:30 UTC on 31 December is already New Year's Day in Berlin.
    const date = new Date("2030-12-31T23:30:00Z");
    expect(formatDate(date, "de")).toBe("1. Januar 2031");
    expect(formatDate(date, "en")).toBe("1 January 2031");
    expect(formatDate(date.toISOString(), "fr", "medium")).toBe("1 janv. 2031");
    expect(formatDate(date, "nl", "medium-time")).toMatch(/^1 jan 2031.*00:30$/);
  });
});
