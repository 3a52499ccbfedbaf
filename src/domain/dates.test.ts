import { describe, expect, it } from "vitest";
import { formatDate, SHOP_TIME_ZONE, shopDayEnd, shopDayStart } from "./dates.ts";
import { INTL_TAG, LOCALES } from "./i18n/locales.ts";

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

describe("formatDate, as Intl.DateTimeFormat writes dates in the shop's time zone", () => {
  // Every 7 h 13 min over three years: each day of the year, each hour, and the summer-time changes.
  const STEP_MS = (7 * 60 + 13) * 60_000;
  const instants: Date[] = [];
  for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += STEP_MS) instants.push(new Date(t));
  // Either side of the changes: 01:00 UTC on the last Sundays of March and October.
  for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2027, 2, 28, 1), Date.UTC(2027, 9, 31, 1)]) {
    instants.push(new Date(change - 60_000), new Date(change), new Date(change + 60_000));
  }
  const intlOptions = { long: { dateStyle: "long" }, medium: { dateStyle: "medium" }, "medium-time": { dateStyle: "medium", timeStyle: "short" } } as const;

  it.each(LOCALES.flatMap((locale) => (["long", "medium", "medium-time"] as const).map((style) => [locale, style] as const)))("%s, %s", (locale, style) => {
    const intl = new Intl.DateTimeFormat(INTL_TAG[locale], { timeZone: SHOP_TIME_ZONE, ...intlOptions[style] });
    for (const instant of instants) expect(formatDate(instant, locale, style)).toBe(intl.format(instant));
  });
});

describe("shop days", () => {
  it("begin at midnight and end just before the next in Berlin, in winter and in summer", () => {
    expect(shopDayStart("2026-12-01").toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(shopDayEnd("2026-12-31").toISOString()).toBe("2026-12-31T22:59:59.999Z");
    expect(shopDayStart("2026-07-01").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(shopDayEnd("2026-07-01").toISOString()).toBe("2026-07-01T21:59:59.999Z");
    // The day summer time starts has 23 hours.
    expect(shopDayEnd("2026-03-29").getTime() + 1 - shopDayStart("2026-03-29").getTime()).toBe(23 * 3_600_000);
  });
});
