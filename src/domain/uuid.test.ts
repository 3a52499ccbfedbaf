import { describe, expect, it } from "vitest";
import { uuidOrNull } from "./uuid.ts";

describe("uuidOrNull", () => {
  it("keeps a UUID and drops anything else", () => {
    expect(uuidOrNull("9e0d47b0-d538-46d5-a470-2c1f3e4d5a6b")).toBe("9e0d47b0-d538-46d5-a470-2c1f3e4d5a6b");
    for (const bad of [null, undefined, "", "x", "9e0d47b0-d538-46d5-a470-2c1f3e4d5a6", "9e0d47b0-d538-46d5-a470-2c1f3e4d5a6b<"]) expect(uuidOrNull(bad)).toBeNull();
  });
});
