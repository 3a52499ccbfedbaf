import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  counterofferHolds,
  settledPayout,
  COUNTEROFFER_DAYS,
  COUNTEROFFER_REMINDER_DAYS_BEFORE,
  counterofferDeadline,
  counterofferReminderDue,
  formatSaleNumber,
  nextSaleStatus,
  SALE_STATUSES,
  settledItemsValue,
  STAFF_SALE_EVENTS,
  type SaleEventType,
  type SaleStatus,
} from "./sales.ts";

const NOW = new Date("2026-01-10T12:00:00Z");
const DAY_MS = 86_400_000;

const EVENT_TYPES = [
  "parcel_received",
  "inspection_started",
  "offer_confirmed",
  "counteroffer_made",
  "counteroffer_accepted",
  "counteroffer_declined",
  "counteroffer_expired",
  "payout_sent",
  "parcel_returned",
] as const satisfies readonly SaleEventType[];

/** The whole table: every status against every event; what is not listed does not apply. */
const EXPECTED: Record<SaleStatus, Partial<Record<SaleEventType, SaleStatus>>> = {
  created: { parcel_received: "parcel_received" },
  parcel_received: { inspection_started: "in_inspection", parcel_returned: "returned" },
  in_inspection: { offer_confirmed: "offer_confirmed", counteroffer_made: "counteroffer", parcel_returned: "returned" },
  counteroffer: { counteroffer_accepted: "offer_confirmed", counteroffer_declined: "returned", counteroffer_expired: "offer_confirmed" },
  offer_confirmed: { payout_sent: "paid" },
  paid: {},
  returned: {},
};

describe("nextSaleStatus", () => {
  for (const status of SALE_STATUSES) {
    for (const type of EVENT_TYPES) {
      const expected = EXPECTED[status][type] ?? null;
      it(`${status} + ${type} → ${expected ?? "no change"}`, () => {
        expect(nextSaleStatus(status, { type })).toBe(expected);
      });
    }
  }

  it("follows the happy path from checkout to payout", () => {
    let status: SaleStatus = "created";
    for (const type of ["parcel_received", "inspection_started", "offer_confirmed", "payout_sent"] as const) {
      const next = nextSaleStatus(status, { type });
      expect(next).not.toBeNull();
      status = next ?? status;
    }
    expect(status).toBe("paid");
  });

  it("pays out after an accepted or expired counteroffer, returns after a declined one", () => {
    for (const [answer, end] of [
      ["counteroffer_accepted", "paid"],
      ["counteroffer_expired", "paid"],
      ["counteroffer_declined", "returned"],
    ] as const) {
      let status: SaleStatus = "created";
      for (const type of ["parcel_received", "inspection_started", "counteroffer_made", answer, "payout_sent"] as const) {
        const next = nextSaleStatus(status, { type });
        if (next) status = next;
      }
      expect(status).toBe(end);
    }
  });

  it("does not skip steps or answer a counteroffer that was never made", () => {
    expect(nextSaleStatus("created", { type: "payout_sent" })).toBeNull();
    expect(nextSaleStatus("created", { type: "inspection_started" })).toBeNull();
    expect(nextSaleStatus("created", { type: "offer_confirmed" })).toBeNull();
    expect(nextSaleStatus("parcel_received", { type: "offer_confirmed" })).toBeNull();
    expect(nextSaleStatus("in_inspection", { type: "counteroffer_accepted" })).toBeNull();
    expect(nextSaleStatus("in_inspection", { type: "counteroffer_expired" })).toBeNull();
    expect(nextSaleStatus("in_inspection", { type: "payout_sent" })).toBeNull();
    expect(nextSaleStatus("counteroffer", { type: "payout_sent" })).toBeNull();
    expect(nextSaleStatus("offer_confirmed", { type: "parcel_returned" })).toBeNull();
    expect(nextSaleStatus("created", { type: "parcel_returned" })).toBeNull();
  });

  it("does not apply an event twice", () => {
    expect(nextSaleStatus("parcel_received", { type: "parcel_received" })).toBeNull();
    expect(nextSaleStatus("in_inspection", { type: "inspection_started" })).toBeNull();
    expect(nextSaleStatus("counteroffer", { type: "counteroffer_made" })).toBeNull();
    expect(nextSaleStatus("offer_confirmed", { type: "offer_confirmed" })).toBeNull();
  });

  it("property: any event from any status gives null or a known status", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SALE_STATUSES), fc.constantFrom(...EVENT_TYPES), (status, type) => {
        const next = nextSaleStatus(status, { type });
        if (next !== null) expect(SALE_STATUSES).toContain(next);
      }),
    );
  });

  it("property: paid and returned are final; no sequence of events leaves them", () => {
    fc.assert(
      fc.property(fc.constantFrom<SaleStatus>("paid", "returned"), fc.array(fc.constantFrom(...EVENT_TYPES), { maxLength: 20 }), (status, events) => {
        for (const type of events) expect(nextSaleStatus(status, { type })).toBeNull();
      }),
    );
  });

  it("property: any run of events from created ends in a known status and never changes a settled sale", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENT_TYPES), { maxLength: 30 }), (events) => {
        let status: SaleStatus = "created";
        for (const type of events) {
          const next = nextSaleStatus(status, { type });
          if (status === "paid" || status === "returned") expect(next).toBeNull();
          if (next) status = next;
        }
        expect(SALE_STATUSES).toContain(status);
      }),
    );
  });

  it("gives staff only the events that are theirs: not the seller's answers or the deadline", () => {
    expect([...STAFF_SALE_EVENTS].sort()).toEqual(["counteroffer_made", "inspection_started", "offer_confirmed", "parcel_received", "parcel_returned", "payout_sent"]);
    for (const type of ["counteroffer_accepted", "counteroffer_declined", "counteroffer_expired"]) expect(STAFF_SALE_EVENTS).not.toContain(type);
  });
});

describe("counteroffer deadline and reminder", () => {
  it("gives the seller 14 days and reminds them 3 days before", () => {
    expect(COUNTEROFFER_DAYS).toBe(14);
    expect(COUNTEROFFER_REMINDER_DAYS_BEFORE).toBe(3);
    const deadline = counterofferDeadline(NOW);
    expect(deadline).toEqual(new Date("2026-01-24T12:00:00Z"));
    expect(counterofferReminderDue(deadline)).toEqual(new Date("2026-01-21T12:00:00Z"));
  });

  it("counts exact 24-hour days, across a month end", () => {
    expect(counterofferDeadline(new Date("2026-01-25T23:59:59.500Z"))).toEqual(new Date("2026-02-08T23:59:59.500Z"));
    expect(counterofferReminderDue(new Date("2026-03-02T00:00:00Z"))).toEqual(new Date("2026-02-27T00:00:00Z"));
  });

  it("works from the real clock and does not change the given date", () => {
    const madeAt = new Date(Date.now());
    const copy = new Date(madeAt);
    const deadline = counterofferDeadline(madeAt);
    expect(deadline.getTime() - madeAt.getTime()).toBe(14 * DAY_MS);
    expect(counterofferReminderDue(deadline).getTime() - madeAt.getTime()).toBe(11 * DAY_MS);
    expect(madeAt).toEqual(copy);
  });
});

describe("formatSaleNumber", () => {
  it("pads the sequence to seven digits after S-", () => {
    expect(formatSaleNumber(42)).toBe("S-0000042");
    expect(formatSaleNumber(1)).toBe("S-0000001");
    expect(formatSaleNumber(1_000)).toBe("S-0001000");
    expect(formatSaleNumber(1_000_042)).toBe("S-1000042");
    expect(formatSaleNumber(9_999_999)).toBe("S-9999999");
  });

  it("grows past seven digits rather than cutting them", () => {
    expect(formatSaleNumber(12_345_678)).toBe("S-12345678");
  });
});

describe("settledItemsValue", () => {
  it("adds the offered prices when there is no counteroffer", () => {
    expect(
      settledItemsValue([
        { price: 10_000, counterofferPrice: null },
        { price: 2_500, counterofferPrice: null },
      ]),
    ).toBe(12_500);
  });

  it("takes the counteroffer's price where there is one", () => {
    expect(
      settledItemsValue([
        { price: 10_000, counterofferPrice: 7_000 },
        { price: 2_500, counterofferPrice: null },
        { price: 4_000, counterofferPrice: 3_990 },
      ]),
    ).toBe(7_000 + 2_500 + 3_990);
  });

  it("takes a counteroffer of zero as zero, not as no counteroffer", () => {
    expect(
      settledItemsValue([
        { price: 10_000, counterofferPrice: 0 },
        { price: 500, counterofferPrice: null },
      ]),
    ).toBe(500);
  });

  it("is zero for no items", () => {
    expect(settledItemsValue([])).toBe(0);
  });
});

describe("settledPayout", () => {
  const items = [
    { price: 10_000, counterofferPrice: 8_000 },
    { price: 5_000, counterofferPrice: null },
  ];
  it("pays the final prices with the coupon's bonus on them, less the fees fixed at checkout", () => {
    expect(settledPayout(items, { coupon: null, labelFee: 0, expressFee: 0 })).toBe(13_000);
    expect(settledPayout(items, { coupon: { bonusPercent: 10, maxBonusCents: 2_000 }, labelFee: 0, expressFee: 490 })).toBe(13_000 + 1_300 - 490);
    expect(settledPayout(items, { coupon: { bonusPercent: 10, maxBonusCents: 500 }, labelFee: 395, expressFee: 0 })).toBe(13_000 + 500 - 395);
  });
  it("never pays less than nothing", () => {
    expect(settledPayout([{ price: 300, counterofferPrice: 0 }], { coupon: null, labelFee: 395, expressFee: 490 })).toBe(0);
  });
});

describe("counterofferHolds", () => {
  it("only once the sale is settled: not while the counteroffer is open, nor after it was declined", () => {
    expect(SALE_STATUSES.filter(counterofferHolds)).toEqual(["offer_confirmed", "paid"]);
  });
});
