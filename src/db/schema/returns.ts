import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CLAIM_REMEDIES, CLAIM_STATUSES, RETURN_DECISIONS, RETURN_REASONS, RETURN_STATUSES, UNIT_DESTINATIONS } from "../../domain/returns/returns.ts";
import { orderItems, orders } from "./orders.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const returnNumberSequence = pgSequence("return_number_seq", { startWith: 1000 });
export const claimNumberSequence = pgSequence("claim_number_seq", { startWith: 1000 });

/**
 * A customer's return of items of one order: the statutory withdrawal within 14 days or the shop's
 * voluntary return after it. The label's number is scanned when the parcel arrives; the decision
 * refunds through the order's refunds, once (its key is the return's).
 */
export const returns = pgTable(
  "returns",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    orderUuid: uuid("order_uuid")
      .notNull()
      .references(() => orders.uuid, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["withdrawal", "voluntary"] }).notNull(),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    comment: text("comment"),
    sendBy: at("send_by").notNull(),
    receivedAt: at("received_at"),
    /** What receiving scanned on the device; a mismatch with the unit shipped is flagged, not refused. */
    receivedIdentifier: text("received_identifier"),
    identifierMismatch: boolean("identifier_mismatch").notNull().default(false),
    inspection: jsonb("inspection").$type<Record<string, unknown>>(),
    decision: text("decision", { enum: RETURN_DECISIONS }),
    decisionReason: text("decision_reason"),
    refundAmount: integer("refund_amount"),
    refundUuid: uuid("refund_uuid"),
    unitDestination: text("unit_destination", { enum: UNIT_DESTINATIONS }),
    decidedAt: at("decided_at"),
    decidedBy: uuid("decided_by"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("returns_number_idx").on(t.number),
    index("returns_order_idx").on(t.orderUuid, t.createdAt),
    index("returns_open_idx").on(t.status, t.createdAt).where(sql`${t.status} in ('requested', 'received')`),
    check("returns_refund_amount", sql`${t.refundAmount} is null or ${t.refundAmount} > 0`),
  ],
);

/** The items of a return, each with its reason; an item is in one live return at most. */
export const returnItems = pgTable(
  "return_items",
  {
    returnUuid: uuid("return_uuid")
      .notNull()
      .references(() => returns.uuid, { onDelete: "cascade" }),
    orderItemUuid: uuid("order_item_uuid")
      .notNull()
      .references(() => orderItems.uuid, { onDelete: "cascade" }),
    unitId: integer("unit_id"),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    /** Cleared when the customer withdraws the request, so the item may be returned again. */
    live: boolean("live").notNull().default(true),
  },
  (t) => [
    uniqueIndex("return_items_pk").on(t.returnUuid, t.orderItemUuid),
    // The database's word on RETURN_EXISTS: two requests at once cannot both hold one item.
    uniqueIndex("return_items_live_item_idx").on(t.orderItemUuid).where(sql`${t.live}`),
  ],
);

/** A warranty claim on one unit sold: the customer's description and wish, the shop's decision. */
export const warrantyClaims = pgTable(
  "warranty_claims",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    orderUuid: uuid("order_uuid")
      .notNull()
      .references(() => orders.uuid, { onDelete: "cascade" }),
    orderItemUuid: uuid("order_item_uuid")
      .notNull()
      .references(() => orderItems.uuid, { onDelete: "cascade" }),
    unitId: integer("unit_id"),
    description: text("description").notNull(),
    remedy: text("remedy", { enum: CLAIM_REMEDIES }).notNull(),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("open"),
    decisionReason: text("decision_reason"),
    refundAmount: integer("refund_amount"),
    refundUuid: uuid("refund_uuid"),
    /** Replacement: the order (total 0) that ships the new unit through fulfilment. */
    replacementOrderUuid: uuid("replacement_order_uuid"),
    /** Repair: the parcel that takes the repaired device back. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    decidedAt: at("decided_at"),
    decidedBy: uuid("decided_by"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("warranty_claims_number_idx").on(t.number),
    index("warranty_claims_order_idx").on(t.orderUuid, t.createdAt),
    index("warranty_claims_open_idx").on(t.status, t.createdAt).where(sql`${t.status} in ('open', 'in_repair')`),
    // One open claim per item at a time.
    uniqueIndex("warranty_claims_open_item_idx").on(t.orderItemUuid).where(sql`${t.status} in ('open', 'in_repair')`),
  ],
);

/** Photos of the defect a customer sends with a claim, re-encoded as WebP (no metadata kept). */
export const warrantyClaimPhotos = pgTable(
  "warranty_claim_photos",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    claimUuid: uuid("claim_uuid")
      .notNull()
      .references(() => warrantyClaims.uuid, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploadedAt: at("uploaded_at").notNull().defaultNow(),
  },
  (t) => [index("warranty_claim_photos_claim_idx").on(t.claimUuid, t.uploadedAt), check("warranty_claim_photos_size", sql`octet_length(${t.bytes}) between 1 and 5242880`)],
);
