import { describe, expect, it } from "vitest";
import { formatOrderNumber } from "../checkout/orders.ts";
import { classifyTransfer, isIncomingEuroCredit, manualBookingRefusal, normalizeOrderNumber, ORDER_NUMBER_PATTERN, orderNumbersIn } from "./bank-transfers.ts";

describe("order numbers in a transfer's reference", () => {
  it.each([
    ["Bestellung R26-004217", ["R26-004217"]],
    ["R26004217", ["R26-004217"]],
    ["r26-004217 danke", ["R26-004217"]],
    ["Best.Nr. R 26 004217", ["R26-004217"]],
    ["R26-004 217", ["R26-004217"]],
    ["BESTELLNR26004217", ["R26-004217"]],
    ["Order:R26-004217/R26-004218", ["R26-004217", "R26-004218"]],
    ["R26-004217 und nochmal R26004217", ["R26-004217"]],
    ["R26-1000000", ["R26-1000000"]],
    ["R26-004217 5 Stueck", ["R26-004217"]],
  ])("%s names %j", (text, numbers) => expect(orderNumbersIn(text)).toEqual(numbers));

  it.each(["Miete Maerz", "Rechnung 26004217", "R26-00421", "R26-0042171234", "KUNDENNR 12"])("%s names no order", (text) => expect(orderNumbersIn(text)).toEqual([]));

  it("finds every number the shop writes", () => {
    for (const sequence of [1, 1000, 4217, 999_999, 1_000_000]) {
      const number = formatOrderNumber(sequence, new Date("2026-05-01T00:00:00Z"));
      expect(number).toMatch(ORDER_NUMBER_PATTERN);
      expect(orderNumbersIn(`Zahlung ${number} Danke`)).toEqual([number]);
      expect(orderNumbersIn(`zahlung${number.replace("-", "").toLowerCase()}`)).toEqual([number]);
      expect(normalizeOrderNumber(number.toLowerCase())).toBe(number);
    }
  });

  it("reads an order number typed by hand", () => {
    expect(normalizeOrderNumber(" r26 004217 ")).toBe("R26-004217");
    expect(normalizeOrderNumber("26-004217")).toBe("R26-004217");
    expect(normalizeOrderNumber("R26-42")).toBeNull();
    expect(normalizeOrderNumber("order")).toBeNull();
  });
});

describe("which entries are customers' payments", () => {
  const credit = { direction: "CRDT" as const, currency: "EUR", reversal: false, amountCents: 1_000 };
  it("takes booked incoming euros only", () => {
    expect(isIncomingEuroCredit(credit)).toBe(true);
    expect(isIncomingEuroCredit({ ...credit, direction: "DBIT" })).toBe(false);
    expect(isIncomingEuroCredit({ ...credit, currency: "CHF" })).toBe(false);
    expect(isIncomingEuroCredit({ ...credit, reversal: true })).toBe(false);
    expect(isIncomingEuroCredit({ ...credit, amountCents: null })).toBe(false);
    expect(isIncomingEuroCredit({ ...credit, amountCents: 0 })).toBe(false);
  });
});

describe("what becomes of a transfer", () => {
  const awaiting = { status: "awaiting_transfer", total: 24_990 };
  it("books the exact amount on an order waiting for a transfer", () => {
    expect(classifyTransfer(24_990, awaiting, true)).toEqual({ state: "booked", reason: "exact_amount" });
  });
  it("leaves less or more for finance", () => {
    expect(classifyTransfer(24_989, awaiting, true)).toEqual({ state: "partial", reason: "less_than_total" });
    expect(classifyTransfer(25_000, awaiting, true)).toEqual({ state: "over", reason: "more_than_total" });
  });
  it("asks for a refund of money for a cancelled order or a second payment", () => {
    expect(classifyTransfer(24_990, { status: "cancelled", total: 24_990 }, true)).toEqual({ state: "needs_refund", reason: "order_cancelled" });
    for (const status of ["paid", "picked", "shipped", "delivered"]) expect(classifyTransfer(24_990, { status, total: 24_990 }, true)).toEqual({ state: "needs_refund", reason: "already_paid" });
  });
  it("leaves a transfer unmatched without an order, or for an order paid another way", () => {
    expect(classifyTransfer(100, null, false)).toEqual({ state: "unmatched", reason: "no_order_number" });
    expect(classifyTransfer(100, null, true)).toEqual({ state: "unmatched", reason: "unknown_order" });
    expect(classifyTransfer(24_990, { status: "pending_payment", total: 24_990 }, true)).toEqual({ state: "unmatched", reason: "not_awaiting_transfer" });
  });
});

describe("booking by hand", () => {
  it("books once, and wants a note when the amount is not the order's total", () => {
    expect(manualBookingRefusal({ state: "unmatched", amountCents: 100 }, 100, null)).toBeNull();
    expect(manualBookingRefusal({ state: "partial", amountCents: 90 }, 100, null)).toBe("note_required");
    expect(manualBookingRefusal({ state: "partial", amountCents: 90 }, 100, "  ")).toBe("note_required");
    expect(manualBookingRefusal({ state: "partial", amountCents: 90 }, 100, "Rest in cash at pickup")).toBeNull();
    expect(manualBookingRefusal({ state: "booked", amountCents: 100 }, 100, "again")).toBe("already_booked");
  });
});
