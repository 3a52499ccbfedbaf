import { describe, expect, it } from "vitest";
import { shopDayIso } from "../dates.ts";
import { assumedDelivered, dispatchDeadline, dispatchUrgency, pickRefusal } from "./fulfilment.ts";

describe("dispatchDeadline", () => {
  it("counts working days from the day paid, to that day's end in the shop's time zone", () => {
    // Wednesday 2026-11-25, 10:00 in Berlin.
    const wednesday = new Date("2026-11-25T09:00:00Z");
    expect(shopDayIso(dispatchDeadline(wednesday, 0))).toBe("2026-11-25");
    expect(shopDayIso(dispatchDeadline(wednesday, 2))).toBe("2026-11-27");
    // Over the weekend: Friday + 1 working day is Monday.
    expect(shopDayIso(dispatchDeadline(new Date("2026-11-27T15:00:00Z"), 1))).toBe("2026-11-30");
    // Paid on Saturday: the count starts on Monday.
    expect(shopDayIso(dispatchDeadline(new Date("2026-11-28T10:00:00Z"), 0))).toBe("2026-11-30");
    expect(shopDayIso(dispatchDeadline(new Date("2026-11-28T10:00:00Z"), 1))).toBe("2026-12-01");
    // The deadline is the last moment of that day in Berlin (23:59:59.999 CET = 22:59:59.999 UTC).
    expect(dispatchDeadline(wednesday, 0).toISOString()).toBe("2026-11-25T22:59:59.999Z");
    // Paid at 23:30 Berlin time counts as that day, not the UTC one.
    expect(shopDayIso(dispatchDeadline(new Date("2026-11-24T22:30:00Z"), 0))).toBe("2026-11-24");
  });
});

describe("dispatchUrgency", () => {
  const deadline = new Date("2026-11-27T22:59:59.999Z");
  it("is late past the deadline, at risk within a day of it, on time before", () => {
    expect(dispatchUrgency(deadline, new Date("2026-11-28T00:00:00Z"))).toBe("late");
    expect(dispatchUrgency(deadline, new Date("2026-11-27T08:00:00Z"))).toBe("at_risk");
    expect(dispatchUrgency(deadline, new Date("2026-11-25T08:00:00Z"))).toBe("on_time");
  });
});

describe("assumedDelivered", () => {
  it("after the set number of days since shipping", () => {
    const shipped = new Date("2026-11-20T10:00:00Z");
    expect(assumedDelivered(shipped, new Date("2026-11-26T10:00:00Z"))).toBe(false);
    expect(assumedDelivered(shipped, new Date("2026-11-27T10:00:00Z"))).toBe(true);
    expect(assumedDelivered(shipped, new Date("2026-11-22T10:00:00Z"), 2)).toBe(true);
  });
});

describe("pickRefusal", () => {
  const item = { uuid: "item-1", productId: 7, grade: "A1", withFullBattery: false };
  const unit = { productId: 7, grade: "A1", fullBattery: false, status: "in_stock", orderItemUuid: null };
  it("takes the item's own unit or another one in stock of the same product and grade", () => {
    expect(pickRefusal(item, { ...unit, status: "reserved", orderItemUuid: "item-1" })).toBeNull();
    expect(pickRefusal(item, unit)).toBeNull();
    expect(pickRefusal(item, { ...unit, productId: 8 })).toBe("WRONG_PRODUCT");
    expect(pickRefusal(item, { ...unit, grade: "A2" })).toBe("WRONG_GRADE");
    expect(pickRefusal({ ...item, withFullBattery: true }, unit)).toBe("NO_FULL_BATTERY");
    expect(pickRefusal(item, { ...unit, status: "reserved", orderItemUuid: "item-2" })).toBe("UNIT_NOT_AVAILABLE");
    expect(pickRefusal(item, { ...unit, status: "scrapped" })).toBe("UNIT_NOT_AVAILABLE");
  });
});
