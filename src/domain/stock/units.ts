import type { Grade } from "../catalogue/grades.ts";

/*
 * Units: every device the shop holds, one by one. The rules here are pure: how the counters per
 * grade follow a unit's moves, what a stock count changes, which status changes staff may make,
 * and what the margin scheme takes from a sold unit.
 */

export const UNIT_STATUSES = ["in_stock", "reserved", "picked", "shipped", "returned", "in_repair", "scrapped"] as const;
/** Where a unit came from: a trade-in, a supplier, a stock count that found it, or demo data. */
export const UNIT_SOURCES = ["trade_in", "supplier", "stock_count", "seed"] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** A grade of a product: the unit of the storefront's counters. */
export interface StockKey {
  productId: number;
  grade: Grade;
}
interface UnitSide extends StockKey {
  status: UnitStatus;
  fullBattery: boolean;
}
export interface StockDelta extends StockKey {
  units: number;
  fullBatteryUnits: number;
}

/**
 * What moves do to the counters: a unit counts for its grade while it is in stock, so each move
 * takes one off where it was counted and adds one where it is counted now. Zero changes are left out.
 */
export function stockDeltas(moves: readonly { before: UnitSide | null; after: UnitSide | null }[]): StockDelta[] {
  const deltas = new Map<string, StockDelta>();
  const add = (side: UnitSide | null, sign: 1 | -1) => {
    if (!side || side.status !== "in_stock") return;
    const key = `${side.productId}:${side.grade}`;
    const delta = deltas.get(key) ?? { productId: side.productId, grade: side.grade, units: 0, fullBatteryUnits: 0 };
    delta.units += sign;
    if (side.fullBattery) delta.fullBatteryUnits += sign;
    deltas.set(key, delta);
  };
  for (const { before, after } of moves) {
    add(before, -1);
    add(after, 1);
  }
  return [...deltas.values()].filter((d) => d.units !== 0 || d.fullBatteryUnits !== 0);
}

/**
 * A stock count's changes to the units in stock (oldest first): units added (true for a new
 * battery) or taken out (the newest first) until the counts match. The full-battery count, when not
 * given, stays as it is as far as the new total allows.
 */
export function stockCountChanges(
  inStock: readonly { id: number; fullBattery: boolean }[],
  counted: { quantity: number; fullBatteryQuantity?: number | undefined },
): { add: boolean[]; remove: number[]; counts: { quantity: number; fullBatteryQuantity: number } } {
  const battery = inStock.filter((u) => u.fullBattery);
  const plain = inStock.filter((u) => !u.fullBattery);
  const wantBattery = Math.min(counted.fullBatteryQuantity ?? battery.length, counted.quantity);
  const wantPlain = counted.quantity - wantBattery;
  const add: boolean[] = [...Array<boolean>(Math.max(0, wantBattery - battery.length)).fill(true), ...Array<boolean>(Math.max(0, wantPlain - plain.length)).fill(false)];
  const remove = [...battery.slice(wantBattery), ...plain.slice(wantPlain)].map((u) => u.id);
  return { add, remove, counts: { quantity: counted.quantity, fullBatteryQuantity: wantBattery } };
}

/**
 * Status changes staff make by hand; the others (reserved, picked, shipped) belong to orders and
 * returned to returns. A unit in stock may go to repair or be scrapped, and come back from repair.
 */
const STAFF_MOVES: Partial<Record<UnitStatus, readonly UnitStatus[]>> = {
  in_stock: ["in_repair", "scrapped"],
  in_repair: ["in_stock", "scrapped"],
  returned: ["in_stock", "in_repair", "scrapped"],
};
export function staffMayMove(from: UnitStatus, to: UnitStatus): boolean {
  return from === to || (STAFF_MOVES[from]?.includes(to) ?? false);
}

/** Whether a unit's identity (product, grade, battery) may still change: not while an order holds it. */
export function unitIsHeldByOrder(status: UnitStatus): boolean {
  return status === "reserved" || status === "picked" || status === "shipped";
}

/** A unit's label as printed and scanned: "U" and six digits at least. */
export function unitLabel(id: number): string {
  return `U${String(id).padStart(6, "0")}`;
}
/** The unit id in a scanned or typed label, or null when it is not one. */
export function unitIdOfLabel(text: string): number | null {
  const match = /^U0*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}
/** IMEI or serial as stored: upper case, without spaces or dashes. */
export function normalizeIdentifier(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

export const STANDARD_VAT_RATE = 19;

/**
 * What a sold unit's tax is computed from (§25a UStG): for a used unit, the margin (what the
 * customer paid for it less what the shop paid, never below 0) and the VAT within it; for a new
 * one, the VAT within the price. Cents, rounded half up.
 */
export function unitTax(scheme: "margin" | "standard", salePrice: number, purchasePrice: number): { margin: number; vatAmount: number } {
  const margin = scheme === "margin" ? Math.max(0, salePrice - purchasePrice) : salePrice - purchasePrice;
  const taxed = scheme === "margin" ? margin : salePrice;
  return { margin, vatAmount: Math.round((taxed * STANDARD_VAT_RATE) / (100 + STANDARD_VAT_RATE)) };
}

/**
 * What a settled trade-in item adds to stock: its final grade (the counteroffer's where inspection
 * found another) at the price paid for it. A defective or refused item (paid 0 €, recycled) is no
 * stock.
 */
export function boughtUnit(item: {
  grade: string;
  price: number;
  counterofferGrade: string | null;
  counterofferPrice: number | null;
  inspectionOutcome: "accepted" | "counteroffer" | "refused" | null;
}): { grade: Grade; purchasePrice: number } | null {
  if (item.inspectionOutcome === "refused") return null;
  const grade = item.counterofferGrade ?? item.grade;
  const purchasePrice = item.counterofferPrice ?? item.price;
  if (!SELLABLE_BOUGHT_GRADES.includes(grade as Grade) || purchasePrice <= 0) return null;
  return { grade: grade as Grade, purchasePrice };
}
const SELLABLE_BOUGHT_GRADES: readonly string[] = ["A0", "A1", "A2", "A3", "A4"];
