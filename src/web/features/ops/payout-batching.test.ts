import { describe, expect, it } from "vitest";
import { batchRequestOf, refundsToBatch } from "./payout-batching.ts";

const refund = (amount: number, account: string | null) => ({
  refundUuid: "0f5c7e5e-6b1a-4a36-9d5e-1f3b8c1b2a01",
  orderUuid: "0f5c7e5e-6b1a-4a36-9d5e-1f3b8c1b2a02",
  orderNumber: "R26-000001",
  customerEmail: "kunde@example.com",
  account,
  holder: account ? "Kim Kunde" : null,
  amount: { amount, currency: "EUR" as const },
  createdAt: "2026-11-27T10:00:00.000Z",
});

describe("the payouts page", () => {
  it("counts the refunds a batch of everything due takes: only those whose account is known", () => {
    expect(refundsToBatch([])).toEqual({ withAccount: 0, withoutAccount: 0, cents: 0 });
    expect(refundsToBatch([refund(19_900, "DE89370400440532013000"), refund(5_000, null), refund(1_001, "DE02120300000000202051")])).toEqual({ withAccount: 2, withoutAccount: 1, cents: 20_901 });
  });

  it("asks for every due payout and refund by its own button, else for the chosen sales only", () => {
    const form = (entries: [string, string][]) => {
      const data = new FormData();
      for (const [name, value] of entries) data.append(name, value);
      return data;
    };
    expect(batchRequestOf(form([["intent", "all"], ["sale", "a"]]))).toEqual({});
    expect(batchRequestOf(form([["intent", "chosen"], ["sale", "a"], ["sale", "b"]]))).toEqual({ saleUuids: ["a", "b"] });
    expect(batchRequestOf(form([["sale", "a"]]))).toEqual({ saleUuids: ["a"] });
    expect(batchRequestOf(form([["intent", "chosen"]]))).toBeNull();
  });
});
