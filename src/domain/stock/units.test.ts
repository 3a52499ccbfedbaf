import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boughtUnit, normalizeIdentifier, staffMayMove, stockCountChanges, stockDeltas, unitIdOfLabel, unitLabel, unitTax, UNIT_STATUSES, type UnitStatus } from "./units.ts";

const unit = (status: UnitStatus, grade: "A1" | "A2" = "A1", fullBattery = false) => ({ productId: 7, grade, status, fullBattery });

describe("stockDeltas", () => {
  it("counts a unit for its grade while it is in stock, and nothing else", () => {
    expect(stockDeltas([{ before: null, after: unit("in_stock", "A1", true) }])).toEqual([{ productId: 7, grade: "A1", units: 1, fullBatteryUnits: 1 }]);
    expect(stockDeltas([{ before: unit("in_stock"), after: unit("reserved") }])).toEqual([{ productId: 7, grade: "A1", units: -1, fullBatteryUnits: 0 }]);
    expect(stockDeltas([{ before: unit("reserved"), after: unit("picked") }])).toEqual([]);
    expect(stockDeltas([{ before: unit("in_stock", "A1"), after: unit("in_stock", "A2") }])).toEqual([
      { productId: 7, grade: "A1", units: -1, fullBatteryUnits: 0 },
      { productId: 7, grade: "A2", units: 1, fullBatteryUnits: 0 },
    ]);
  });

  it("property: the counters after any moves equal the units in stock counted afresh", () => {
    const side = fc.record({ status: fc.constantFrom(...UNIT_STATUSES), grade: fc.constantFrom<"A1" | "A2">("A1", "A2"), fullBattery: fc.boolean() });
    fc.assert(
      fc.property(fc.array(side, { minLength: 1, maxLength: 8 }), fc.array(fc.tuple(fc.nat(), side), { maxLength: 20 }), (start, moves) => {
        const units = start.map((s) => ({ ...s, productId: 1 }));
        const counted = (list: typeof units) => ["A1", "A2"].map((g) => list.filter((u) => u.grade === g && u.status === "in_stock").length);
        const counters = counted(units);
        for (const [index, next] of moves) {
          const i = index % units.length;
          const after = { ...next, productId: 1 };
          for (const d of stockDeltas([{ before: units[i]!, after }])) counters[d.grade === "A1" ? 0 : 1]! += d.units;
          units[i] = after;
        }
        expect(counters).toEqual(counted(units));
      }),
    );
  });
});

describe("stockCountChanges", () => {
  const inStock = [
    { id: 1, fullBattery: false },
    { id: 2, fullBattery: true },
    { id: 3, fullBattery: false },
  ];
  it("adds what was found and takes out the newest of what is missing", () => {
    expect(stockCountChanges(inStock, { quantity: 5 })).toEqual({ add: [false, false], remove: [], counts: { quantity: 5, fullBatteryQuantity: 1 } });
    expect(stockCountChanges(inStock, { quantity: 1 })).toEqual({ add: [], remove: [1, 3], counts: { quantity: 1, fullBatteryQuantity: 1 } });
    expect(stockCountChanges(inStock, { quantity: 0 })).toEqual({ add: [], remove: [2, 1, 3], counts: { quantity: 0, fullBatteryQuantity: 0 } });
    expect(stockCountChanges(inStock, { quantity: 3, fullBatteryQuantity: 2 })).toEqual({ add: [true], remove: [3], counts: { quantity: 3, fullBatteryQuantity: 2 } });
  });
});

describe("staffMayMove", () => {
  it("lets staff send a unit in stock to repair or scrap it, and bring it back from repair, but not touch what orders hold", () => {
    expect(staffMayMove("in_stock", "in_repair")).toBe(true);
    expect(staffMayMove("in_repair", "in_stock")).toBe(true);
    expect(staffMayMove("in_stock", "scrapped")).toBe(true);
    expect(staffMayMove("scrapped", "in_stock")).toBe(false);
    expect(staffMayMove("in_stock", "reserved")).toBe(false);
    expect(staffMayMove("reserved", "in_stock")).toBe(false);
    expect(staffMayMove("shipped", "in_stock")).toBe(false);
  });
});

describe("labels and identifiers", () => {
  it("prints and reads a unit's label", () => {
    expect(unitLabel(42)).toBe("U000042");
    expect(unitIdOfLabel("u000042")).toBe(42);
    expect(unitIdOfLabel(" U1234567 ")).toBe(1234567);
    expect(unitIdOfLabel("353456789012345")).toBeNull();
    expect(normalizeIdentifier("35 345678-9012345")).toBe("353456789012345");
  });
});

describe("unitTax", () => {
  it("taxes a used unit's margin and a new unit's price, each with the VAT within it", () => {
    expect(unitTax("margin", 30_000, 20_000)).toEqual({ margin: 10_000, vatAmount: 1_597 });
    expect(unitTax("margin", 15_000, 20_000)).toEqual({ margin: 0, vatAmount: 0 });
    expect(unitTax("standard", 11_900, 8_000)).toEqual({ margin: 3_900, vatAmount: 1_900 });
  });
});

describe("boughtUnit", () => {
  const item = { grade: "A2", price: 12_000, counterofferGrade: null, counterofferPrice: null, inspectionOutcome: "accepted" as const };
  it("stocks a settled item at its final grade and price, and no defective or refused one", () => {
    expect(boughtUnit(item)).toEqual({ grade: "A2", purchasePrice: 12_000 });
    expect(boughtUnit({ ...item, counterofferGrade: "A4", counterofferPrice: 8_000, inspectionOutcome: "counteroffer" })).toEqual({ grade: "A4", purchasePrice: 8_000 });
    expect(boughtUnit({ ...item, counterofferGrade: "DEFECT", counterofferPrice: 0, inspectionOutcome: "refused" })).toBeNull();
    expect(boughtUnit({ ...item, grade: "DEFECT" })).toBeNull();
  });
});
