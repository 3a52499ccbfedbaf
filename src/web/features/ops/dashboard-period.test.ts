import { describe, expect, it } from "vitest";
import { dashboardPeriodOf } from "./dashboard-period.ts";

describe("the dashboard's period from its link", () => {
  it("takes 30 or 90 days and reads anything else as 30", () => {
    expect(["30", "90", null, "", "7", "90 ", "abc", "30.0"].map(dashboardPeriodOf)).toEqual([30, 90, 30, 30, 30, 30, 30, 30]);
  });
});
