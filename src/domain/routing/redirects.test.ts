import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./redirects.ts";

describe("safeRedirectTarget", () => {
  it("keeps relative paths with their query", () => {
    expect(safeRedirectTarget("/i1,foo?variant=A2")).toBe("/i1,foo?variant=A2");
  });
  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "", null, 42])("refuses %s", (value) => {
    expect(safeRedirectTarget(value)).toBe("/");
  });
});
