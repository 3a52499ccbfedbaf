import { describe, expect, it } from "vitest";
import { percentOf, perMilleOf, purchaseBodyOf, ruleBodyOf, ruleFieldOf, ruleValuesFrom, sharesLine, typedEuros } from "./price-form.ts";

describe("the price rule form", () => {
  it("reads percentages as staff type them, in per mille", () => {
    expect(perMilleOf("86")).toBe(860);
    expect(perMilleOf(" 86,5 % ")).toBe(865);
    expect(perMilleOf("86.5")).toBe(865);
    expect(perMilleOf("")).toBeUndefined();
    expect(perMilleOf("86.55")).toBeNaN();
    expect(perMilleOf("abc")).toBeNaN();
    expect([percentOf(860), percentOf(865)]).toEqual(["86", "86.5"]);
  });

  it("sends the typed rule, empty shares left out, an empty margin as no floor, and what cannot be read as null for the API to name", () => {
    expect(ruleBodyOf({ name: "Summer", categoryId: "1102", "share.A0": "86", "share.A1": "", minMargin: "19,50" })).toEqual({ name: "Summer", categoryId: 1102, shares: { A0: 860 }, minMarginCents: 1_950 });
    expect(ruleBodyOf({ name: "All", categoryId: "", "share.A4": "x", minMargin: "" })).toEqual({ name: "All", categoryId: null, shares: { A4: null }, minMarginCents: null });
    expect(ruleBodyOf({ name: "Bad margin", minMargin: "lots" }).minMarginCents).toBeNull();
  });

  it("shows a rule again as it was typed", () => {
    const rule = { id: 1, name: "R", categoryId: null, categoryName: null, shares: { A0: 860, A3: 555 }, minMarginCents: 2_000, createdAt: "", updatedAt: "", lastApplied: null };
    expect(ruleValuesFrom(rule)).toMatchObject({ name: "R", categoryId: "", minMargin: "20", "share.A0": "86", "share.A3": "55.5", "share.NEW": "" });
    expect(sharesLine(rule.shares)).toBe("A0 86 % · A3 55.5 %");
  });

  it("finds the field an API error names", () => {
    expect(ruleFieldOf("body.shares.A1")).toBe("share.A1");
    expect(ruleFieldOf("body.shares")).toBeNull();
    expect(ruleFieldOf("body.minMarginCents")).toBe("minMargin");
    expect(ruleFieldOf("body.name")).toBe("name");
    expect(ruleFieldOf("body.categoryId")).toBe("categoryId");
    expect(ruleFieldOf("session")).toBeNull();
  });

  it("sends purchase prices per grade, empty ones as the computed share, and names the ones it cannot read", () => {
    expect(purchaseBodyOf({ A0: "320", A1: "", A2: "199,90" })).toEqual({ body: { prices: { A0: 32_000, A1: null, A2: 19_990, A3: null, A4: null, DEFECT: null } }, unreadable: [] });
    expect(purchaseBodyOf({ A0: "three" }).unreadable).toEqual(["A0"]);
    expect([typedEuros(54_899, "de"), typedEuros(54_899, "en"), typedEuros(32_000, "de")]).toEqual(["548,99", "548.99", "320"]);
  });
});
