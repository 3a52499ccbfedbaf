import { describe, expect, it } from "vitest";
import { flashToToasts, parseFlashBag } from "./flashbag.ts";

describe("flash bag", () => {
  it("reads the four categories, folding info into notice", () => {
    const bag = parseFlashBag(JSON.stringify({ info: ["i"], notice: ["n"], danger: ["d"], success: ["s"], other: ["x"] }));
    expect(bag).toEqual({ notice: ["n", "i"], danger: ["d"], success: ["s"] });
    expect(flashToToasts(bag).map((t) => [t.variant, t.message])).toEqual([
      ["warn", "n"],
      ["warn", "i"],
      ["error", "d"],
      ["success", "s"],
    ]);
  });

  it.each(["", "not json", "null", "[]", '{"danger":"not a list"}', '{"success":[1,""]}'])("reads %s as empty", (raw) => {
    expect(flashToToasts(parseFlashBag(raw))).toEqual([]);
  });

  it("gives the buy-alert messages a link to the alerts, except on that page", () => {
    const bag = { success: ["blue.buyAlert.flash.addedProduct", "blue.buyAlert.flash.addedVariants", "blue.wishlist.flash.added"] };
    expect(flashToToasts(bag, "/").map((t) => t.link)).toEqual([
      { href: "/buy-alerts", label: "blue.buyAlert.flash.toList" },
      { href: "/buy-alerts", label: "blue.buyAlert.flash.toList" },
      undefined,
    ]);
    expect(flashToToasts(bag, "/buy-alerts").every((t) => t.link === undefined)).toBe(true);
    expect(flashToToasts({ success: ["constructor", "__proto__"] })[0]).not.toHaveProperty("link");
  });
});
