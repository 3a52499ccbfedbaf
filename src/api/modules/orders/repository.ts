import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { idempotencyKeyStatements } from "../../../db/idempotency-keys.ts";
import { legalAcceptanceStatements } from "../../../db/legal-acceptances.ts";
import { refreshProductStock } from "../../../db/product-stock.ts";
import { selectRows } from "../../../db/client.ts";
import { firstImageUrl } from "../../../db/catalogue-queries.ts";
import { products, productVariants } from "../../../db/schema/catalogue.ts";
import { cartItems, couponRedemptions, customerAddresses, orderEvents, orderItems, orderNumberSequence, orders, payments } from "../../../db/schema/orders.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { ADDRESS_BOOK_LIMIT } from "../../../domain/accounts/accounts.ts";
import { sameAddress, storedAddress } from "../../../domain/accounts/address-book.ts";
import type { Address } from "../../../domain/checkout/cart-rules.ts";
import type { OrderStatus } from "../../../domain/checkout/orders.ts";
import { lockCartRow } from "../../../db/cart-lock.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type NewOrder = typeof orders.$inferInsert;
type PaymentStatus = PaymentRow["status"];

/** Units of one grade an order takes: the stock rows are changed per group, in a fixed order. */
export interface StockGroup {
  productId: number;
  label: Grade;
  units: number;
  fullBatteryUnits: number;
}

/** Statements that must run inside the order's transaction. */
function createOrderWriter(db: Db) {
  return {
    ...idempotencyKeyStatements(db),
    ...legalAcceptanceStatements(db),

    /**
     * Takes the units in one conditional update: the row changes only when enough are left, so
     * concurrent orders can never take more than there is (no read-then-write). False when short.
     */
    async reserve(group: StockGroup): Promise<boolean> {
      const rows = await db
        .update(productVariants)
        .set({
          quantity: sql`${productVariants.quantity} - ${group.units}`,
          // Exactly what the order asked for, so a release gives back exactly that.
          fullBatteryQuantity: sql`${productVariants.fullBatteryQuantity} - ${group.fullBatteryUnits}`,
        })
        .where(
          and(
            eq(productVariants.productId, group.productId),
            eq(productVariants.label, group.label),
            sql`${productVariants.quantity} >= ${group.units}`,
            sql`${productVariants.fullBatteryQuantity} >= ${group.fullBatteryUnits}`,
          ),
        )
        .returning({ quantity: productVariants.quantity });
      return rows.length === 1;
    },
    async release(group: StockGroup): Promise<void> {
      await db
        .update(productVariants)
        .set({
          quantity: sql`${productVariants.quantity} + ${group.units}`,
          fullBatteryQuantity: sql`${productVariants.fullBatteryQuantity} + ${group.fullBatteryUnits}`,
        })
        .where(and(eq(productVariants.productId, group.productId), eq(productVariants.label, group.label)));
    },
    /** The product's cheapest in-stock price and in-stock grades, which lists filter on, follow its variants. */
    async refreshProductStock(productIds: number[]): Promise<void> {
      await refreshProductStock(db, productIds);
    },

    async nextOrderSequence(): Promise<number> {
      const [row] = await selectRows<{ n: string }>(db, sql`select nextval(${orderNumberSequence.seqName ?? "order_number_seq"}) as n`);
      return Number(row!.n);
    },
    async insertOrder(order: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning();
      return row!;
    },
    async insertItems(items: (typeof orderItems.$inferInsert)[]): Promise<void> {
      if (items.length) await db.insert(orderItems).values(items);
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
    /** The paid units leave the cart: one cart line per order item, the customer's other lines stay. */
    async removeOrderedFromCart(cartUuid: string, items: OrderItemRow[]): Promise<void> {
      for (const item of items) {
        const line = db
          .select({ uuid: cartItems.uuid })
          .from(cartItems)
          .where(and(eq(cartItems.cartUuid, cartUuid), eq(cartItems.productId, item.productId), eq(cartItems.label, item.label), eq(cartItems.withFullBattery, item.withFullBattery)))
          .limit(1);
        await db.delete(cartItems).where(inArray(cartItems.uuid, line));
      }
    },
  };
}
export type OrderWriter = ReturnType<typeof createOrderWriter>;

export function createOrderRepository(db: Db) {
  return {
    ...createOrderWriter(db),
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
    async events(orderUuid: string) {
      return db.select().from(orderEvents).where(eq(orderEvents.orderUuid, orderUuid)).orderBy(asc(orderEvents.id));
    },
    async ordersOfCustomer(customerUuid: string, offset: number, limit: number) {
      const rows = await db
        // Qualified by hand: drizzle writes a one-table select's columns without the table's name.
        .select({ order: orders, itemCount: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderUuid} = "orders"."uuid")` })
        .from(orders)
        .where(eq(orders.customerUuid, customerUuid))
        .orderBy(desc(orders.placedAt), desc(orders.uuid))
        .limit(limit)
        .offset(offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.customerUuid, customerUuid));
      return { rows, total: count?.n ?? 0 };
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
    /** The order's addresses join the customer's address book, unless it has them already or is full. */
    async saveAddresses(customerUuid: string, addresses: Address[]): Promise<void> {
      const existing = await db.select({ address: customerAddresses.address }).from(customerAddresses).where(eq(customerAddresses.customerUuid, customerUuid)).limit(ADDRESS_BOOK_LIMIT);
      const fresh: Address[] = [];
      for (const address of addresses.map(storedAddress)) {
        if (![...existing.map((e) => e.address), ...fresh].some((known) => sameAddress(known, address))) fresh.push(address);
      }
      const room = ADDRESS_BOOK_LIMIT - existing.length;
      if (fresh.length && room > 0) await db.insert(customerAddresses).values(fresh.slice(0, room).map((address) => ({ customerUuid, address })));
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
