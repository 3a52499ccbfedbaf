import { describe, expect, it } from "vitest";
import { formatPendingAction, parsePendingAction, pendingActionToast, type PendingAction } from "./pending-action.ts";

describe("pending actions", () => {
  it("round-trip through their text form", () => {
    const actions: PendingAction[] = [
      { kind: "wish", productId: 12 },
      { kind: "alert", productId: 7, variants: null },
      { kind: "alert", productId: 7, variants: ["A1", "A3"] },
    ];
    for (const action of actions) {
      expect(parsePendingAction(formatPendingAction(action))).toEqual(action);
    }
    expect(formatPendingAction({ kind: "alert", productId: 7, variants: ["A1", "A3"] })).toBe("alert:7:A1,A3");
    expect(parsePendingAction("alert:7")).toEqual({ kind: "alert", productId: 7, variants: null });
  });

  it("refuse anything else", () => {
    for (const bad of [null, "", "wish:", "wish:x", "wish:1:A1", "alert:1:B9", "alert:1:A1,,A2", "delete:1", "wish:1234567890", " wish:1"]) {
      expect(parsePendingAction(bad), String(bad)).toBeNull();
    }
    expect(parsePendingAction("alert:3:A2,A2")).toEqual({ kind: "alert", productId: 3, variants: ["A2"] });
  });

  it("name the toast that tells how they went", () => {
    expect(pendingActionToast({ kind: "wish", productId: 1 }, true)).toBe("blue.wishlist.flash.added");
    expect(pendingActionToast({ kind: "wish", productId: 1 }, false)).toBe("blue.wishlist.flash.addFailure");
    expect(pendingActionToast({ kind: "alert", productId: 1, variants: null }, true)).toBe("blue.buyAlert.flash.addedProduct");
    expect(pendingActionToast({ kind: "alert", productId: 1, variants: ["A1"] }, true)).toBe("blue.buyAlert.flash.addedVariants");
    expect(pendingActionToast({ kind: "alert", productId: 1, variants: ["A1"] }, false)).toBe("blue.buyAlert.flash.error.default");
  });
});
