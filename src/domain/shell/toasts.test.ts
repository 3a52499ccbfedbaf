import { describe, expect, it } from "vitest";
import { afterNavigation, isSuppressed, pruneLedger, showToast, toastLifetimeMs, type Toast } from "./toasts.ts";

const now = new Date("2026-11-22T10:00:00Z");
const toast = (over: Partial<Toast> = {}): Toast => ({ id: "t1", title: "Saved", message: "All good", variant: "success", ...over });

describe("toasts", () => {
  it("live (title length + message length) × 100 ms", () => {
    expect(toastLifetimeMs("Saved", "All good")).toBe((5 + 8) * 100);
    expect(toastLifetimeMs("", "")).toBe(0);
  });

  it("are not shown twice at once", () => {
    const first = showToast([], {}, toast(), now);
    expect(showToast(first.toasts, first.ledger, toast(), now).toasts).toHaveLength(1);
  });

  it("flagged to suppress, show once and never again", () => {
    const first = showToast([], {}, toast({ suppressAfterFirstAppearance: true }), now);
    expect(first.toasts).toHaveLength(1);
    const again = showToast([], first.ledger, toast({ suppressAfterFirstAppearance: true }), now);
    expect(again.toasts).toHaveLength(0);
  });

  it("suppressed only until a date, show again after it", () => {
    const { ledger } = showToast([], {}, toast({ suppressAfterFirstAppearance: true, suppressOnlyUntil: "2026-11-23T00:00:00Z" }), now);
    expect(isSuppressed(toast(), ledger, now)).toBe(true);
    expect(isSuppressed(toast(), ledger, new Date("2026-11-23T00:00:01Z"))).toBe(false);
    expect(pruneLedger(ledger, new Date("2026-11-24T00:00:00Z"))).toEqual({});
  });

  it("persistent ones and those flagged go on navigation", () => {
    const list = [toast({ id: "a" }), toast({ id: "b", isPersistent: true }), toast({ id: "c", removeAfterNavigation: true })];
    expect(afterNavigation(list).map((t) => t.id)).toEqual(["a"]);
  });
});
