import { describe, expect, it } from "vitest";
import { gradeIllustrationSvg } from "./grade-illustration.ts";

describe("grade illustrations", () => {
  it("show more wear the lower the grade, the same every time", () => {
    const scratches = (svg: string) => (svg.match(/<line /g) ?? []).length;
    expect(scratches(gradeIllustrationSvg("A0"))).toBe(0);
    expect(scratches(gradeIllustrationSvg("A2"))).toBeLessThan(scratches(gradeIllustrationSvg("A4")));
    expect(gradeIllustrationSvg("A3")).toBe(gradeIllustrationSvg("A3"));
    expect(gradeIllustrationSvg("NEW")).toContain("stroke-dasharray");
  });
});
