import { and, arrayContains, count, desc, eq, isNull, sql } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { firstImageUrl, productCardColumns } from "../../../db/catalogue-queries.ts";
import { setVariantPrice } from "../../../db/product-stock.ts";
import { countStock } from "../../../db/units.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { buyAlerts, wishlistItems } from "../../../db/schema/alerts.ts";
import { products, productVariants } from "../../../db/schema/catalogue.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";

const productCard = { ...productCardColumns, imageUrl: firstImageUrl() };

export function createAlertRepository(db: Db) {
  // Every page of a customer counts both (the header's badges): one statement, prepared once.
  const countsOf = db
    .select({
      buyAlerts: sql<number>`(select count(*)::int from ${buyAlerts} where ${buyAlerts.customerUuid} = ${sql.placeholder("customerUuid")} and ${buyAlerts.notifiedAt} is null)`,
      wishlistItems: sql<number>`(select count(*)::int from ${wishlistItems} where ${wishlistItems.customerUuid} = ${sql.placeholder("customerUuid")})`,
    })
    .from(sql`(select 1) as one`)
    .prepare("customer_alert_counts");
  return {
    /** Waiting buy alerts and wishlist items of a customer. */
    async counts(customerUuid: string): Promise<{ buyAlerts: number; wishlistItems: number }> {
      const [row] = await countsOf.execute({ customerUuid });
      return row ?? { buyAlerts: 0, wishlistItems: 0 };
    },
    async product(id: number) {
      const [row] = await db.select({ id: products.id, name: products.name, slug: products.slug, priceMin: products.priceMin, bluePrice: products.bluePrice }).from(products).where(eq(products.id, id));
      return row;
    },
    async variants(productId: number) {
      return db.select({ label: productVariants.label, price: productVariants.price, quantity: productVariants.quantity }).from(productVariants).where(eq(productVariants.productId, productId));
    },
    async customer(uuid: string) {
      const [row] = await db.select({ email: customers.email, firstName: customers.firstName, locale: customers.locale }).from(customers).where(eq(customers.uuid, uuid));
      return row;
    },

    // Wishlist
    async wish(customerUuid: string, productId: number, price: number): Promise<void> {
      await db.insert(wishlistItems).values({ customerUuid, productId, priceWhenAdded: price }).onConflictDoNothing();
    },
    async unwish(customerUuid: string, productId: number): Promise<void> {
      await db.delete(wishlistItems).where(and(eq(wishlistItems.customerUuid, customerUuid), eq(wishlistItems.productId, productId)));
    },
    async wishlistCount(customerUuid: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.customerUuid, customerUuid));
      return row?.n ?? 0;
    },
    async wishlistProductIds(customerUuid: string, productIds: number[]): Promise<number[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({ id: wishlistItems.productId })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.customerUuid, customerUuid), sql`${wishlistItems.productId} in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`));
      return rows.map((r) => r.id);
    },
    /** A page of the wishlist, newest first, optionally only what is in stock or in a category. */
    async wishlist(customerUuid: string, filter: { inStock?: boolean | undefined; categoryId?: number | undefined }, offset: number, limit: number) {
      const where = and(
        eq(wishlistItems.customerUuid, customerUuid),
        filter.inStock ? sql`${products.priceMin} is not null` : undefined,
        filter.categoryId === undefined ? undefined : arrayContains(products.groupIds, [filter.categoryId]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...productCard, priceWhenAdded: wishlistItems.priceWhenAdded, addedAt: wishlistItems.addedAt })
          .from(wishlistItems)
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .where(where)
          .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(wishlistItems).innerJoin(products, eq(products.id, wishlistItems.productId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async wishlistItem(customerUuid: string, productId: number) {
      const [row] = await db
        .select({ priceWhenAdded: wishlistItems.priceWhenAdded, notifiedPrice: wishlistItems.notifiedPrice })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.customerUuid, customerUuid), eq(wishlistItems.productId, productId)));
      return row;
    },
    async markPriceNotified(customerUuid: string, productId: number, price: number): Promise<void> {
      await db.update(wishlistItems).set({ notifiedPrice: price }).where(and(eq(wishlistItems.customerUuid, customerUuid), eq(wishlistItems.productId, productId)));
    },
    /** After a price-drop mail: the price it was about, unless the customer unsubscribed meanwhile (0 stays). */
    async markPriceMailed(customerUuid: string, productId: number, price: number): Promise<void> {
      await db
        .update(wishlistItems)
        .set({ notifiedPrice: price })
        .where(and(eq(wishlistItems.customerUuid, customerUuid), eq(wishlistItems.productId, productId), sql`${wishlistItems.notifiedPrice} is distinct from 0`));
    },
    /** Wished products now cheaper than when wished (or than the last mail said), not yet mailed about at this price. */
    async priceDrops(limit: number): Promise<{ customerUuid: string; productId: number }[]> {
      return db
        .select({ customerUuid: wishlistItems.customerUuid, productId: wishlistItems.productId })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(sql`${products.priceMin} < coalesce(${wishlistItems.notifiedPrice}, ${wishlistItems.priceWhenAdded})`)
        .limit(limit);
    },

    // Buy alerts
    async upsertAlert(alert: { customerUuid: string; productId: number; variants: Grade[] | null; searchUuid: string | null }) {
      const [row] = await db
        .insert(buyAlerts)
        .values(alert)
        .onConflictDoUpdate({ target: [buyAlerts.customerUuid, buyAlerts.productId], set: { variants: alert.variants, searchUuid: alert.searchUuid, notifiedAt: null, createdAt: sql`now()` } })
        .returning();
      return row!;
    },
    async deleteAlert(customerUuid: string, productId: number): Promise<boolean> {
      const rows = await db.delete(buyAlerts).where(and(eq(buyAlerts.customerUuid, customerUuid), eq(buyAlerts.productId, productId))).returning({ uuid: buyAlerts.uuid });
      return rows.length > 0;
    },
    async deleteAlertByUuid(uuid: string): Promise<void> {
      await db.delete(buyAlerts).where(eq(buyAlerts.uuid, uuid));
    },
    async alertCount(customerUuid: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(buyAlerts).where(and(eq(buyAlerts.customerUuid, customerUuid), isNull(buyAlerts.notifiedAt)));
      return row?.n ?? 0;
    },
    async alerts(customerUuid: string) {
      return db
        .select({ uuid: buyAlerts.uuid, variants: buyAlerts.variants, createdAt: buyAlerts.createdAt, notifiedAt: buyAlerts.notifiedAt, product: productCard })
        .from(buyAlerts)
        .innerJoin(products, eq(products.id, buyAlerts.productId))
        .where(eq(buyAlerts.customerUuid, customerUuid))
        .orderBy(desc(buyAlerts.createdAt), desc(buyAlerts.uuid));
    },
    async alertOf(customerUuid: string, productId: number) {
      const [row] = await db.select({ variants: buyAlerts.variants, notifiedAt: buyAlerts.notifiedAt }).from(buyAlerts).where(and(eq(buyAlerts.customerUuid, customerUuid), eq(buyAlerts.productId, productId)));
      return row;
    },
    async alert(uuid: string) {
      const [row] = await db.select().from(buyAlerts).where(eq(buyAlerts.uuid, uuid));
      return row;
    },
    /** Waiting alerts whose product has a unit of an asked-for grade again. */
    async alertsBackInStock(limit: number): Promise<string[]> {
      const rows = await db
        .select({ uuid: buyAlerts.uuid })
        .from(buyAlerts)
        .where(
          and(
            isNull(buyAlerts.notifiedAt),
            sql`exists (select 1 from ${productVariants} v where v.product_id = ${buyAlerts.productId} and v.quantity > 0 and (${buyAlerts.variants} is null or v.label = any(${buyAlerts.variants})))`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.uuid);
    },
    /** Marks the alert done, if it is still the one the mail was about (not changed meanwhile); false otherwise. */
    async markAlertNotified(uuid: string, createdAt: string): Promise<boolean> {
      const rows = await db
        .update(buyAlerts)
        .set({ notifiedAt: sql`now()` })
        .where(and(eq(buyAlerts.uuid, uuid), isNull(buyAlerts.notifiedAt), eq(buyAlerts.createdAt, createdAt)))
        .returning({ uuid: buyAlerts.uuid });
      return rows.length > 0;
    },

    // Operations
    /** A stock change and its audit row in one transaction: both happen, or neither. */
    inTransaction<T>(work: (writer: StockWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createStockWriter(tx as unknown as Db)));
    },
  };
}
export type AlertRepository = ReturnType<typeof createAlertRepository>;

/** Staff's stock changes, in the caller's transaction. */
function createStockWriter(db: Db) {
  return {
    /** A grade's stock and price, locked until the transaction ends; undefined when the product has no such grade. */
    async variantForUpdate(productId: number, label: Grade): Promise<{ quantity: number; price: number } | undefined> {
      const [row] = await db
        .select({ quantity: productVariants.quantity, price: productVariants.price })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)))
        .for("update");
      return row;
    },

    /** A grade's price, set through the products module's function. */
    setPrice: (productId: number, label: Grade, price: number) => setVariantPrice(db, productId, label, price),
    /**
     * A grade's stock as counted, through the units module's function: units found are added at the
     * product's trade-in price (what such a unit costs), units missing are written off.
     */
    async countStock(productId: number, label: Grade, quantity: number, actor: string): Promise<void> {
      const [product] = await db.select({ pricePurchase: products.pricePurchase }).from(products).where(eq(products.id, productId));
      await countStock(db, { productId, grade: label }, { quantity }, product?.pricePurchase ?? 0, { event: "stock_count", actor });
    },

    /** Appends a staff action's audit row in this transaction. */
    audit(actor: AuditActor, entry: AuditEntry): Promise<void> {
      return appendAudit(db, actor, entry);
    },
  };
}
export type StockWriter = ReturnType<typeof createStockWriter>;
