import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { gradeEnum, products } from "./catalogue.ts";
import { orderItems } from "./orders.ts";
import { saleItems } from "./selling.ts";

import { UNIT_SOURCES, UNIT_STATUSES } from "../../domain/stock/units.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
export const unitStatusEnum = pgEnum("unit_status", UNIT_STATUSES);

/**
 * One device or medium the shop holds or held: what it is, what it cost, where it lies and whose
 * order it belongs to. The storefront's quantities per grade are the count of `in_stock` units,
 * kept as counters on product_variants by every function that moves a unit.
 */
export const units = pgTable(
  "units",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    grade: gradeEnum("grade").notNull(),
    /** Battery capacity left in percent, where the device has one and it was measured. */
    batteryHealth: smallint("battery_health"),
    fullBattery: boolean("full_battery").notNull().default(false),
    /** IMEI or serial number, upper case without spaces; what a scan at the packing table reads. */
    identifier: text("identifier"),
    purchasePrice: integer("purchase_price").notNull(),
    source: text("source", { enum: UNIT_SOURCES }).notNull(),
    saleItemUuid: uuid("sale_item_uuid").references(() => saleItems.uuid, { onDelete: "set null" }),
    supplier: text("supplier"),
    location: text("location"),
    status: unitStatusEnum("status").notNull().default("in_stock"),
    orderItemUuid: uuid("order_item_uuid").references(() => orderItems.uuid, { onDelete: "set null" }),
    /** Raised by every staff edit: a save over an older version (another tab's) is refused. */
    version: integer("version").notNull().default(0),
    receivedAt: at("received_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Reservation picks the oldest unit of a product, grade and battery option that is in stock.
    index("units_stock_idx").on(t.productId, t.grade, t.fullBattery, t.receivedAt).where(sql`${t.status} = 'in_stock'`),
    index("units_status_idx").on(t.status, t.receivedAt),
    // Partial: most units have no IMEI (media), order or trade-in, and the seeded millions none of them.
    index("units_identifier_idx").on(t.identifier).where(sql`${t.identifier} is not null`),
    index("units_order_item_idx").on(t.orderItemUuid).where(sql`${t.orderItemUuid} is not null`),
    index("units_sale_item_idx").on(t.saleItemUuid).where(sql`${t.saleItemUuid} is not null`),
    check("units_purchase_price", sql`${t.purchasePrice} >= 0`),
    check("units_battery_health", sql`${t.batteryHealth} is null or ${t.batteryHealth} between 0 and 100`),
    // A unit held for an order always says which: nothing is reserved for no one.
    check("units_held_for_order", sql`${t.status} not in ('reserved', 'picked', 'shipped') or ${t.orderItemUuid} is not null`),
  ],
);

/** A unit's history: every move and edit, who made it and what changed. */
export const unitEvents = pgTable(
  "unit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    fromStatus: unitStatusEnum("from_status"),
    toStatus: unitStatusEnum("to_status").notNull(),
    actor: text("actor").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("unit_events_unit_idx").on(t.unitId, t.id)],
);
