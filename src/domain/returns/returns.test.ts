import { describe, expect, it } from "vitest";
import { addMonths } from "../dates.ts";
import { claimStatusAfter, gradesAtLeast, itemRequests, parseReturnLabel, partialRefundAllowed, periodEnds, returnKindAt, returnNumber, sendBy, warrantyOpenAt } from "./returns.ts";

const periods = { returnDays: 30, warrantyMonths: 12 };
const DAY = 86_400_000;

describe("return periods", () => {
  // Delivered on a Tuesday afternoon, Berlin time.
  const delivered = new Date("2026-03-10T14:00:00Z");

  it("ends each period with the last shop day: 14 days of withdrawal, the shop's 30, 12 months of warranty", () => {
    const ends = periodEnds(delivered, periods);
    expect(ends.withdrawal.toISOString()).toBe("2026-03-24T22:59:59.999Z");
    expect(ends.return.toISOString()).toBe("2026-04-09T21:59:59.999Z");
    expect(ends.warranty.toISOString()).toBe("2027-03-10T22:59:59.999Z");
  });

  it("is a withdrawal within the 14 days, a voluntary return up to the shop's period, then nothing", () => {
    expect(returnKindAt(delivered, new Date(delivered.getTime() + 13 * DAY), periods)).toBe("withdrawal");
    expect(returnKindAt(delivered, new Date("2026-03-24T22:59:59Z"), periods)).toBe("withdrawal");
    expect(returnKindAt(delivered, new Date("2026-03-24T23:00:01Z"), periods)).toBe("voluntary");
    expect(returnKindAt(delivered, new Date("2026-04-09T21:59:59Z"), periods)).toBe("voluntary");
    expect(returnKindAt(delivered, new Date("2026-04-09T22:00:01Z"), periods)).toBeNull();
    expect(returnKindAt(null, delivered, periods)).toBeNull();
    // A shop period shorter than the law's is the law's.
    expect(returnKindAt(delivered, new Date(delivered.getTime() + 14 * DAY), { ...periods, returnDays: 7 })).toBe("withdrawal");
  });

  it("keeps the warranty open for its months", () => {
    expect(warrantyOpenAt(delivered, new Date("2027-03-10T20:00:00Z"), periods)).toBe(true);
    expect(warrantyOpenAt(delivered, new Date("2027-03-11T00:00:00Z"), periods)).toBe(false);
    expect(warrantyOpenAt(null, delivered, periods)).toBe(false);
  });

  it("moves days by months, ending on the month's last day where it is shorter", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2027-12-15", 2)).toBe("2028-02-15");
  });

  it("gives the customer 14 days to send the parcel", () => {
    expect(sendBy(delivered).toISOString()).toBe("2026-03-24T22:59:59.999Z");
  });
});

describe("labels and decisions", () => {
  it("reads return and claim labels however they are typed", () => {
    expect(returnNumber(1234)).toBe("RT-001234");
    expect(parseReturnLabel(" rt-001234 ")).toEqual({ kind: "return", number: "RT-001234" });
    expect(parseReturnLabel("RT1234")).toEqual({ kind: "return", number: "RT-001234" });
    expect(parseReturnLabel("GA-000077")).toEqual({ kind: "claim", number: "GA-000077" });
    expect(parseReturnLabel("U000123")).toBeNull();
  });

  it("moves claims only along their decisions", () => {
    expect(claimStatusAfter("open", "repair")).toBe("in_repair");
    expect(claimStatusAfter("open", "replacement")).toBe("replaced");
    expect(claimStatusAfter("open", "repaired")).toBeNull();
    expect(claimStatusAfter("in_repair", "repaired")).toBe("repaired");
    expect(claimStatusAfter("refunded", "refund")).toBeNull();
  });

  it("replaces with the same grade or better, never with new goods for a used unit", () => {
    expect(gradesAtLeast("A2")).toEqual(["A0", "A1", "A2"]);
    expect(gradesAtLeast("NEW")).toEqual(["NEW"]);
  });

  it("bounds a partial refund below what is left", () => {
    expect(partialRefundAllowed(1, 100)).toBe(true);
    expect(partialRefundAllowed(100, 100)).toBe(false);
    expect(partialRefundAllowed(0, 100)).toBe(false);
  });
});

describe("what may be asked of an item", () => {
  it("returns while a period runs and nothing holds the item; claims while the warranty runs, also after a refused return", () => {
    expect(itemRequests("withdrawal", true, { returnStatus: null, openClaim: false })).toEqual({ returnable: true, claimable: true });
    expect(itemRequests(null, true, { returnStatus: null, openClaim: false })).toEqual({ returnable: false, claimable: true });
    expect(itemRequests("voluntary", true, { returnStatus: "requested", openClaim: false })).toEqual({ returnable: false, claimable: false });
    expect(itemRequests(null, true, { returnStatus: "refused", openClaim: false })).toEqual({ returnable: false, claimable: true });
    expect(itemRequests("withdrawal", true, { returnStatus: null, openClaim: true })).toEqual({ returnable: false, claimable: false });
    expect(itemRequests(null, false, { returnStatus: null, openClaim: false })).toEqual({ returnable: false, claimable: false });
  });
});
