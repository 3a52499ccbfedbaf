import { describe, expect, it } from "vitest";
import { cutItemName, toDataLayerEntry, wishlistEvent } from "./analytics-events.ts";
import { applyConsentEvent, UNDECIDED } from "./consent/consent.ts";

const granted = applyConsentEvent(UNDECIDED, { type: "accept", categories: { statistics: true } });

describe("analytics events", () => {
  it("cut item names to 250 characters", () => {
    expect(cutItemName("x".repeat(300))).toHaveLength(250);
    expect(cutItemName("short")).toBe("short");
    // Characters, not UTF-16 units: an emoji is not split.
    expect(Array.from(cutItemName("😀".repeat(260)))).toHaveLength(250);
  });

  it("are sent only with statistics consent", () => {
    const event = { name: "search", search_term: "iphone" } as const;
    expect(toDataLayerEntry(event, UNDECIDED)).toBeUndefined();
    expect(toDataLayerEntry(event, granted)).toEqual({ event: "search", search_term: "iphone" });
  });

  it("carry EUR and cut names on item events", () => {
    const entry = toDataLayerEntry({ name: "view_item", value: 199, items: [{ item_id: "1", item_name: "y".repeat(251) }] }, granted);
    expect(entry).toMatchObject({ event: "view_item", currency: "EUR", value: 199 });
    expect((entry!.items as { item_name: string }[])[0]!.item_name).toHaveLength(250);
  });

  it("say of a heart which product, at what price in euros, and whether it is wished now; a sold-out product counts 0", () => {
    expect(toDataLayerEntry(wishlistEvent({ id: 7, name: "iPhone 13" }, 45_990, true), granted)).toEqual({
      event: "add_to_wishlist",
      items: [{ item_id: "7", item_name: "iPhone 13" }],
      value: 459.9,
      active: true,
      currency: "EUR",
    });
    expect(wishlistEvent({ id: 7, name: "iPhone 13" }, null, false)).toMatchObject({ value: 0, active: false });
  });
});
