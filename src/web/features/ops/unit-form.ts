import type { OpsUnit, OpsUnitCreateInput, OpsUnitUpdateInput } from "../../../api/contract.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { staffMayMove, UNIT_STATUSES, type UnitStatus } from "../../../domain/stock/units.ts";
import { mayAct, type StaffRole } from "../../../domain/staff/staff.ts";

/**
 * The units pages' rules that are not drawing: their addresses and filters, which fields a member's
 * roles change, the forms' values as typed and the bodies they send, and the API's refusals at
 * their fields.
 */
export const UNITS_PATH = "/ops/units";
export const unitPath = (unit: { label: string }) => `${UNITS_PATH}/${encodeURIComponent(unit.label)}`;

export interface UnitFilter {
  q: string;
  status: UnitStatus | null;
  grade: Grade | null;
  productId: number | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => ((values as readonly string[]).includes(value ?? "") ? (value as T) : null);
export const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export function unitFilterOf(params: URLSearchParams): UnitFilter {
  const productId = Number(params.get("productId"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(UNIT_STATUSES, params.get("status")),
    grade: oneOf(GRADES, params.get("grade")),
    productId: Number.isSafeInteger(productId) && productId >= 1 && productId <= 2_147_483_647 ? productId : null,
  };
}

/** The list's address with its filter and page (the first page and no filter leave it bare). */
export function unitsPath(filter: UnitFilter, page = 1): string {
  const search = new URLSearchParams({
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.grade ? { grade: filter.grade } : {}),
    ...(filter.productId ? { productId: String(filter.productId) } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  }).toString();
  return search ? `${UNITS_PATH}?${search}` : UNITS_PATH;
}

/** Letters and digits only, upper case: how a scanned or typed IMEI, serial or label compares. */
const compact = (text: string) => text.replace(/[^A-Za-z0-9]/g, "").toUpperCase();

/** Whether a search is exactly this unit's label or IMEI / serial: a scan, which opens the unit. */
export function isScanOf(q: string, unit: { label: string; identifier: string | null }): boolean {
  const scanned = compact(q);
  return scanned.length > 0 && (scanned === compact(unit.label) || (unit.identifier !== null && scanned === compact(unit.identifier)));
}

/** Euros as typed ("129", "129,50", "129.5") in cents; null when it is no amount. */
export function centsOf(text: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
/** Cents as a form shows them: "129.50" (plain, so it is typed back the same). */
export const eurosOf = (cents: number) => (cents / 100).toFixed(2);

/** A whole percentage as typed; null when empty, undefined when it is no percentage. */
function percentOf(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const value = Number(text.trim());
  return Number.isInteger(value) && value >= 0 && value <= 100 ? value : undefined;
}

export const UNIT_FIELDS = ["grade", "batteryHealth", "fullBattery", "identifier", "location", "status", "purchasePrice"] as const;
export type UnitField = (typeof UNIT_FIELDS)[number];
/** Who changes which field (as the API checks it; admins change all): grading judges the device, the floor moves it, finance owns its cost. */
export const UNIT_FIELD_ROLES: Record<UnitField, readonly StaffRole[]> = {
  grade: ["grading"],
  batteryHealth: ["grading"],
  fullBattery: ["grading"],
  identifier: ["grading", "receiving"],
  location: ["receiving", "grading", "fulfilment"],
  status: ["grading", "fulfilment"],
  purchasePrice: ["finance"],
};
/** The roles that take in a supplier's units. */
export const UNIT_CREATE_ROLES: readonly StaffRole[] = ["receiving", "finance"];

/** The statuses staff may set by hand on a unit that is in this one. */
export const HAND_STATUSES = ["in_stock", "in_repair", "scrapped"] as const;
export type HandStatus = (typeof HAND_STATUSES)[number];
export const statusMovesFrom = (status: UnitStatus): HandStatus[] => HAND_STATUSES.filter((to) => to !== status && staffMayMove(status, to));

/** The fields this member may change on this unit now: their roles, and what an order holding it leaves open. */
export function editableFields(roles: readonly StaffRole[], unit: Pick<OpsUnit, "status">): UnitField[] {
  const held = unit.status === "reserved" || unit.status === "picked" || unit.status === "shipped";
  return UNIT_FIELDS.filter((field) => {
    if (!mayAct(roles, UNIT_FIELD_ROLES[field])) return false;
    if (held && (field === "grade" || field === "fullBattery" || field === "status")) return false;
    return field !== "status" || statusMovesFrom(unit.status).length > 0;
  });
}

/** The correction form as typed: every value a string (the checkbox "on" or ""), so it is shown again as it was. */
export type UnitFormValues = Partial<Record<UnitField | "note", string>>;

export function unitValuesOf(form: FormData, fields: readonly UnitField[]): UnitFormValues {
  const values: UnitFormValues = { note: String(form.get("note") ?? "") };
  for (const field of fields) values[field] = field === "fullBattery" ? (form.get("fullBattery") ? "on" : "") : String(form.get(field) ?? "");
  return values;
}

export function unitValuesFrom(unit: OpsUnit): UnitFormValues {
  return {
    grade: unit.grade,
    batteryHealth: unit.batteryHealth === null ? "" : String(unit.batteryHealth),
    fullBattery: unit.fullBattery ? "on" : "",
    identifier: unit.identifier ?? "",
    location: unit.location ?? "",
    status: unit.status,
    purchasePrice: eurosOf(unit.purchasePrice.amount),
    note: "",
  };
}

export interface FieldProblem<F extends string> {
  field: F | null;
  problem: string;
}

/**
 * The correction's body: only the fields that differ from the unit as it is (a field sent unchanged
 * would still ask for its role, and an order's unit refuses its grade and status even unchanged),
 * or the fields' problems when a value is no value.
 */
export function unitUpdateOf(unit: OpsUnit, values: UnitFormValues, version: number): { body: OpsUnitUpdateInput; changed: UnitField[] } | { problems: FieldProblem<UnitField>[] } {
  const body: OpsUnitUpdateInput = { version };
  const problems: FieldProblem<UnitField>[] = [];
  const text = (field: UnitField) => (values[field] ?? "").trim();
  if (values.grade !== undefined) {
    const grade = oneOf(GRADES, text("grade"));
    if (!grade) problems.push({ field: "grade", problem: "invalid" });
    else if (grade !== unit.grade) body.grade = grade;
  }
  if (values.batteryHealth !== undefined) {
    const health = percentOf(text("batteryHealth"));
    if (health === undefined) problems.push({ field: "batteryHealth", problem: "batteryHealth" });
    else if (health !== unit.batteryHealth) body.batteryHealth = health;
  }
  if (values.fullBattery !== undefined && (values.fullBattery === "on") !== unit.fullBattery) body.fullBattery = values.fullBattery === "on";
  if (values.identifier !== undefined) {
    const identifier = text("identifier");
    if (identifier && !/^[A-Za-z0-9 -]{4,40}$/.test(identifier)) problems.push({ field: "identifier", problem: "identifier" });
    else if ((identifier || null) !== unit.identifier) body.identifier = identifier || null;
  }
  if (values.location !== undefined) {
    const location = text("location");
    if (location.length > 40) problems.push({ field: "location", problem: "location" });
    else if ((location || null) !== unit.location) body.location = location || null;
  }
  if (values.status !== undefined) {
    const status = oneOf(HAND_STATUSES, text("status")) ?? (text("status") === unit.status ? null : undefined);
    if (status === undefined) problems.push({ field: "status", problem: "invalid" });
    else if (status && status !== unit.status) body.status = status;
  }
  if (values.purchasePrice !== undefined) {
    const cents = centsOf(text("purchasePrice"));
    if (cents === null) problems.push({ field: "purchasePrice", problem: "price" });
    else if (cents !== unit.purchasePrice.amount) body.purchasePrice = cents;
  }
  if (problems.length > 0) return { problems };
  const note = (values.note ?? "").trim();
  if (note) body.note = note;
  return { body, changed: UNIT_FIELDS.filter((field) => body[field] !== undefined) };
}

export const CREATE_FIELDS = ["productId", "grade", "purchasePrice", "supplier", "identifier", "batteryHealth", "fullBattery", "location"] as const;
export type CreateField = (typeof CREATE_FIELDS)[number];
export type CreateFormValues = Partial<Record<CreateField, string>>;

export function createValuesOf(form: FormData): CreateFormValues {
  return Object.fromEntries(CREATE_FIELDS.map((field) => [field, field === "fullBattery" ? (form.get(field) ? "on" : "") : String(form.get(field) ?? "")]));
}

/** A supplier's unit as typed, as the API takes it, or each field's problem. */
export function unitCreateOf(values: CreateFormValues): { body: OpsUnitCreateInput } | { problems: FieldProblem<CreateField>[] } {
  const problems: FieldProblem<CreateField>[] = [];
  const text = (field: CreateField) => (values[field] ?? "").trim();
  const productId = Number(text("productId"));
  if (!/^\d{1,10}$/.test(text("productId")) || productId < 1 || productId > 2_147_483_647) problems.push({ field: "productId", problem: "productId" });
  const grade = oneOf(GRADES, text("grade"));
  if (!grade) problems.push({ field: "grade", problem: "required" });
  const cents = centsOf(text("purchasePrice"));
  if (cents === null) problems.push({ field: "purchasePrice", problem: "price" });
  const supplier = text("supplier");
  if (!supplier || supplier.length > 120) problems.push({ field: "supplier", problem: "supplier" });
  const identifier = text("identifier");
  if (identifier && !/^[A-Za-z0-9 -]{4,40}$/.test(identifier)) problems.push({ field: "identifier", problem: "identifier" });
  const health = percentOf(text("batteryHealth"));
  if (health === undefined) problems.push({ field: "batteryHealth", problem: "batteryHealth" });
  const location = text("location");
  if (location.length > 40) problems.push({ field: "location", problem: "location" });
  if (problems.length > 0 || !grade || cents === null) return { problems };
  return {
    body: {
      productId,
      grade,
      purchasePrice: cents,
      supplier,
      fullBattery: values.fullBattery === "on",
      ...(identifier ? { identifier } : {}),
      ...(health !== null && health !== undefined ? { batteryHealth: health } : {}),
      ...(location ? { location } : {}),
    },
  };
}

/** The field an API refusal names ("body.grade", "fullBattery", "status"), if it is one of the form's. */
export function fieldOfReference<F extends string>(reference: string, fields: readonly F[]): F | null {
  const field = /^(?:body\.)?(\w+)/.exec(reference)?.[1];
  return (fields as readonly string[]).includes(field ?? "") ? (field as F) : null;
}

/** A unit's correction or intake refused by the API, in the page's words at the field it names. */
export function unitProblemsOf<F extends string>(error: { code: string | undefined; errors: readonly { code: string; reference: string }[] }, fields: readonly F[]): FieldProblem<F>[] {
  const at = (field: string, problem: string): FieldProblem<F>[] => [{ field: (fields as readonly string[]).includes(field) ? (field as F) : null, problem }];
  switch (error.code) {
    case "UNIT_CHANGED":
      return at("", "changed");
    case "UNIT_HELD_BY_ORDER":
      return at("", "held");
    case "UNIT_MOVE_NOT_ALLOWED":
      return at("status", "moveNotAllowed");
    case "FULL_BATTERY_NOT_OFFERED":
      return at("fullBattery", "fullBatteryNotOffered");
    case "PRODUCT_DOESNT_EXIST":
      return at("productId", "productNotFound");
    case "ROLE_REQUIRED":
      return at("", "notAllowed");
  }
  const problems = error.errors.map((item) => ({ field: fieldOfReference(item.reference, fields), problem: "invalid" }));
  return problems.length > 0 ? problems : at("", "failed");
}
