import { describe, expect, it } from "vitest";
import type { Grade } from "./grades.ts";
import { defaultVariant, fullBatteryChosen, fullBatteryOffered, parseRequestedGrade, selectVariant } from "./variant-selection.ts";

const v = (label: Grade, price: number, quantity: number) => ({ label, price, quantity, fullBatteryQuantity: 0 });
const variants = [v("NEW", 90000, 1), v("A0", 80000, 2), v("A1", 70000, 0), v("A2", 60000, 3), v("A3", 50000, 1), v("A4", 40000, 0)];

describe("parseRequestedGrade (A0 to A4 only)", () => {
  it.each([["a2", "A2"], ["A0", "A0"], [" a4 ", "A4"]])("accepts %s", (input, grade) => {
    expect(parseRequestedGrade(input)).toBe(grade);
  });
  it.each(["NEW", "new", "A5", "B1", "", null, undefined])("refuses %s", (input) => {
    expect(parseRequestedGrade(input)).toBeUndefined();
  });
});

describe("selectVariant", () => {
  it("takes the grade from the hash, then from the parameter", () => {
    expect(selectVariant(variants, { hash: "A0", param: "a2" })?.label).toBe("A0");
    expect(selectVariant(variants, { param: "a2" })?.label).toBe("A2");
  });
  it("falls back to the cheapest in-stock variant for out-of-stock, unknown or NEW requests", () => {
    expect(selectVariant(variants, { param: "A1" })?.label).toBe("A3");
    expect(selectVariant(variants, { param: "NEW" })?.label).toBe("A3");
    expect(selectVariant(variants, { hash: "bogus" })?.label).toBe("A3");
  });
  it("chooses nothing in the cart route or when nothing is in stock", () => {
    expect(selectVariant(variants, { param: "A2", inCartRoute: true })).toBeUndefined();
    expect(selectVariant(variants.map((x) => ({ ...x, quantity: 0 })), { param: "A2" })).toBeUndefined();
  });
  it("prefers the better grade on a price tie", () => {
    expect(defaultVariant([v("A3", 100, 1), v("A1", 100, 1)])?.label).toBe("A1");
  });
});

describe("full battery", () => {
  const inStock = { quantity: 3, fullBatteryQuantity: 1 };
  it("is chosen only in category 1112, with full-battery stock, when the option is on", () => {
    expect(fullBatteryChosen({ categoryIds: [1, 10, 1112], variant: inStock, optionOn: true })).toBe(true);
    expect(fullBatteryChosen({ categoryIds: [1, 10, 1112], variant: inStock, optionOn: false })).toBe(false);
    expect(fullBatteryChosen({ categoryIds: [1, 10, 1101], variant: inStock, optionOn: true })).toBe(false);
    expect(fullBatteryChosen({ categoryIds: [1112], variant: { quantity: 3, fullBatteryQuantity: 0 }, optionOn: true })).toBe(false);
  });
  it("is off when nothing is in stock", () => {
    expect(fullBatteryChosen({ categoryIds: [1112], variant: undefined, optionOn: true })).toBe(false);
    expect(fullBatteryChosen({ categoryIds: [1112], variant: { quantity: 0, fullBatteryQuantity: 2 }, optionOn: true })).toBe(false);
    expect(fullBatteryOffered([1112])).toBe(true);
    expect(fullBatteryOffered([20])).toBe(false);
  });
});
