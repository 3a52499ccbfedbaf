import { describe, expect, it } from "vitest";
import { ageBucketIndex, ageBuckets, periodDays, QUEUE_AGE_STARTS, shareOf, STOCK_AGE_STARTS } from "./dashboard.ts";

describe("dashboard rules", () => {
  it("puts an age into the last bucket whose start it has reached", () => {
    expect([0, 0.99, 1, 2.5, 3, 6.9, 7, 400].map((age) => ageBucketIndex(age, QUEUE_AGE_STARTS))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect([29.9, 30, 89, 90, 180, 1000].map((age) => ageBucketIndex(age, STOCK_AGE_STARTS))).toEqual([0, 1, 1, 2, 3, 3]);
    // A clock a little behind the database's makes a fresh row's age slightly negative: still the first bucket.
    expect(ageBucketIndex(-0.001, QUEUE_AGE_STARTS)).toBe(0);
  });

  it("names each bucket by its bounds, the last one open", () => {
    expect(ageBuckets(QUEUE_AGE_STARTS)).toEqual([
      { fromDays: 0, toDays: 1 },
      { fromDays: 1, toDays: 3 },
      { fromDays: 3, toDays: 7 },
      { fromDays: 7, toDays: null },
    ]);
  });

  it("gives a share only of something", () => {
    expect(shareOf(1, 4)).toBe(0.25);
    expect(shareOf(0, 3)).toBe(0);
    expect(shareOf(0, 0)).toBeNull();
  });

  it("counts a period's days back from today, today included, across a month's end", () => {
    expect(periodDays("2026-03-01", 30)).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(periodDays("2026-11-28", 90)).toEqual({ from: "2026-08-31", to: "2026-11-28" });
  });
});
