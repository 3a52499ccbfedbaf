import { describe, expect, it } from "vitest";
import { fillSlot, parseIdList } from "./recommendations.ts";

const p = (...ids: number[]) => ids.map((id) => ({ id }));

describe("recommendation slots", () => {
  it("use the type's own products when there are enough", () => {
    expect(fillSlot(p(1, 2, 3, 4, 5), p(9), 4)).toEqual({ items: p(1, 2, 3, 4), fallbackUsed: false });
  });
  it("fill up from the fallback when the type has too few, without duplicates or excluded ids", () => {
    expect(fillSlot(p(1, 2), p(2, 3, 7, 4, 5), 4, [7])).toEqual({ items: p(1, 2, 3, 4), fallbackUsed: true });
  });
  it("reads id lists leniently", () => {
    expect(parseIdList("12, 7,abc,7,-1,0")).toEqual([12, 7]);
    expect(parseIdList(undefined)).toEqual([]);
  });
});
