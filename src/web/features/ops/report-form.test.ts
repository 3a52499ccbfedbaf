import { describe, expect, it } from "vitest";
import { isPeriodReport, marginFilterOf, marginPath, marginRefusals, periodFilterOf, periodPath, periodRefusals, refusalsOf } from "./report-form.ts";

// 23:30 in Berlin on the last day of July: the shop's day and month, not UTC's.
const lateInJuly = new Date("2026-07-31T21:30:00Z");

describe("the report pages' rules", () => {
  it("show the shop's current month when the address names none, and keep a month as typed", () => {
    expect(marginFilterOf(new URLSearchParams(), lateInJuly)).toEqual({ month: "2026-07", scheme: "margin", page: 1 });
    expect(marginFilterOf(new URLSearchParams("month=2026-13&scheme=standard&page=3"), lateInJuly)).toEqual({ month: "2026-13", scheme: "standard", page: 3 });
    expect(marginFilterOf(new URLSearchParams("month=%202026-06%20&scheme=reduced&page=-1"), lateInJuly)).toEqual({ month: "2026-06", scheme: "margin", page: 1 });
  });

  it("show this month so far when the address names no period", () => {
    expect(periodFilterOf(new URLSearchParams(), lateInJuly)).toEqual({ from: "2026-07-01", to: "2026-07-31", page: 1 });
    expect(periodFilterOf(new URLSearchParams("from=2026-05-01&to=&page=2"), lateInJuly)).toEqual({ from: "2026-05-01", to: "", page: 2 });
  });

  it("write addresses with the defaults left out", () => {
    expect(marginPath({ month: "2026-07" })).toBe("/ops/reports?month=2026-07");
    expect(marginPath({ month: "2026-07", scheme: "standard", page: 2 })).toBe("/ops/reports?month=2026-07&scheme=standard&page=2");
    expect(periodPath("refunds", { from: "2026-07-01", to: "2026-07-31", page: 1 }, 3)).toBe("/ops/reports/refunds?from=2026-07-01&to=2026-07-31&page=3");
    expect(isPeriodReport("payouts")).toBe(true);
    expect(isPeriodReport("margin")).toBe(false);
  });

  it("refuse what the API would refuse, at its field, before asking it", () => {
    const period = (from: string, to: string) => periodRefusals({ from, to, page: 1 })?.fields ?? null;
    expect(marginRefusals({ month: "2026-07", scheme: "margin", page: 1 })).toBeNull();
    expect(marginRefusals({ month: "2026-13", scheme: "margin", page: 1 })?.fields).toEqual({ month: { problem: "month" } });
    expect(period("2026-07-01", "2026-07-31")).toBeNull();
    expect(period("2028-01-01", "2028-12-31")).toBeNull();
    expect(period("2026-07-31", "2026-07-01")).toEqual({ to: { problem: "order" } });
    expect(period("2026-01-01", "2027-01-02")).toEqual({ to: { problem: "tooLong" } });
    expect(period("2026-02-30", "")).toEqual({ from: { problem: "day" }, to: { problem: "day" } });
    expect(period("", "2026-07-01")).toEqual({ from: { problem: "day" } });
  });

  it("put the API's refusals at their fields", () => {
    const errors = [
      { reference: "query.to", message: "The last day must not come before the first" },
      { reference: "query.to", message: "second" },
      { reference: "query.page", message: "Pages start at 1" },
    ];
    expect(refusalsOf(errors, ["from", "to"] as const)).toEqual({ fields: { to: { message: "The last day must not come before the first" } }, other: ["Pages start at 1"] });
  });
});
