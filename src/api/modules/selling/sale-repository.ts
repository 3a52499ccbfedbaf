import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import { categories, products } from "../../../db/schema/catalogue.ts";
import { containsText } from "../../../db/text-search.ts";
import { selectRows, type Db } from "../../../db/client.ts";
import { idempotencyKeyStatements } from "../../../db/idempotency-keys.ts";
import { legalAcceptanceStatements } from "../../../db/legal-acceptances.ts";
import { firstImages } from "../../../db/catalogue-queries.ts";
import { gradePurchasePricesOf } from "../../../db/purchase-prices.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { blockedDevices, payouts, saleEvents, saleItems, saleNumberSequence, sales, sellCartItems, sellCouponUses, unmatchedParcels } from "../../../db/schema/selling.ts";
import { formatSaleNumber, type SaleStatus } from "../../../domain/selling/sales.ts";
import { lockCartRow } from "../../../db/cart-lock.ts";
import { intakeUnit } from "../../../db/units.ts";
import { boughtUnit } from "../../../domain/stock/units.ts";
import { resetSellChoices } from "../../../db/cart-lines.ts";
import { payoutBatchStatements, payoutReads } from "./payout-repository.ts";
import { parcelPhotoReads, parcelPhotoStatements } from "./sale-photo-repository.ts";

export type SaleRow = typeof sales.$inferSelect;
export type SaleItemRow = typeof saleItems.$inferSelect;
export type NewSale = Omit<typeof sales.$inferInsert, "uuid" | "number" | "createdAt" | "updatedAt" | "status">;
export type NewSaleItem = Omit<typeof saleItems.$inferInsert, "uuid" | "saleUuid">;

/** Statements that run inside a sale's transaction. */
function createSaleWriter(db: Db) {
  return {
    ...idempotencyKeyStatements(db),
    ...legalAcceptanceStatements(db),
    ...payoutBatchStatements(db),
    ...parcelPhotoStatements(db),
    /** Locks the cart row (db/cart-lock.ts): checkouts and changes of one cart run one after the other; the row as it is now. */
    lockCart: (cartUuid: string) => lockCartRow(db, cartUuid),
    async insertSale(sale: NewSale): Promise<SaleRow> {
      const [next] = await selectRows<{ n: string }>(db, sql`select nextval(${saleNumberSequence.seqName ?? "sale_number_seq"}) as n`);
      const [row] = await db
        .insert(sales)
        .values({ ...sale, number: formatSaleNumber(Number(next!.n)) })
        .returning();
      return row!;
    },
    async insertItems(saleUuid: string, items: NewSaleItem[]): Promise<void> {
      if (items.length > 0) await db.insert(saleItems).values(items.map((item) => ({ ...item, saleUuid })));
    },
    async insertEvent(event: { saleUuid: string; fromStatus: SaleStatus | null; toStatus: SaleStatus; event: string; actor: string }): Promise<void> {
      await db.insert(saleEvents).values(event);
    },
    /** False when the customer used the coupon before: it holds once per customer. */
    async useCoupon(code: string, customerUuid: string, saleUuid: string): Promise<boolean> {
      const rows = await db.insert(sellCouponUses).values({ code, customerUuid, saleUuid }).onConflictDoNothing().returning({ code: sellCouponUses.code });
      return rows.length > 0;
    },
    async sellCartItems(cartUuid: string) {
      return db.select({ uuid: sellCartItems.uuid, price: sellCartItems.price, grade: sellCartItems.grade }).from(sellCartItems).where(eq(sellCartItems.cartUuid, cartUuid));
    },
    /** The sell side of the cart starts again; the buy side stays as it is. */
    async clearSellCart(cartUuid: string): Promise<void> {
      await db.delete(sellCartItems).where(eq(sellCartItems.cartUuid, cartUuid));
      await resetSellChoices(db, cartUuid);
    },
    async lockSale(uuid: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.uuid, uuid)).for("update");
      return row;
    },
    async setStatus(uuid: string, status: SaleStatus, change: Partial<Pick<SaleRow, "counterofferDeadline" | "payout">> = {}): Promise<void> {
      await db
        .update(sales)
        .set({ status, ...change, updatedAt: sql`now()` })
        .where(eq(sales.uuid, uuid));
    },
    async setCounteroffer(saleUuid: string, itemUuid: string, counteroffer: { grade: SaleItemRow["grade"]; price: number; reason: string }): Promise<boolean> {
      const rows = await db
        .update(saleItems)
        .set({ counterofferGrade: counteroffer.grade, counterofferPrice: counteroffer.price, counterofferReason: counteroffer.reason })
        .where(and(eq(saleItems.saleUuid, saleUuid), eq(saleItems.uuid, itemUuid)))
        .returning({ uuid: saleItems.uuid });
      return rows.length > 0;
    },
    /** Written once: a second settlement of the same sale changes nothing. */
    async insertPayout(saleUuid: string, method: SaleRow["payoutMethod"], amount: number): Promise<void> {
      await db.insert(payouts).values({ saleUuid, method, amount }).onConflictDoNothing();
    },
    async markPayoutSent(saleUuid: string): Promise<void> {
      await db.update(payouts).set({ status: "sent", sentAt: sql`now()` }).where(eq(payouts.saleUuid, saleUuid));
    },
    items: (saleUuid: string) => itemsOf(db, saleUuid),
    /** The settled sale's devices become units in stock (the units module's function), each at what the seller is paid for it. */
    async takeIntoStock(sale: SaleRow, items: SaleItemRow[], actor: string): Promise<void> {
      for (const item of items) {
        const bought = boughtUnit(item);
        if (!bought) continue;
        await intakeUnit(
          db,
          { productId: item.productId, grade: bought.grade, purchasePrice: bought.purchasePrice, source: "trade_in", saleItemUuid: item.uuid, identifier: item.deviceIdentifier, batteryHealth: batteryHealthOf(item.checklist) },
          { event: "trade_in", actor, detail: { sale: sale.number } },
        );
      }
    },
    /** Appends a staff action's audit row (db/audit-log.ts) in this transaction. */
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
    async recordReceipt(saleUuid: string, receipt: { by: string; note: string | null; at: Date }): Promise<void> {
      await db.update(sales).set({ receivedAt: receipt.at.toISOString(), receivedBy: receipt.by, receivingNote: receipt.note }).where(eq(sales.uuid, saleUuid));
    },
    async lockItem(saleUuid: string, itemUuid: string): Promise<SaleItemRow | undefined> {
      const [row] = await db.select().from(saleItems).where(and(eq(saleItems.saleUuid, saleUuid), eq(saleItems.uuid, itemUuid))).for("update");
      return row;
    },
    /** Saves an inspection over the version it was made on: false when another save came first. */
    async saveInspection(
      itemUuid: string,
      version: number,
      inspection: Pick<SaleItemRow, "checklist" | "inspectedGrade" | "inspectionOutcome" | "inspectionReasons" | "deviceIdentifier" | "inspectedBy"> & { inspectedAt: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(saleItems)
        // A new inspection replaces the last one's counteroffer; the service sets it again where it still holds.
        .set({ ...inspection, inspectedAt: inspection.inspectedAt.toISOString(), version: sql`${saleItems.version} + 1`, counterofferGrade: null, counterofferPrice: null, counterofferReason: null })
        .where(and(eq(saleItems.uuid, itemUuid), eq(saleItems.version, version)))
        .returning({ uuid: saleItems.uuid });
      return rows.length === 1;
    },
    /** The product facts an inspection is priced from: today's purchase price and the category's kind. */
    async productForInspection(productId: number) {
      const [row] = await db
        .select({ pricePurchase: products.pricePurchase, gradePrices: gradePurchasePricesOf(products.id), rootKind: categories.rootKind, imageKind: categories.imageKind })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.id, productId));
      return row;
    },
    async isBlocked(identifier: string): Promise<boolean> {
      const [row] = await db.select({ identifier: blockedDevices.identifier }).from(blockedDevices).where(eq(blockedDevices.identifier, identifier));
      return row !== undefined;
    },
    async addBlockedDevice(device: { identifier: string; reason: string; addedBy: string }): Promise<void> {
      await db.insert(blockedDevices).values(device).onConflictDoUpdate({ target: blockedDevices.identifier, set: { reason: device.reason, addedBy: device.addedBy } });
    },
    async insertUnmatchedParcel(parcel: { code: string; note: string | null; receivedBy: string }): Promise<number> {
      const [row] = await db.insert(unmatchedParcels).values(parcel).returning({ id: unmatchedParcels.id });
      return row!.id;
    },
  };
}
export type SaleWriter = ReturnType<typeof createSaleWriter>;

/**
 * A sale's number of items, for its row in the list. Spelled with its tables' names: drizzle writes
 * a single-table select's columns unqualified, and "uuid" inside the subquery would be the item's own.
 */
const ITEM_COUNT = sql<number>`(select count(*)::int from ${saleItems} where ${saleItems}.${sql.identifier(saleItems.saleUuid.name)} = ${sales}.${sql.identifier(sales.uuid.name)})`;

/** The battery health inspection measured, where the checklist has it. */
function batteryHealthOf(checklist: Record<string, unknown> | null): number | null {
  const value = checklist?.batteryHealthPercent;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 100 ? value : null;
}

async function itemsOf(db: Db, saleUuid: string): Promise<SaleItemRow[]> {
  return db.select().from(saleItems).where(eq(saleItems.saleUuid, saleUuid)).orderBy(asc(saleItems.name), asc(saleItems.uuid));
}

export function createSaleRepository(db: Db) {
  return {
    ...createSaleWriter(db),
    ...payoutReads(db),
    ...parcelPhotoReads(db),
    inTransaction<T>(work: (writer: SaleWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createSaleWriter(tx as unknown as Db)));
    },
    async sale(uuid: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.uuid, uuid));
      return row;
    },
    async list(customerUuid: string, offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ uuid: sales.uuid, number: sales.number, status: sales.status, createdAt: sales.createdAt, payout: sales.payout, itemCount: ITEM_COUNT })
          .from(sales)
          .where(eq(sales.customerUuid, customerUuid))
          .orderBy(desc(sales.createdAt), desc(sales.uuid))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(sales).where(eq(sales.customerUuid, customerUuid)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async events(saleUuid: string) {
      return db.select().from(saleEvents).where(eq(saleEvents.saleUuid, saleUuid)).orderBy(asc(saleEvents.id));
    },
    async images(productIds: number[]) {
      return firstImages(db, productIds);
    },
    async seller(customerUuid: string) {
      const [row] = await db.select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.uuid, customerUuid));
      return row;
    },
    async payout(saleUuid: string) {
      const [row] = await db.select().from(payouts).where(eq(payouts.saleUuid, saleUuid));
      return row;
    },
    /** The back-office's list: by status, seller and age, oldest first. */
    async opsList(filter: { status?: SaleStatus; customer?: string; createdBefore?: Date }, offset: number, limit: number) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(sales.status, filter.status));
      if (filter.customer) where.push(containsText(customers.email, filter.customer));
      if (filter.createdBefore) where.push(lte(sales.createdAt, filter.createdBefore.toISOString()));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            uuid: sales.uuid,
            number: sales.number,
            status: sales.status,
            createdAt: sales.createdAt,
            customerEmail: customers.email,
            itemCount: ITEM_COUNT,
            parcels: sales.parcels,
            carrier: sales.carrier,
            expressFee: sales.expressFee,
          })
          .from(sales)
          .innerJoin(customers, eq(customers.uuid, sales.customerUuid))
          .where(condition)
          .orderBy(asc(sales.createdAt), asc(sales.uuid))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(sales).innerJoin(customers, eq(customers.uuid, sales.customerUuid)).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async saleByNumber(number: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.number, number));
      return row;
    },
    async staffEmails(uuids: string[]): Promise<Map<string, string>> {
      if (uuids.length === 0) return new Map();
      const rows = await db.select({ uuid: customers.uuid, email: customers.email }).from(customers).where(inArray(customers.uuid, uuids));
      return new Map(rows.map((r) => [r.uuid, r.email]));
    },
    async unmatchedParcels() {
      return db
        .select({ id: unmatchedParcels.id, code: unmatchedParcels.code, note: unmatchedParcels.note, receivedAt: unmatchedParcels.receivedAt, receivedByEmail: customers.email })
        .from(unmatchedParcels)
        .leftJoin(customers, eq(customers.uuid, unmatchedParcels.receivedBy))
        .where(isNull(unmatchedParcels.resolvedAt))
        .orderBy(asc(unmatchedParcels.receivedAt));
    },
    async blockedDevices() {
      return db.select({ identifier: blockedDevices.identifier, reason: blockedDevices.reason, addedAt: blockedDevices.addedAt }).from(blockedDevices).orderBy(desc(blockedDevices.addedAt));
    },
    /** Counteroffers whose fortnight is over: silence accepts them. */
    async overdueCounteroffers(now: Date): Promise<string[]> {
      const rows = await db
        .select({ uuid: sales.uuid })
        .from(sales)
        .where(and(eq(sales.status, "counteroffer"), lte(sales.counterofferDeadline, now.toISOString())));
      return rows.map((r) => r.uuid);
    },
    /** Claims the reminders due now: each sale's is claimed once, by one instance. */
    async claimDueReminders(dueBy: Date): Promise<string[]> {
      const rows = await db
        .update(sales)
        .set({ counterofferRemindedAt: sql`now()` })
        .where(and(eq(sales.status, "counteroffer"), isNull(sales.counterofferRemindedAt), lte(sales.counterofferDeadline, dueBy.toISOString())))
        .returning({ uuid: sales.uuid });
      return rows.map((r) => r.uuid);
    },
  };
}
export type SaleRepository = ReturnType<typeof createSaleRepository>;
