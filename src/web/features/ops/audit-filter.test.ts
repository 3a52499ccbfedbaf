import { describe, expect, it } from "vitest";
import { auditFilterOf, auditPageOf, auditQueryOf, endOfShopDay, startOfShopDay } from "./audit-filter.ts";

describe("the audit log's filter", () => {
  it("reads days in the shop's time zone, with the offset of winter or summer time", () => {
    expect(startOfShopDay("2026-11-27")).toBe("2026-11-27T00:00:00.000+01:00");
    expect(endOfShopDay("2026-11-27")).toBe("2026-11-27T23:59:59.999+01:00");
    expect(startOfShopDay("2026-07-01")).toBe("2026-07-01T00:00:00.000+02:00");
    expect(endOfShopDay("2026-07-01")).toBe("2026-07-01T23:59:59.999+02:00");
  });

  it("takes the offsets of the nights the clocks change", () => {
    // 29 March 2026: summer time from 02:00; 25 October 2026: winter time from 03:00.
    expect(startOfShopDay("2026-03-29")).toBe("2026-03-29T00:00:00.000+01:00");
    expect(endOfShopDay("2026-03-29")).toBe("2026-03-29T23:59:59.999+02:00");
    expect(startOfShopDay("2026-10-25")).toBe("2026-10-25T00:00:00.000+02:00");
    expect(endOfShopDay("2026-10-25")).toBe("2026-10-25T23:59:59.999+01:00");
    expect(endOfShopDay("2026-03-28")).toBe("2026-03-28T23:59:59.999+01:00");
    expect(endOfShopDay("2026-12-31")).toBe("2026-12-31T23:59:59.999+01:00");
  });

  it("keeps the URL's texts trimmed and leaves out days that are none", () => {
    const filter = auditFilterOf(new URLSearchParams("actor=%20staff%40reloop.local%20&action=staff.invite&from=2026-02-31&to=2026-11-27&entityId=x"));
    expect(filter).toEqual({ actor: "staff@reloop.local", action: "staff.invite", entityType: "", entityId: "x", from: "", to: "2026-11-27" });
    expect(auditFilterOf(new URLSearchParams("from=27.11.2026")).from).toBe("");
  });

  it("asks the API only for what is set, days as ISO times with their offset", () => {
    expect(auditQueryOf(auditFilterOf(new URLSearchParams("action=staff.&from=2026-11-01&to=2026-11-30")), 2)).toEqual({
      action: "staff.",
      from: "2026-11-01T00:00:00.000+01:00",
      to: "2026-11-30T23:59:59.999+01:00",
      page: 2,
    });
    expect(auditQueryOf(auditFilterOf(new URLSearchParams("")), 1)).toEqual({ page: 1 });
  });

  it("reads the page, 1 for anything but a page number", () => {
    expect(auditPageOf(new URLSearchParams("page=3"))).toBe(3);
    for (const page of ["0", "-1", "1.5", "x", "10001"]) expect(auditPageOf(new URLSearchParams({ page }))).toBe(1);
  });
});
