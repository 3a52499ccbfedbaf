import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GRADES } from "../catalogue/grades.ts";
import { formatOrderNumber, holdsStock, initialOrderStatus, mayBeCancelled, nextOrderStatus, ORDER_STATUSES, refundAmount, vatSchemeOf, type OrderEvent, type OrderStatus } from "./orders.ts";

const EVENT_TYPES = [
  "payment_approved",
  "payment_declined",
  "payment_abandoned",
  "payment_expired",
  "transfer_received",
  "transfer_overdue",
  "superseded",
  "cancelled_by_customer",
  "cancelled_by_staff",
  "picked",
  "shipped",
  "delivered",
] as const satisfies readonly OrderEvent["type"][];

/** The whole table: every status against every event; what is not listed does not apply. */
const EXPECTED: Record<OrderStatus, Partial<Record<OrderEvent["type"], OrderStatus>>> = {
  pending_payment: {
    payment_approved: "paid",
    payment_declined: "cancelled",
    payment_abandoned: "cancelled",
    payment_expired: "cancelled",
    superseded: "cancelled",
    cancelled_by_customer: "cancelled",
    cancelled_by_staff: "cancelled",
  },
  awaiting_transfer: {
    transfer_received: "paid",
    transfer_overdue: "cancelled",
    superseded: "cancelled",
    cancelled_by_customer: "cancelled",
    cancelled_by_staff: "cancelled",
  },
  paid: { picked: "picked", cancelled_by_customer: "cancelled", cancelled_by_staff: "cancelled" },
  picked: { shipped: "shipped", cancelled_by_staff: "cancelled" },
  shipped: { delivered: "delivered" },
  delivered: {},
  cancelled: {},
};

describe("nextOrderStatus", () => {
  for (const status of ORDER_STATUSES) {
    for (const type of EVENT_TYPES) {
      const expected = EXPECTED[status][type] ?? null;
      it(`${status} + ${type} → ${expected ?? "no change"}`, () => {
        expect(nextOrderStatus(status, { type })).toBe(expected);
      });
    }
  }

  it("a provider payment is paid on approval and cancelled on every other outcome", () => {
    expect(nextOrderStatus("pending_payment", { type: "payment_approved" })).toBe("paid");
    expect(nextOrderStatus("pending_payment", { type: "payment_declined" })).toBe("cancelled");
    expect(nextOrderStatus("pending_payment", { type: "payment_expired" })).toBe("cancelled");
  });

  it("a bank transfer ignores the provider's events", () => {
    expect(nextOrderStatus("awaiting_transfer", { type: "payment_approved" })).toBeNull();
    expect(nextOrderStatus("pending_payment", { type: "transfer_received" })).toBeNull();
  });

  it("property: a settled order ignores every late payment event; only a paid one may still be cancelled", () => {
    const payment = (type: OrderEvent["type"]) => type.startsWith("payment_") || type.startsWith("transfer_") || type === "superseded";
    fc.assert(
      fc.property(fc.constantFrom<OrderStatus>("paid", "picked", "shipped", "delivered", "cancelled"), fc.array(fc.constantFrom(...EVENT_TYPES.filter(payment)), { maxLength: 20 }), (status, events) => {
        for (const type of events) expect(nextOrderStatus(status, { type })).toBeNull();
      }),
    );
  });

  it("property: any sequence of events keeps an order on the one path paid → picked → shipped → delivered, or cancels it before it is shipped", () => {
    const path: OrderStatus[] = ["paid", "picked", "shipped", "delivered"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENT_TYPES), { maxLength: 30 }), (events) => {
        let status: OrderStatus = "paid";
        for (const type of events) {
          const next = nextOrderStatus(status, { type });
          if (next === null) continue;
          if (next === "cancelled") expect(["paid", "picked"]).toContain(status);
          else expect(path.indexOf(next)).toBe(path.indexOf(status) + 1);
          status = next;
        }
      }),
    );
  });
});

describe("refundAmount", () => {
  it("is all that is left unless an amount or items say otherwise, and never more than is left", () => {
    expect(refundAmount({}, 10_000, 0)).toBe(10_000);
    expect(refundAmount({}, 10_000, 4_000)).toBe(6_000);
    expect(refundAmount({ amount: 2_500 }, 10_000, 4_000)).toBe(2_500);
    expect(refundAmount({ itemAmounts: [1_000, 2_000] }, 10_000, 0)).toBe(3_000);
    expect(refundAmount({ amount: 6_001 }, 10_000, 4_000)).toBeNull();
    expect(refundAmount({}, 10_000, 10_000)).toBeNull();
  });

  it("property: refunds granted one after another never add up to more than was paid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 30 }), (paid, asks) => {
        let refunded = 0;
        for (const ask of asks) refunded += refundAmount({ amount: ask }, paid, refunded) ?? 0;
        expect(refunded).toBeLessThanOrEqual(paid);
      }),
    );
  });
});

describe("mayBeCancelled", () => {
  it("by the customer until the order is picked, by staff until it is shipped", () => {
    expect(ORDER_STATUSES.filter((s) => mayBeCancelled(s, "customer"))).toEqual(["pending_payment", "awaiting_transfer", "paid"]);
    expect(ORDER_STATUSES.filter((s) => mayBeCancelled(s, "staff"))).toEqual(["pending_payment", "awaiting_transfer", "paid", "picked"]);
  });
});

describe("holdsStock", () => {
  it("holds the units until the order is cancelled", () => {
    expect(holdsStock("pending_payment")).toBe(true);
    expect(holdsStock("awaiting_transfer")).toBe(true);
    expect(holdsStock("paid")).toBe(true);
    expect(holdsStock("cancelled")).toBe(false);
  });
});

describe("initialOrderStatus", () => {
  it("waits for the transfer for prepayment and for the provider otherwise", () => {
    expect(initialOrderStatus("prepayment")).toBe("awaiting_transfer");
    expect(initialOrderStatus("sandbox")).toBe("pending_payment");
    expect(initialOrderStatus("stripe")).toBe("pending_payment");
  });
});

describe("formatOrderNumber", () => {
  it("is R, the two-digit year, and the sequence padded to six digits", () => {
    expect(formatOrderNumber(1234, new Date("2026-03-15T12:00:00Z"))).toBe("R26-001234");
    expect(formatOrderNumber(1, new Date("2026-03-15T12:00:00Z"))).toBe("R26-000001");
    expect(formatOrderNumber(999_999, new Date("2026-03-15T12:00:00Z"))).toBe("R26-999999");
    expect(formatOrderNumber(1_234_567, new Date("2026-03-15T12:00:00Z"))).toBe("R26-1234567");
  });

  it("pads a year below ten", () => {
    expect(formatOrderNumber(42, new Date("2105-06-01T00:00:00Z"))).toBe("R05-000042");
    expect(formatOrderNumber(42, new Date("2100-06-01T00:00:00Z"))).toBe("R00-000042");
  });

  it("takes the year in UTC, whatever the local time zone", () => {
    // 23:30 on New Year's Eve in New York is already the next year in UTC.
    expect(formatOrderNumber(7, new Date("2026-12-31T23:30:00-05:00"))).toBe("R27-000007");
    // 00:30 on New Year's Day in Berlin is still the old year in UTC.
    expect(formatOrderNumber(7, new Date("2027-01-01T00:30:00+01:00"))).toBe("R26-000007");
  });
});

describe("vatSchemeOf", () => {
  it("puts new goods under the standard VAT and every refurbished grade under the margin scheme", () => {
    expect(vatSchemeOf("NEW")).toBe("standard");
    for (const grade of GRADES.filter((g) => g !== "NEW")) expect(vatSchemeOf(grade)).toBe("margin");
  });
});
