import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./redirects.ts";

describe("safeRedirectTarget", () => {
  it("keeps relative paths with their query and fragment", () => {
    expect(safeRedirectTarget("/i1,foo?variant=A2")).toBe("/i1,foo?variant=A2");
    expect(safeRedirectTarget("/i1,foo#A2")).toBe("/i1,foo#A2");
    expect(safeRedirectTarget("/kaufen/suchen?query=f%C3%BCr%20mich")).toBe("/kaufen/suchen?query=f%C3%BCr%20mich");
  });

  it("normalises dot segments and stays on our origin", () => {
    expect(safeRedirectTarget("/a/../my")).toBe("/my");
    expect(safeRedirectTarget("/kaufen/../../evil")).toBe("/evil");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\nSet-Cookie: x=1",
    "/ /evil.example",
    "/\u0000x",
    "/\u2028x",
    "/.//evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "javascript:alert(1)",
    "/" + "a".repeat(2001),
    "",
    null,
    42,
  ])("refuses %j", (value) => {
    expect(safeRedirectTarget(value)).toBe("/");
  });

  it("answers the caller's fallback", () => {
    expect(safeRedirectTarget("//evil.example", "/my")).toBe("/my");
  });
});
