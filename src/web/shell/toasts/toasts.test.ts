import { describe, expect, it } from "vitest";
import { afterNavigation, isSuppressed, pruneLedger, showToast, toastLifetimeMs, toastStackPlace, type ScreenBox, type Toast } from "./toasts.ts";

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

describe("toastStackPlace", () => {
  const box = (top: number, height: number, left = 0, width = 390): ScreenBox => ({ top, bottom: top + height, left, right: left + width, width, height });
  // A 390 × 844 phone; the stack is 80 px high: at the bottom it covers 748–828, at the top 16–96.
  const stack = box(748, 80, 0, 390);

  it("stays at the bottom while no primary action is under it", () => {
    expect(toastStackPlace(stack, 844, [])).toBe("bottom");
    expect(toastStackPlace(stack, 844, [box(400, 48)])).toBe("bottom");
    // Beside the stack, not under it.
    expect(toastStackPlace(box(748, 80, 400, 448), 844, [box(780, 48, 0, 390)])).toBe("bottom");
    // Hidden (no width): not there.
    expect(toastStackPlace(stack, 844, [{ ...box(780, 48), width: 0 }])).toBe("bottom");
  });

  it("goes to the top while the bottom would cover a primary action", () => {
    expect(toastStackPlace(stack, 844, [box(790, 48)])).toBe("top");
    expect(toastStackPlace(stack, 844, [box(700, 60)])).toBe("top");
  });

  it("stays at the bottom when the top would cover one too", () => {
    expect(toastStackPlace(stack, 844, [box(790, 48), box(30, 48)])).toBe("bottom");
  });
});
