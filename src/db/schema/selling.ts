import { sql } from "drizzle-orm";
import { bigint, bigserial, check, customType, index, integer, jsonb, pgEnum, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Address } from "../../domain/checkout/cart-rules.ts";
import type { GradingAnswers } from "../../domain/selling/grading.ts";
import type { OfferLine } from "../../domain/selling/offers.ts";
import { customers } from "./accounts.ts";
import { products } from "./catalogue.ts";
import { carts } from "./orders.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
/** Raw bytes: the pg driver gives a Buffer, PGlite a Uint8Array (a Buffer is one too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const sellGradeEnum = pgEnum("sell_grade", ["A0", "A1", "A2", "A3", "A4", "DEFECT"]);
export const saleStatusEnum = pgEnum("sale_status", ["created", "parcel_received", "in_inspection", "counteroffer", "offer_confirmed", "paid", "returned"]);
export const payoutMethodEnum = pgEnum("payout_method", ["bank_transfer", "paypal"]);

/**
 * One device or medium offered for sale, in the same cart row as the buy side's items: one
 * cookie, one owner, one merge at login. The answers and the offer they gave are kept, so the
 * offer can be shown, edited and checked again before checkout.
 */
export const sellCartItems = pgTable(
  "sell_cart_items",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    cartUuid: uuid("cart_uuid")
      .notNull()
      .references(() => carts.uuid, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    grade: sellGradeEnum("grade").notNull(),
    price: integer("price").notNull(),
    answers: jsonb("answers").$type<GradingAnswers>().notNull(),
    breakdown: jsonb("breakdown").$type<OfferLine[]>().notNull(),
    validUntil: at("valid_until").notNull(),
    searchUuid: uuid("search_uuid"),
    addedAt: at("added_at").notNull().defaultNow(),
  },
  (t) => [index("sell_cart_items_cart_idx").on(t.cartUuid, t.addedAt)],
);

/** A bonus on the payout: a percentage of the items, up to a cap, within a window, once per customer. */
export const sellCoupons = pgTable("sell_coupons", {
  code: text("code").primaryKey(),
  bonusPercent: integer("bonus_percent").notNull(),
  maxBonusCents: integer("max_bonus_cents").notNull(),
  validFrom: at("valid_from").notNull(),
  validTo: at("valid_to").notNull(),
});

export const saleNumberSequence = pgSequence("sale_number_seq", { startWith: 1000 });

/** A checked-out sell cart: what the seller sends, how they are paid, and where the sale stands. */
export const sales = pgTable(
  "sales",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "restrict" }),
    locale: text("locale").notNull(),
    status: saleStatusEnum("status").notNull().default("created"),
    payoutMethod: payoutMethodEnum("payout_method").notNull(),
    /** IBAN and holder, or the PayPal address: what the payout needs and nothing else. */
    payoutAccount: jsonb("payout_account").$type<{ iban: string; holder: string } | { email: string }>().notNull(),
    carrier: text("carrier", { enum: ["dhl", "hermes"] }).notNull(),
    parcels: integer("parcels").notNull(),
    senderAddress: jsonb("sender_address").$type<Address>().notNull(),
    couponCode: text("coupon_code"),
    /** The coupon's terms at checkout: a later change of the coupon does not change this sale's payout. */
    couponBonusPercent: integer("coupon_bonus_percent"),
    couponMaxBonus: integer("coupon_max_bonus"),
    expressFee: integer("express_fee").notNull(),
    itemsTotal: integer("items_total").notNull(),
    couponBonus: integer("coupon_bonus").notNull(),
    labelFee: integer("label_fee").notNull(),
    payout: integer("payout").notNull(),
    counterofferDeadline: at("counteroffer_deadline"),
    counterofferRemindedAt: at("counteroffer_reminded_at"),
    /** The parcel's arrival as receiving recorded it: when, by whom, and what they noticed. */
    receivedAt: at("received_at"),
    receivedBy: uuid("received_by"),
    receivingNote: text("receiving_note"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sales_number_idx").on(t.number),
    index("sales_customer_idx").on(t.customerUuid, t.createdAt.desc()),
    // The back-office's queues: a status's sales, oldest first.
    index("sales_status_created_idx").on(t.status, t.createdAt),
    index("sales_counteroffer_deadline_idx").on(t.counterofferDeadline).where(sql`${t.status} = 'counteroffer'`),
    check("sales_parcels", sql`${t.parcels} between 1 and 3`),
  ],
);

/** One item of a sale with the offer it was sold at, and the counteroffer if inspection found another condition. */
export const saleItems = pgTable(
  "sale_items",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    saleUuid: uuid("sale_uuid")
      .notNull()
      .references(() => sales.uuid, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    grade: sellGradeEnum("grade").notNull(),
    price: integer("price").notNull(),
    answers: jsonb("answers").$type<GradingAnswers>().notNull(),
    breakdown: jsonb("breakdown").$type<OfferLine[]>().notNull(),
    counterofferGrade: sellGradeEnum("counteroffer_grade"),
    counterofferPrice: integer("counteroffer_price"),
    counterofferReason: text("counteroffer_reason"),
    /** Raised by every inspection saved: a second inspector's save on an older version is refused, not silently overwritten. */
    version: integer("version").notNull().default(0),
    /** The blind inspection: the checklist as filled in, what it found, and what follows for the item. */
    checklist: jsonb("checklist").$type<Record<string, unknown>>(),
    inspectedGrade: sellGradeEnum("inspected_grade"),
    inspectionOutcome: text("inspection_outcome", { enum: ["accepted", "counteroffer", "refused"] }),
    /** The questions inspection found worse than the seller said, or the refusal's reason. */
    inspectionReasons: jsonb("inspection_reasons").$type<string[]>(),
    deviceIdentifier: text("device_identifier"),
    inspectedAt: at("inspected_at"),
    inspectedBy: uuid("inspected_by"),
  },
  (t) => [index("sale_items_sale_idx").on(t.saleUuid), index("sale_items_device_identifier_idx").on(t.deviceIdentifier)],
);

/**
 * A photo receiving took of a parcel's damage, kept in the database so that every instance serves
 * it: re-encoded on upload (metadata such as location stripped), bounded in size.
 */
export const saleParcelPhotos = pgTable(
  "sale_parcel_photos",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    saleUuid: uuid("sale_uuid")
      .notNull()
      .references(() => sales.uuid, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploadedBy: uuid("uploaded_by").notNull(),
    uploadedAt: at("uploaded_at").notNull().defaultNow(),
  },
  (t) => [index("sale_parcel_photos_sale_idx").on(t.saleUuid, t.uploadedAt), check("sale_parcel_photos_size", sql`octet_length(${t.bytes}) between 1 and 5242880`)],
);

/**
 * Devices reported lost or stolen, by IMEI or serial: a device on the list is refused at
 * inspection. Staff maintain it; a provider's register could stand behind the same lookup.
 */
export const blockedDevices = pgTable("blocked_devices", {
  identifier: text("identifier").primaryKey(),
  reason: text("reason").notNull(),
  addedBy: uuid("added_by"),
  addedAt: at("added_at").notNull().defaultNow(),
});

/** A parcel receiving could not match to a sale (no label, a label of no sale), kept until it is sorted out. */
export const unmatchedParcels = pgTable(
  "unmatched_parcels",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    code: text("code").notNull(),
    note: text("note"),
    receivedBy: uuid("received_by").notNull(),
    receivedAt: at("received_at").notNull().defaultNow(),
    resolvedAt: at("resolved_at"),
  },
  (t) => [index("unmatched_parcels_open_idx").on(t.receivedAt).where(sql`${t.resolvedAt} is null`)],
);

/** Every status change of a sale: who, when, why; the account's timeline and the back-office read it. */
export const saleEvents = pgTable(
  "sale_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    saleUuid: uuid("sale_uuid")
      .notNull()
      .references(() => sales.uuid, { onDelete: "cascade" }),
    fromStatus: saleStatusEnum("from_status"),
    toStatus: saleStatusEnum("to_status").notNull(),
    event: text("event").notNull(),
    actor: text("actor").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("sale_events_sale_idx").on(t.saleUuid, t.id)],
);

/**
 * A batch of payouts finance sends together: its bank transfers exported as one SEPA credit
 * transfer file (the same file however often it is exported), PayPal payouts listed apart.
 */
export const payoutBatches = pgTable("payout_batches", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  createdBy: uuid("created_by").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
  /** The sum of its payouts, to the cent, written with them. */
  total: integer("total").notNull(),
  executedAt: at("executed_at"),
  executedBy: uuid("executed_by"),
});

/** The money owed to a seller, written once when the sale's value is settled; sent by the back-office. */
export const payouts = pgTable(
  "payouts",
  {
    saleUuid: uuid("sale_uuid")
      .primaryKey()
      .references(() => sales.uuid, { onDelete: "cascade" }),
    method: payoutMethodEnum("method").notNull(),
    amount: integer("amount").notNull(),
    /** pending until sent; returned when the bank sent it back, pending again once the seller corrected the account. */
    status: text("status", { enum: ["pending", "sent", "returned"] }).notNull().default("pending"),
    /** The one batch it is sent in: one column of the payout's own row, so no sale is ever in two. */
    batchId: bigint("batch_id", { mode: "number" }).references(() => payoutBatches.id, { onDelete: "restrict" }),
    createdAt: at("created_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
  },
  (t) => [
    index("payouts_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The payouts export, by when the payout was made.
    index("payouts_created_idx").on(t.createdAt, t.saleUuid),
    index("payouts_batch_idx").on(t.batchId),
    check("payouts_amount", sql`${t.amount} >= 0`),
  ],
);

/** A sell coupon used by a customer's sale: once per customer. */
export const sellCouponUses = pgTable(
  "sell_coupon_uses",
  {
    code: text("code")
      .notNull()
      .references(() => sellCoupons.code),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    saleUuid: uuid("sale_uuid")
      .notNull()
      .references(() => sales.uuid, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.code, t.customerUuid] })],
);
