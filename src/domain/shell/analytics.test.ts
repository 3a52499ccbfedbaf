import { describe, expect, it } from "vitest";
import { cutItemName, toDataLayerEntry } from "./analytics.ts";
import { applyConsentEvent, UNDECIDED } from "./consent.ts";

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
});
