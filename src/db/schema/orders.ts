import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgEnum, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Address } from "../../domain/checkout/cart-rules.ts";
import { REFUND_STATUSES } from "../../domain/checkout/orders.ts";
import { CARRIERS } from "../../domain/selling/sell-cart-rules.ts";
import { customers } from "./accounts.ts";
import { coupons, gradeEnum, products } from "./catalogue.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

export const deliveryMethodEnum = pgEnum("delivery_method", ["standard", "express"]);
export const paymentMethodEnum = pgEnum("payment_method", ["sandbox", "prepayment", "stripe"]);
export const orderStatusEnum = pgEnum("order_status", ["pending_payment", "awaiting_transfer", "paid", "cancelled", "picked", "shipped", "delivered"]);
export const paymentStatusEnum = pgEnum("payment_status", ["pending", "approved", "declined", "abandoned", "expired"]);

/**
 * A buy cart: a visitor's behind a cookie (only its token's hash is stored), or a customer's
 * (one per customer; a visitor's cart is merged into it at login). The checkout's choices live
 * on the cart until the order is placed, so every instance sees the same checkout.
 */
export const carts = pgTable(
  "carts",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    tokenHash: text("token_hash"),
    customerUuid: uuid("customer_uuid").references(() => customers.uuid, { onDelete: "cascade" }),
    couponCode: text("coupon_code"),
    insurance: boolean("insurance").notNull().default(false),
    deliveryMethod: deliveryMethodEnum("delivery_method").notNull().default("standard"),
    paymentMethod: paymentMethodEnum("payment_method"),
    /** Guest checkout's e-mail; customers use their account's. */
    email: text("email"),
    billingAddress: jsonb("billing_address").$type<Address>(),
    deliveryAddress: jsonb("delivery_address").$type<Address>(),
    /** The sell side's choices: its coupon, express inspection, carrier and number of parcels. */
    sellCouponCode: text("sell_coupon_code"),
    expressGrading: boolean("express_grading").notNull().default(false),
    carrier: text("carrier", { enum: CARRIERS }).notNull().default("dhl"),
    parcels: integer("parcels").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_token_idx").on(t.tokenHash),
    uniqueIndex("carts_customer_idx").on(t.customerUuid),
    index("carts_updated_idx").on(t.updatedAt),
    check("carts_owner", sql`${t.tokenHash} is not null or ${t.customerUuid} is not null`),
  ],
);

/** One unit of one grade. Stock is not held by carts: only a placed order reserves units. */
export const cartItems = pgTable(
  "cart_items",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    cartUuid: uuid("cart_uuid")
      .notNull()
      .references(() => carts.uuid, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    label: gradeEnum("label").notNull(),
    withFullBattery: boolean("with_full_battery").notNull().default(false),
    /** The search the product was found by, for conversion statistics. */
    searchUuid: uuid("search_uuid"),
    addedAt: at("added_at").notNull().defaultNow(),
  },
  (t) => [index("cart_items_cart_idx").on(t.cartUuid, t.addedAt)],
);

export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 1000 });

export const orders = pgTable(
  "orders",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    customerUuid: uuid("customer_uuid").references(() => customers.uuid, { onDelete: "set null" }),
    /** The cart the order came from: emptied when the order is paid, kept when payment fails. */
    cartUuid: uuid("cart_uuid").references(() => carts.uuid, { onDelete: "set null" }),
    email: text("email").notNull(),
    locale: text("locale").notNull(),
    status: orderStatusEnum("status").notNull(),
    paymentMethod: paymentMethodEnum("payment_method").notNull(),
    deliveryMethod: deliveryMethodEnum("delivery_method").notNull(),
    billingAddress: jsonb("billing_address").$type<Address>().notNull(),
    deliveryAddress: jsonb("delivery_address").$type<Address>().notNull(),
    couponCode: text("coupon_code"),
    itemsTotal: integer("items_total").notNull(),
    discountTotal: integer("discount_total").notNull(),
    insurancePrice: integer("insurance_price").notNull(),
    shippingPrice: integer("shipping_price").notNull(),
    total: integer("total").notNull(),
    /** What has been given back so far (refunds succeeded, pending or to be transferred); never more than the total paid. */
    refundedTotal: integer("refunded_total").notNull().default(0),
    dispatchDaysMin: integer("dispatch_days_min").notNull(),
    dispatchDaysMax: integer("dispatch_days_max").notNull(),
    /** Until when the payment may arrive before the units go back on sale. */
    paymentDeadline: at("payment_deadline").notNull(),
    /** The parcel as fulfilment sent it: carrier and tracking number, and when it left and arrived. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: at("shipped_at"),
    deliveredAt: at("delivered_at"),
    /** A replacement sent for a warranty claim (nothing to pay): the claim's number. */
    replacementFor: text("replacement_for"),
    placedAt: at("placed_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_number_idx").on(t.number),
    index("orders_customer_idx").on(t.customerUuid, t.placedAt.desc()),
    index("orders_cart_idx").on(t.cartUuid),
    index("orders_open_deadline_idx").on(t.paymentDeadline).where(sql`${t.status} in ('pending_payment', 'awaiting_transfer')`),
    // Finance's period exports read orders by when they were placed, and the margin report by when they left, in keyset order.
    index("orders_placed_idx").on(t.placedAt, t.uuid),
    index("orders_shipped_idx").on(t.shippedAt, t.uuid).where(sql`${t.shippedAt} is not null`),
    // The last word on refunds: however many run at once, together they never give back more than was paid.
    check("orders_refunded_within_total", sql`${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.total}`),
  ],
);

/** One unit sold, with what it cost at the time: the catalogue may change, the order does not. */
export const orderItems = pgTable(
  "order_items",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    orderUuid: uuid("order_uuid")
      .notNull()
      .references(() => orders.uuid, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    label: gradeEnum("label").notNull(),
    withFullBattery: boolean("with_full_battery").notNull(),
    price: integer("price").notNull(),
    discount: integer("discount").notNull(),
    vatScheme: text("vat_scheme", { enum: ["margin", "standard"] }).notNull(),
    /** The unit sold and, for the margin scheme (§25a UStG), what it cost, the margin and the VAT within it — fixed at sale. */
    unitId: integer("unit_id"),
    purchasePrice: integer("purchase_price"),
    margin: integer("margin"),
    vatAmount: integer("vat_amount"),
  },
  (t) => [index("order_items_order_idx").on(t.orderUuid)],
);

/** Every status change of an order: who, when and why, for the account's timeline and the back-office. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderUuid: uuid("order_uuid")
      .notNull()
      .references(() => orders.uuid, { onDelete: "cascade" }),
    fromStatus: orderStatusEnum("from_status"),
    toStatus: orderStatusEnum("to_status").notNull(),
    event: text("event").notNull(),
    actor: text("actor").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderUuid, t.id),
    // Sales per day on the dashboard count orders by the moment they were paid.
    index("order_events_paid_idx").on(t.at).where(sql`${t.toStatus} = 'paid'`),
  ],
);

/** One attempt to pay an order with a provider; the provider's reference finds it again from a webhook. */
export const payments = pgTable(
  "payments",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    orderUuid: uuid("order_uuid")
      .notNull()
      .references(() => orders.uuid, { onDelete: "cascade" }),
    provider: paymentMethodEnum("provider").notNull(),
    status: paymentStatusEnum("status").notNull().default("pending"),
    amount: integer("amount").notNull(),
    externalRef: text("external_ref"),
    redirectUrl: text("redirect_url"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("payments_order_idx").on(t.orderUuid), uniqueIndex("payments_external_idx").on(t.provider, t.externalRef)],
);

/**
 * Money given back for an order: through its payment provider, or for a bank-transfer order as an
 * outgoing transfer finance still has to send ("to_transfer"). Written in the same transaction that
 * raises the order's refunded_total; the idempotency key makes a repeated request the same refund.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    orderUuid: uuid("order_uuid")
      .notNull()
      .references(() => orders.uuid, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    /** The order items refunded and how much of each, when the refund is per item. */
    items: jsonb("items").$type<{ orderItemUuid: string; amount: number }[]>(),
    provider: paymentMethodEnum("provider").notNull(),
    providerRef: text("provider_ref"),
    status: text("status", { enum: REFUND_STATUSES }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The staff member's account, or null when the customer cancelled. */
    createdBy: uuid("created_by"),
    createdAt: at("created_at").notNull().defaultNow(),
    /** The payout batch (its SEPA file) an outgoing transfer goes out with: joined once, like a seller's payout. */
    batchId: bigint("batch_id", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("order_refunds_idempotency_idx").on(t.idempotencyKey),
    index("order_refunds_order_idx").on(t.orderUuid, t.createdAt),
    index("order_refunds_to_transfer_idx").on(t.createdAt).where(sql`${t.status} = 'to_transfer'`),
    // The refunds export and the margin report's corrections, by when the refund was made.
    index("order_refunds_created_idx").on(t.createdAt, t.uuid),
    check("order_refunds_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * A state-changing request's Idempotency-Key: stored with the request's hash in the transaction
 * that does the work, and with its answer once known. A replay gets the same answer; the same key
 * with another body is refused.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** A coupon used by an order; once-per-customer coupons are unique per e-mail (guests included). */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    couponCode: text("coupon_code")
      .notNull()
      .references(() => coupons.code),
    email: text("email").notNull(),
    orderUuid: uuid("order_uuid")
      .notNull()
      .references(() => orders.uuid, { onDelete: "cascade" }),
    /** Cleared when the order is cancelled, so the coupon can be used again. */
    active: boolean("active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.orderUuid] }), index("coupon_redemptions_email_idx").on(t.couponCode, t.email)],
);

/** A customer's address book: addresses saved by hand or from their orders, offered at checkout. */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    address: jsonb("address").$type<Address>().notNull(),
    defaultBilling: boolean("default_billing").notNull().default(false),
    defaultDelivery: boolean("default_delivery").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("customer_addresses_customer_idx").on(t.customerUuid, t.createdAt),
    // At most one default of each kind per customer.
    uniqueIndex("customer_addresses_default_billing_idx").on(t.customerUuid).where(sql`${t.defaultBilling}`),
    uniqueIndex("customer_addresses_default_delivery_idx").on(t.customerUuid).where(sql`${t.defaultDelivery}`),
  ],
);
