import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { idempotencyKeyStatements } from "../../../db/idempotency-keys.ts";
import { legalAcceptanceStatements } from "../../../db/legal-acceptances.ts";
import { releaseUnits, reserveUnits, type UnitMove } from "../../../db/units.ts";
import type { StockKey } from "../../../domain/stock/units.ts";
import { removeCartLines } from "../../../db/cart-lines.ts";
import { rememberAddresses } from "../../../db/address-book.ts";
import { selectRows } from "../../../db/client.ts";
import { firstImageUrl } from "../../../db/catalogue-queries.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { cartItems, couponRedemptions, orderEvents, orderItems, orderNumberSequence, orderRefunds, orders, payments } from "../../../db/schema/orders.ts";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import type { Address } from "../../../domain/checkout/cart-rules.ts";
import type { OrderStatus } from "../../../domain/checkout/orders.ts";
import { lockCartRow } from "../../../db/cart-lock.ts";
import { fulfilmentReads, fulfilmentStatements } from "./fulfilment-repository.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;
type NewOrder = typeof orders.$inferInsert;
type PaymentStatus = PaymentRow["status"];


/** Statements that must run inside the order's transaction. */
function createOrderWriter(db: Db) {
  return {
    ...idempotencyKeyStatements(db),
    ...fulfilmentStatements(db),
    ...legalAcceptanceStatements(db),

    /** Reserves units of one grade for these items (the units module's function, counters included); null when short. */
    reserveUnits: (key: StockKey, items: { orderItemUuid: string; withFullBattery: boolean }[], move: UnitMove) => reserveUnits(db, key, items, move),
    /** The units of these items go back on sale. */
    releaseUnits: (orderItemUuids: string[], move: UnitMove) => releaseUnits(db, orderItemUuids, move),
    /** The unit each item got, and the margin and VAT fixed with it. */
    async setItemUnits(assignments: { orderItemUuid: string; unitId: number; purchasePrice: number; margin: number; vatAmount: number }[]): Promise<void> {
      for (const a of assignments) {
        await db.update(orderItems).set({ unitId: a.unitId, purchasePrice: a.purchasePrice, margin: a.margin, vatAmount: a.vatAmount }).where(eq(orderItems.uuid, a.orderItemUuid));
      }
    },

    async nextOrderSequence(): Promise<number> {
      const [row] = await selectRows<{ n: string }>(db, sql`select nextval(${orderNumberSequence.seqName ?? "order_number_seq"}) as n`);
      return Number(row!.n);
    },
    async insertOrder(order: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning();
      return row!;
    },
    async insertItems(items: (typeof orderItems.$inferInsert)[]): Promise<OrderItemRow[]> {
      return items.length ? db.insert(orderItems).values(items).returning() : [];
    },
    async insertEvent(event: typeof orderEvents.$inferInsert): Promise<void> {
      await db.insert(orderEvents).values(event);
    },
    async insertPayment(payment: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(payment).returning();
      return row!;
    },
    /**
     * Records a coupon's use; for a once-per-customer coupon only when this e-mail has no live use
     * yet. The advisory lock makes two orders of one e-mail at once take turns. False when used.
     */
    async redeemCoupon(code: string, email: string, orderUuid: string, oncePerCustomer: boolean): Promise<boolean> {
      if (oncePerCustomer) {
        await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coupon:${code}:${email}`}))`);
        const [used] = await db
          .select({ one: sql`1` })
          .from(couponRedemptions)
          .where(and(eq(couponRedemptions.couponCode, code), eq(couponRedemptions.email, email), eq(couponRedemptions.active, true)))
          .limit(1);
        if (used) return false;
      }
      await db.insert(couponRedemptions).values({ couponCode: code, email, orderUuid });
      return true;
    },
    async freeCoupon(orderUuid: string): Promise<void> {
      await db.update(couponRedemptions).set({ active: false }).where(eq(couponRedemptions.orderUuid, orderUuid));
    },
    /** The order, locked until the transaction ends: its transitions happen one at a time. */
    async lockOrder(uuid: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.uuid, uuid)).for("update");
      return row;
    },
    /** Holds the cart's row until the transaction ends (db/cart-lock.ts): placements and changes of one cart take turns. */
    async lockCart(cartUuid: string): Promise<void> {
      await lockCartRow(db, cartUuid);
    },
    /** The cart's lines as they are now, inside the transaction. */
    async cartItemUuids(cartUuid: string): Promise<string[]> {
      return (await db.select({ uuid: cartItems.uuid }).from(cartItems).where(eq(cartItems.cartUuid, cartUuid))).map((r) => r.uuid);
    },
    /** Card payments still open for this cart: a new order from it replaces them. A bank-transfer order stands on its own. */
    async openPaymentsOfCart(cartUuid: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.cartUuid, cartUuid), eq(orders.status, "pending_payment")))
        .for("update");
    },
    async setOrderStatus(uuid: string, status: OrderStatus): Promise<void> {
      await db.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.uuid, uuid));
    },
    async itemsOf(orderUuid: string): Promise<OrderItemRow[]> {
      return db.select().from(orderItems).where(eq(orderItems.orderUuid, orderUuid)).orderBy(asc(orderItems.uuid));
    },
    async setPaymentsOfOrder(orderUuid: string, status: PaymentStatus, onlyPending = true): Promise<void> {
      await db
        .update(payments)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(payments.orderUuid, orderUuid), onlyPending ? eq(payments.status, "pending") : sql`true`));
    },
    async setPaymentStatus(uuid: string, status: PaymentStatus): Promise<void> {
      await db.update(payments).set({ status, updatedAt: sql`now()` }).where(eq(payments.uuid, uuid));
    },
    /** The payment that took the order's money, if one did (the latest, should there be two). */
    async approvedPayment(orderUuid: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderUuid, orderUuid), eq(payments.status, "approved")))
        .orderBy(desc(payments.updatedAt))
        .limit(1);
      return row;
    },
    /** What earlier refunds of the order gave back per item (refunds per item only). */
    async refundedPerItem(orderUuid: string): Promise<Map<string, number>> {
      const rows = await db.select({ items: orderRefunds.items }).from(orderRefunds).where(eq(orderRefunds.orderUuid, orderUuid));
      const refunded = new Map<string, number>();
      for (const { items } of rows) for (const item of items ?? []) refunded.set(item.orderItemUuid, (refunded.get(item.orderItemUuid) ?? 0) + item.amount);
      return refunded;
    },
    async refundByKey(idempotencyKey: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, idempotencyKey));
      return row;
    },
    /**
     * Records a refund and counts it on its order, whose row the caller holds locked. The order's
     * CHECK refuses a refunded total above the total paid: then this throws and nothing is counted.
     */
    async insertRefund(refund: typeof orderRefunds.$inferInsert): Promise<RefundRow> {
      const [row] = await db.insert(orderRefunds).values(refund).returning();
      await db.update(orders).set({ refundedTotal: sql`${orders.refundedTotal} + ${refund.amount}`, updatedAt: sql`now()` }).where(eq(orders.uuid, refund.orderUuid));
      return row!;
    },
    async setRefundOutcome(uuid: string, outcome: { providerRef: string; status: RefundRow["status"] }): Promise<RefundRow> {
      const [row] = await db.update(orderRefunds).set(outcome).where(eq(orderRefunds.uuid, uuid)).returning();
      return row!;
    },
    /** Appends a staff action's audit row (db/audit-log.ts) in this transaction. */
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
    /** The paid units leave the cart (the cart module's function): one cart line per order item, the customer's other lines stay. */
    removeOrderedFromCart: (cartUuid: string, items: OrderItemRow[]) => removeCartLines(db, cartUuid, items),
  };
}
export type OrderWriter = ReturnType<typeof createOrderWriter>;
/** The order statements inside another module's transaction (a return's refund). */
export const orderWriterOf = (db: Db): OrderWriter => createOrderWriter(db);

export function createOrderRepository(db: Db) {
  // A customer's account page lists their orders on every visit: prepared once.
  const customerOrders = db
    // Qualified by hand: drizzle writes a one-table select's columns without the table's name.
    .select({
      order: orders,
      itemCount: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderUuid} = "orders"."uuid")`,
      // Counted before the page is cut from them: the total comes with the page, in one statement.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.customerUuid, sql.placeholder("customerUuid")))
    .orderBy(desc(orders.placedAt), desc(orders.uuid))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("customer_orders");
  const customerOrderCount = db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.customerUuid, sql.placeholder("customerUuid")))
    .prepare("customer_order_count");
  return {
    ...createOrderWriter(db),
    ...fulfilmentReads(db),
    inTransaction<T>(work: (writer: OrderWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createOrderWriter(tx as unknown as Db)));
    },
    async order(uuid: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.uuid, uuid));
      return row;
    },
    async itemsWithImages(orderUuid: string) {
      return db
        .select({
          uuid: orderItems.uuid,
          productId: orderItems.productId,
          name: orderItems.name,
          slug: products.slug,
          label: orderItems.label,
          withFullBattery: orderItems.withFullBattery,
          price: orderItems.price,
          discount: orderItems.discount,
          vatScheme: orderItems.vatScheme,
          imageUrl: firstImageUrl(orderItems.productId),
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderUuid, orderUuid))
        .orderBy(asc(orderItems.uuid));
    },
    async refund(uuid: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.uuid, uuid));
      return row;
    },
    async events(orderUuid: string) {
      return db.select().from(orderEvents).where(eq(orderEvents.orderUuid, orderUuid)).orderBy(asc(orderEvents.id));
    },
    async ordersOfCustomer(customerUuid: string, offset: number, limit: number) {
      const rows = await customerOrders.execute({ customerUuid, limit, offset });
      // A page past the last has no row to carry the total: only then is it counted on its own.
      const total = rows[0]?.total ?? (offset === 0 ? 0 : ((await customerOrderCount.execute({ customerUuid }))[0]?.n ?? 0));
      return { rows, total };
    },
    async payment(uuid: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.uuid, uuid));
      return row;
    },
    async paymentByExternalRef(provider: PaymentRow["provider"], externalRef: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.externalRef, externalRef)));
      return row;
    },
    async setPaymentRedirect(uuid: string, externalRef: string, redirectUrl: string): Promise<void> {
      await db.update(payments).set({ externalRef, redirectUrl, updatedAt: sql`now()` }).where(eq(payments.uuid, uuid));
    },
    /** Open orders whose payment deadline passed: what the expiry job cancels. */
    async overdueOrders(now: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(inArray(orders.status, ["pending_payment", "awaiting_transfer"]), lt(orders.paymentDeadline, now.toISOString())))
        .orderBy(asc(orders.paymentDeadline))
        .limit(limit);
    },
    /** The order's addresses join the customer's address book (the accounts module's function). */
    saveAddresses: (customerUuid: string, addresses: Address[]) => rememberAddresses(db, customerUuid, addresses),
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
