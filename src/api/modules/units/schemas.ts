import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { UNIT_SOURCES, UNIT_STATUSES } from "../../../domain/stock/units.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, pageParam, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

/** Cents a purchase price stays below: a hundred thousand euros. */
const MAX_PURCHASE_CENTS = 10_000_000;
const purchasePrice = z
  .number({ error: "The purchase price must be a number of cents" })
  .int("The purchase price must be whole cents")
  .min(0, "The purchase price must not be negative")
  .max(MAX_PURCHASE_CENTS, "The purchase price is too large");
const batteryHealth = z.number({ error: "Battery health must be a number" }).int("Battery health must be a whole percentage").min(0, "Battery health is 0 to 100 %").max(100, "Battery health is 0 to 100 %");
const identifier = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 -]{4,40}$/, "An IMEI or serial number has 4 to 40 letters and digits");
const location = textParam("The location", 40);

export const opsUnitListQuery = z.object({
  status: z.enum(UNIT_STATUSES).optional(),
  productId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  grade: z.enum(GRADES).optional(),
  q: textParam("A search", 100).optional().describe("A unit label (U000123), an IMEI or serial number, or part of a product name"),
  page: pageParam(10_000),
});
export type OpsUnitListQuery = QueryParams<typeof opsUnitListQuery>;

const unitSummary = {
  id: z.number().int(),
  label: z.string().describe("What the unit's sticker says and a scanner reads: U and six digits"),
  product: z.object({ id: z.number().int(), name: z.string() }),
  grade: z.enum(GRADES),
  status: z.enum(UNIT_STATUSES),
  fullBattery: z.boolean(),
  batteryHealth: z.number().int().nullable(),
  identifier: z.string().nullable(),
  purchasePrice: moneySchema,
  source: z.enum(UNIT_SOURCES),
  location: z.string().nullable(),
  receivedAt: z.string(),
  ageDays: z.number().int().describe("Days since it came in"),
};
export const opsUnitListSchema = z
  .object({ units: z.array(z.object(unitSummary)), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: "OpsUnitList" });
export type OpsUnitList = z.infer<typeof opsUnitListSchema>;

export const opsUnitSchema = z
  .object({
    ...unitSummary,
    version: z.number().int().describe("Send it back with a change: a change over a newer version is refused"),
    supplier: z.string().nullable(),
    sale: z.object({ uuid: z.uuid(), number: z.string() }).nullable().describe("The trade-in it was bought in"),
    order: z.object({ uuid: z.uuid(), number: z.string(), status: z.string() }).nullable().describe("The order it is held for or was sold in"),
    history: z.array(
      z.object({
        event: z.string(),
        fromStatus: z.enum(UNIT_STATUSES).nullable(),
        toStatus: z.enum(UNIT_STATUSES),
        actor: z.string(),
        detail: z.record(z.string(), z.unknown()),
        at: z.string(),
      }),
    ),
  })
  .meta({ id: "OpsUnit" });
export type OpsUnit = z.infer<typeof opsUnitSchema>;

export const opsUnitRefParams = z.object({
  unitRef: textParam("A unit", 40).describe("The unit's id, its label (U000123) or its IMEI / serial number"),
});

export const opsUnitUpdateBody = z
  .strictObject({
    version: z.number().int().min(0),
    grade: z.enum(GRADES).optional().describe("A regrade moves the unit between the storefront's grades"),
    batteryHealth: batteryHealth.nullable().optional(),
    fullBattery: z.boolean().optional(),
    identifier: identifier.nullable().optional(),
    location: location.nullable().optional(),
    status: z.enum(["in_stock", "in_repair", "scrapped"]).optional().describe("Staff send a unit to repair, take it back, or scrap it; orders move the rest"),
    purchasePrice: purchasePrice.optional(),
    note: textParam("The note", 500).optional().describe("Why: kept in the unit's history"),
  })
  .meta({ id: "OpsUnitUpdate" });
export type OpsUnitUpdateInput = z.output<typeof opsUnitUpdateBody>;

export const opsUnitCreateBody = z
  .strictObject({
    productId: z.number().int().min(1).max(2_147_483_647),
    grade: z.enum(GRADES),
    purchasePrice,
    supplier: textParam("The supplier", 120),
    identifier: identifier.optional(),
    batteryHealth: batteryHealth.optional(),
    fullBattery: z.boolean().default(false),
    location: location.optional(),
  })
  .meta({ id: "OpsUnitCreate", description: "A unit bought from a supplier, in stock at once" });
export type OpsUnitCreateInput = z.output<typeof opsUnitCreateBody>;

export const opsUnitListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsUnitListError = OperationError<typeof opsUnitListErrors>;
export const opsUnitViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["UNIT_NOT_FOUND"] });
export const opsUnitUpdateErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  ...STAFF_GUARD_ERRORS,
  404: ["UNIT_NOT_FOUND"],
  409: ["UNIT_CHANGED", "UNIT_MOVE_NOT_ALLOWED", "UNIT_HELD_BY_ORDER", "FULL_BATTERY_NOT_OFFERED"],
});
export type OpsUnitUpdateError = OperationError<typeof opsUnitUpdateErrors>;
export const opsUnitCreateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRODUCT_DOESNT_EXIST"], 409: ["FULL_BATTERY_NOT_OFFERED"] });
export type OpsUnitCreateError = OperationError<typeof opsUnitCreateErrors>;
