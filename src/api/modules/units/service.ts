import { FULL_BATTERY_CATEGORY_ID, gradeHasFullBatteryOption, type Grade } from "../../../domain/catalogue/grades.ts";
import { normalizeIdentifier, staffMayMove, unitIdOfLabel, unitIsHeldByOrder, unitLabel } from "../../../domain/stock/units.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { UnitRepository, UnitRow } from "./repository.ts";
import type { OpsUnit, OpsUnitCreateInput, OpsUnitList, OpsUnitListQuery, OpsUnitUpdateInput } from "./schemas.ts";

const PAGE_SIZE = 50;
const DAY_MS = 86_400_000;
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });

/** Every staff role sees the units: receiving, grading, fulfilment, finance and support all look them up. */
const UNIT_READERS: StaffRole[] = ["receiving", "grading", "fulfilment", "finance", "support"];
/** Who may change which of a unit's fields: grading judges the device, the floor moves it, finance owns its cost. */
const FIELD_ROLES: Record<Exclude<keyof OpsUnitUpdateInput, "version" | "note">, StaffRole[]> = {
  grade: ["grading"],
  batteryHealth: ["grading"],
  fullBattery: ["grading"],
  identifier: ["grading", "receiving"],
  location: ["receiving", "grading", "fulfilment"],
  status: ["grading", "fulfilment"],
  purchasePrice: ["finance"],
};

const unitNotFound = () => AppError.notFound("UNIT_NOT_FOUND", "There is no unit with this label, number or IMEI.", "unitRef");
const actorName = (actor: StaffActor) => `staff:${actor.email}`;

/** A label, an id or an IMEI / serial as typed or scanned. */
function refOf(text: string): { unitId: number | null; identifier: string } {
  const trimmed = text.trim();
  const unitId = unitIdOfLabel(trimmed) ?? (/^\d{1,9}$/.test(trimmed) && trimmed.length < 10 ? Number(trimmed) : null);
  return { unitId, identifier: normalizeIdentifier(trimmed) };
}

function refuseFullBatteryUnlessOffered(fullBattery: boolean, grade: Grade, categoryId: number): void {
  if (fullBattery && !(categoryId === FULL_BATTERY_CATEGORY_ID && gradeHasFullBatteryOption(grade))) {
    throw new AppError(409, "FULL_BATTERY_NOT_OFFERED", "This product and grade are not offered with a new battery.", "fullBattery");
  }
}

/**
 * The back-office's units: looked up by label, IMEI or product, corrected and moved by the roles
 * whose work it is, bought in from suppliers. The moves themselves are the units module's functions
 * (db/units.ts), which keep the storefront's counters; each staff change is audited in its transaction.
 */
export function createUnitService(repo: UnitRepository, deps: { clock: () => Date }) {
  async function view(unitId: number): Promise<OpsUnit> {
    const found = await repo.find({ unitId, identifier: "" });
    if (!found) throw unitNotFound();
    const { unit } = found;
    const [history, sale, order] = await Promise.all([repo.history(unit.id), repo.saleOf(unit.saleItemUuid), repo.orderOf(unit)]);
    return {
      ...summary(unit, found.productName, deps.clock()),
      version: unit.version,
      supplier: unit.supplier,
      sale,
      order,
      history: history.map((e) => ({ event: e.event, fromStatus: e.fromStatus, toStatus: e.toStatus, actor: e.actor, detail: e.detail, at: new Date(e.at).toISOString() })),
    };
  }

  return {
    async list(actor: StaffActor, query: OpsUnitListQuery): Promise<OpsUnitList> {
      requireRole(actor, ...UNIT_READERS);
      const page = query.page ?? 1;
      const search = query.q ? { ...refOf(query.q), name: query.q } : undefined;
      const { rows, total } = await repo.list({ status: query.status, productId: query.productId, grade: query.grade, search }, (page - 1) * PAGE_SIZE, PAGE_SIZE);
      const now = deps.clock();
      return { units: rows.map((r) => summary(r.unit, r.productName, now)), page, pageSize: PAGE_SIZE, total };
    },

    async view(actor: StaffActor, ref: string): Promise<OpsUnit> {
      requireRole(actor, ...UNIT_READERS);
      const found = await repo.find(refOf(ref));
      if (!found) throw unitNotFound();
      return view(found.unit.id);
    },

    /**
     * A correction or a move by hand: each field needs its role; a unit an order holds keeps what the
     * customer bought (grade, battery) and its status; a change over a newer version is refused.
     */
    async update(actor: StaffActor, ref: string, input: OpsUnitUpdateInput): Promise<OpsUnit> {
      const { version, note, ...fields } = input;
      const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => fields[k] !== undefined);
      // Every changed field needs its own role; a change of nothing needs only to see the unit.
      if (changed.length === 0) requireRole(actor, ...UNIT_READERS);
      for (const field of changed) requireRole(actor, ...FIELD_ROLES[field]);
      const found = await repo.find(refOf(ref));
      if (!found) throw unitNotFound();
      const unitId = found.unit.id;
      await repo.inTransaction(async (tx) => {
        const unit = await tx.lockUnit(unitId);
        if (!unit) throw unitNotFound();
        if (unit.version !== version) throw new AppError(409, "UNIT_CHANGED", "Someone changed this unit meanwhile: reload it and check again.", "version");
        const identity = fields.grade !== undefined || fields.fullBattery !== undefined || fields.status !== undefined;
        if (identity && unitIsHeldByOrder(unit.status)) {
          throw new AppError(409, "UNIT_HELD_BY_ORDER", "An order holds this unit: its grade, battery and status follow the order.", "unitId");
        }
        if (fields.status !== undefined && !staffMayMove(unit.status, fields.status)) {
          throw new AppError(409, "UNIT_MOVE_NOT_ALLOWED", `A unit that is ${unit.status} cannot be set to ${fields.status} by hand.`, "status");
        }
        const product = await tx.product(unit.productId);
        refuseFullBatteryUnlessOffered(fields.fullBattery ?? unit.fullBattery, fields.grade ?? unit.grade, product!.categoryId);
        const change = { ...fields, ...(fields.identifier ? { identifier: normalizeIdentifier(fields.identifier) } : {}) };
        const event = fields.grade !== undefined && fields.grade !== unit.grade ? "regraded" : fields.status !== undefined && fields.status !== unit.status ? fields.status : "corrected";
        await tx.changeUnits([{ unit, change }], { event, actor: actorName(actor), detail: { ...(note ? { note } : {}), changed } });
        await tx.audit(actor, { action: `unit.${event}`, entityType: "unit", entityId: String(unit.id), before: pick(unit, changed), after: { ...pick(change, changed), ...(note ? { note } : {}) } });
      });
      return view(unitId);
    },

    /** A unit bought from a supplier: in stock at once, at what the shop paid for it. */
    async create(actor: StaffActor, input: OpsUnitCreateInput): Promise<OpsUnit> {
      requireRole(actor, "receiving", "finance");
      const product = await repo.product(input.productId);
      if (!product) throw AppError.notFound("PRODUCT_DOESNT_EXIST", "There is no product with this id.", "productId");
      refuseFullBatteryUnlessOffered(input.fullBattery, input.grade, product.categoryId);
      const unit = await repo.inTransaction(async (tx) => {
        const row = await tx.intakeUnit(
          {
            productId: input.productId,
            grade: input.grade,
            purchasePrice: input.purchasePrice,
            source: "supplier",
            supplier: input.supplier,
            identifier: input.identifier ? normalizeIdentifier(input.identifier) : null,
            batteryHealth: input.batteryHealth ?? null,
            fullBattery: input.fullBattery,
            location: input.location ?? null,
          },
          { event: "purchased", actor: actorName(actor), detail: { supplier: input.supplier } },
        );
        await tx.audit(actor, { action: "unit.purchased", entityType: "unit", entityId: String(row.id), after: { ...input } });
        return row;
      });
      return view(unit.id);
    },
  };
}
export type UnitService = ReturnType<typeof createUnitService>;

function summary(unit: UnitRow, productName: string, now: Date) {
  return {
    id: unit.id,
    label: unitLabel(unit.id),
    product: { id: unit.productId, name: productName },
    grade: unit.grade,
    status: unit.status,
    fullBattery: unit.fullBattery,
    batteryHealth: unit.batteryHealth,
    identifier: unit.identifier,
    purchasePrice: EUR(unit.purchasePrice),
    source: unit.source,
    location: unit.location,
    receivedAt: new Date(unit.receivedAt).toISOString(),
    ageDays: Math.floor((now.getTime() - new Date(unit.receivedAt).getTime()) / DAY_MS),
  };
}

function pick(row: object, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k] ?? null]));
}
