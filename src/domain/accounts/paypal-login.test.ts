import { describe, expect, it } from "vitest";
import { checkPaypalCallback, PAYPAL_POPUP, paypalPopupFeatures } from "./paypal-login.ts";

describe("PayPal's login callback", () => {
  it("passes a code with a state equal to the stored one", () => {
    expect(checkPaypalCallback({ code: "c", state: "s" }, "s")).toEqual({ ok: true, code: "c", state: "s" });
  });

  it("names each of the five failures", () => {
    const cases: [Parameters<typeof checkPaypalCallback>[0], string | null, string][] = [
      [{ code: null, state: "s" }, null, "Authorization code and stored state are undefined."],
      [{ code: null, state: "s" }, "s", "Authorization code is undefined."],
      [{ code: "c", state: "s" }, null, "Stored state is undefined."],
      [{ code: "c", state: null }, "s", "Paypal state is undefined."],
      [{ code: "c", state: "t" }, "s", "Paypal state and stored state are not equal."],
    ];
    for (const [callback, stored, error] of cases) expect(checkPaypalCallback(callback, stored)).toEqual({ ok: false, error });
  });

  it("treats empty values as missing", () => {
    expect(checkPaypalCallback({ code: "", state: "" }, "")).toEqual({ ok: false, error: "Authorization code and stored state are undefined." });
    expect(checkPaypalCallback({ code: "c", state: "" }, "s")).toEqual({ ok: false, error: "Paypal state is undefined." });
  });

  it("opens a 500×550 popup centred over the page", () => {
    expect(PAYPAL_POPUP).toMatchObject({ width: 500, height: 550, pollMs: 1000, maxOpenMs: 1_800_000 });
    expect(paypalPopupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 950 })).toBe("popup=yes,width=500,height=550,left=500,top=250");
  });
});
