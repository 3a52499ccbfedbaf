import { describe, expect, it } from "vitest";
import type { OpsUnit } from "../../../api/contract.ts";
import { centsOf, editableFields, isScanOf, unitCreateOf, unitProblemsOf, unitUpdateOf, unitValuesFrom } from "./unit-form.ts";

const unit = {
  id: 12,
  label: "U000012",
  grade: "A1",
  status: "in_stock",
  fullBattery: false,
  batteryHealth: 91,
  identifier: "490154203237518",
  location: "R1-04",
  purchasePrice: { amount: 12_950, currency: "EUR" },
  version: 3,
} as OpsUnit;

describe("the units pages' rules", () => {
  it("take euros as typed in cents", () => {
    expect(centsOf("129")).toBe(12_900);
    expect(centsOf("129,5")).toBe(12_950);
    expect(centsOf(" 0.07 ")).toBe(7);
    expect(centsOf("12.345")).toBeNull();
    expect(centsOf("-1")).toBeNull();
  });

  it("open a unit on a scan of its label or IMEI, not on part of a name", () => {
    expect(isScanOf("u000012", unit)).toBe(true);
    expect(isScanOf("49 0154 2032 37518", unit)).toBe(true);
    expect(isScanOf("iPhone", unit)).toBe(false);
  });

  it("offer each role its fields, and no grade or status on a unit an order holds", () => {
    expect(editableFields(["finance"], unit)).toEqual(["purchasePrice"]);
    expect(editableFields(["fulfilment"], unit)).toEqual(["location", "status"]);
    expect(editableFields(["grading"], { status: "reserved" })).toEqual(["batteryHealth", "identifier", "location"]);
    expect(editableFields(["support"], unit)).toEqual([]);
    expect(editableFields(["admin"], { status: "scrapped" })).toEqual(["grade", "batteryHealth", "fullBattery", "identifier", "location", "purchasePrice"]);
  });

  it("send only what changed, with the version seen", () => {
    const values = { ...unitValuesFrom(unit), location: "R2-01", batteryHealth: "91", note: " moved " };
    expect(unitUpdateOf(unit, values, 3)).toEqual({ body: { version: 3, location: "R2-01", note: "moved" }, changed: ["location"] });
    expect(unitUpdateOf(unit, { ...values, identifier: "" }, 3)).toMatchObject({ body: { identifier: null } });
    expect(unitUpdateOf(unit, { ...values, purchasePrice: "abc", batteryHealth: "101" }, 3)).toEqual({
      problems: [
        { field: "batteryHealth", problem: "batteryHealth" },
        { field: "purchasePrice", problem: "price" },
      ],
    });
  });

  it("check a supplier's unit before sending it", () => {
    expect(unitCreateOf({ productId: "1001", grade: "A2", purchasePrice: "99,90", supplier: " Refurb GmbH ", fullBattery: "" })).toEqual({
      body: { productId: 1001, grade: "A2", purchasePrice: 9_990, supplier: "Refurb GmbH", fullBattery: false },
    });
    expect(unitCreateOf({ productId: "x", grade: "", purchasePrice: "", supplier: "" })).toMatchObject({ problems: expect.arrayContaining([{ field: "productId", problem: "productId" }]) });
  });

  it("say the API's refusals at their fields", () => {
    expect(unitProblemsOf({ code: "FULL_BATTERY_NOT_OFFERED", errors: [] }, ["fullBattery", "grade"])).toEqual([{ field: "fullBattery", problem: "fullBatteryNotOffered" }]);
    expect(unitProblemsOf({ code: "UNIT_CHANGED", errors: [] }, ["grade"])).toEqual([{ field: null, problem: "changed" }]);
    expect(unitProblemsOf({ code: "VALIDATION_FAILED", errors: [{ code: "VALIDATION_FAILED", reference: "body.identifier" }] }, ["identifier"])).toEqual([{ field: "identifier", problem: "invalid" }]);
  });
});
