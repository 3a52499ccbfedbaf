import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import { selectRows, type Db } from "../../../db/client.ts";
import { firstImageUrl } from "../../../db/catalogue-queries.ts";
import { addOrderTimelineEvent, placeReplacementOrder } from "../../../db/order-timeline.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { orderItems, orderRefunds, orders } from "../../../db/schema/orders.ts";
import { claimNumberSequence, returnItems, returnNumberSequence, returns, warrantyClaimPhotos, warrantyClaims } from "../../../db/schema/returns.ts";
import { units } from "../../../db/schema/units.ts";
import { changeUnits, lockUnit, type UnitChange, type UnitMove, type UnitRow } from "../../../db/units.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { ClaimStatus, ReturnStatus } from "../../../domain/returns/returns.ts";

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnItemRow = typeof returnItems.$inferSelect;
export type ClaimRow = typeof warrantyClaims.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** An order's item with what a return or claim needs to know of it: its unit and what is left to refund. */
export interface ReturnableItem {
  uuid: string;
  orderUuid: string;
  productId: number;
  name: string;
  slug: string;
  imageUrl: string | null;
  label: Grade;
  withFullBattery: boolean;
  price: number;
  discount: number;
  unitId: number | null;
  identifier: string | null;
  refunded: number;
}

function itemQuery(db: Db, where: SQL) {
  const refunded = sql<number>`coalesce((select sum((e->>'amount')::int) from ${orderRefunds}, jsonb_array_elements(${orderRefunds.items}) e where ${orderRefunds.orderUuid} = ${orderItems.orderUuid} and e->>'orderItemUuid' = ${orderItems.uuid}::text), 0)::int`;
  return db
    .select({
      uuid: orderItems.uuid,
      orderUuid: orderItems.orderUuid,
      productId: orderItems.productId,
      name: orderItems.name,
      slug: products.slug,
      imageUrl: firstImageUrl(orderItems.productId),
      label: orderItems.label,
      withFullBattery: orderItems.withFullBattery,
      price: orderItems.price,
      discount: orderItems.discount,
      unitId: orderItems.unitId,
      identifier: units.identifier,
      refunded,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(units, eq(units.id, orderItems.unitId))
    .where(where)
    .orderBy(asc(orderItems.uuid));
}

/** Reads a return's or claim's work needs, inside its transaction or outside one. */
function createReturnReads(db: Db) {
  return {
    itemsOfOrder: (orderUuid: string) => itemQuery(db, eq(orderItems.orderUuid, orderUuid)),
    itemsByUuid: (uuids: string[]) => (uuids.length ? itemQuery(db, inArray(orderItems.uuid, uuids)) : Promise.resolve([] as ReturnableItem[])),
    async returnsOfOrder(orderUuid: string): Promise<ReturnRow[]> {
      return db.select().from(returns).where(eq(returns.orderUuid, orderUuid)).orderBy(asc(returns.createdAt));
    },
    async itemsOfReturns(returnUuids: string[]): Promise<ReturnItemRow[]> {
      return returnUuids.length ? db.select().from(returnItems).where(inArray(returnItems.returnUuid, returnUuids)) : [];
    },
    async claimsOfOrder(orderUuid: string): Promise<ClaimRow[]> {
      return db.select().from(warrantyClaims).where(eq(warrantyClaims.orderUuid, orderUuid)).orderBy(asc(warrantyClaims.createdAt));
    },
    async returnByUuid(uuid: string): Promise<ReturnRow | undefined> {
      return (await db.select().from(returns).where(eq(returns.uuid, uuid)))[0];
    },
    async returnByNumber(number: string): Promise<ReturnRow | undefined> {
      return (await db.select().from(returns).where(eq(returns.number, number)))[0];
    },
    async claimByUuid(uuid: string): Promise<ClaimRow | undefined> {
      return (await db.select().from(warrantyClaims).where(eq(warrantyClaims.uuid, uuid)))[0];
    },
    async claimPhotoIds(claimUuid: string): Promise<string[]> {
      return (await db.select({ uuid: warrantyClaimPhotos.uuid }).from(warrantyClaimPhotos).where(eq(warrantyClaimPhotos.claimUuid, claimUuid)).orderBy(asc(warrantyClaimPhotos.uploadedAt))).map((r) => r.uuid);
    },
    async claimPhoto(claimUuid: string, photoUuid: string) {
      return (await db.select().from(warrantyClaimPhotos).where(and(eq(warrantyClaimPhotos.claimUuid, claimUuid), eq(warrantyClaimPhotos.uuid, photoUuid))))[0];
    },
    async unit(unitId: number) {
      return (await db.select().from(units).where(eq(units.id, unitId)))[0];
    },
    async orderNumber(orderUuid: string | null): Promise<string | null> {
      if (!orderUuid) return null;
      return (await db.select({ number: orders.number }).from(orders).where(eq(orders.uuid, orderUuid)))[0]?.number ?? null;
    },
  };
}
export type ReturnReads = ReturnType<typeof createReturnReads>;

/** Statements inside a return's or claim's transaction; units and orders change through their owners' functions. */
function createReturnWriter(db: Db) {
  return {
    ...createReturnReads(db),
    db,
    async nextReturnSequence(): Promise<number> {
      const [row] = await selectRows<{ n: string }>(db, sql`select nextval(${returnNumberSequence.seqName ?? "return_number_seq"}) as n`);
      return Number(row!.n);
    },
    async nextClaimSequence(): Promise<number> {
      const [row] = await selectRows<{ n: string }>(db, sql`select nextval(${claimNumberSequence.seqName ?? "claim_number_seq"}) as n`);
      return Number(row!.n);
    },
    /** The order locked, so two requests for its items take turns. */
    async lockOrder(orderUuid: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.uuid, orderUuid)).for("update");
      return row;
    },
    async insertReturn(row: typeof returns.$inferInsert, items: Omit<typeof returnItems.$inferInsert, "returnUuid">[]): Promise<ReturnRow> {
      const [created] = await db.insert(returns).values(row).returning();
      await db.insert(returnItems).values(items.map((i) => ({ ...i, returnUuid: created!.uuid })));
      return created!;
    },
    async lockReturn(uuid: string): Promise<ReturnRow | undefined> {
      const [row] = await db.select().from(returns).where(eq(returns.uuid, uuid)).for("update");
      return row;
    },
    async updateReturn(uuid: string, change: Partial<typeof returns.$inferInsert>): Promise<ReturnRow> {
      const [row] = await db.update(returns).set({ ...change, updatedAt: sql`now()` }).where(eq(returns.uuid, uuid)).returning();
      return row!;
    },
    async releaseReturnItems(returnUuid: string): Promise<void> {
      await db.update(returnItems).set({ live: false }).where(eq(returnItems.returnUuid, returnUuid));
    },
    async insertClaim(row: typeof warrantyClaims.$inferInsert): Promise<ClaimRow> {
      const [created] = await db.insert(warrantyClaims).values(row).returning();
      return created!;
    },
    async lockClaim(uuid: string): Promise<ClaimRow | undefined> {
      const [row] = await db.select().from(warrantyClaims).where(eq(warrantyClaims.uuid, uuid)).for("update");
      return row;
    },
    async updateClaim(uuid: string, change: Partial<typeof warrantyClaims.$inferInsert>): Promise<ClaimRow> {
      const [row] = await db.update(warrantyClaims).set({ ...change, updatedAt: sql`now()` }).where(eq(warrantyClaims.uuid, uuid)).returning();
      return row!;
    },
    async insertClaimPhotos(claimUuid: string, photos: { contentType: string; bytes: Uint8Array; width: number; height: number }[]): Promise<void> {
      if (photos.length) await db.insert(warrantyClaimPhotos).values(photos.map((p) => ({ ...p, claimUuid })));
    },
    lockUnit: (unitId: number) => lockUnit(db, unitId),
    changeUnits: (changes: { unit: UnitRow; change: UnitChange }[], move: UnitMove) => changeUnits(db, changes, move),
    timeline: (orderUuid: string, event: string, actor: string) => addOrderTimelineEvent(db, orderUuid, event, actor),
    placeReplacementOrder: (...args: Parameters<typeof placeReplacementOrder> extends [Db, ...infer Rest] ? Rest : never) => placeReplacementOrder(db, ...args),
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
  };
}
export type ReturnWriter = ReturnType<typeof createReturnWriter>;

export interface ListFilter<S> {
  status?: S | undefined;
  /** A return number, an order number or an e-mail address, each matched whole. */
  search?: { returnNumber: string | null; text: string } | undefined;
  offset: number;
  limit: number;
}

export function createReturnRepository(db: Db) {
  const orderOf = async (uuid: string) => (await db.select().from(orders).where(eq(orders.uuid, uuid)))[0];
  return {
    inTransaction<T>(work: (writer: ReturnWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createReturnWriter(tx as unknown as Db)));
    },
    order: orderOf,
    ...createReturnReads(db),
    /** Returns for staff, oldest first within a status (the queue), with their order's number. */
    async listReturns(filter: ListFilter<ReturnStatus>) {
      const search = filter.search;
      const where = and(
        filter.status ? eq(returns.status, filter.status) : undefined,
        search ? or(search.returnNumber ? eq(returns.number, search.returnNumber) : undefined, eq(orders.number, search.text.toUpperCase()), eq(orders.email, search.text.toLowerCase())) : undefined,
      );
      const rows = await db
        .select({ ret: returns, orderNumber: orders.number, email: orders.email, itemCount: sql<number>`(select count(*)::int from ${returnItems} where ${returnItems.returnUuid} = ${returns.uuid})` })
        .from(returns)
        .innerJoin(orders, eq(orders.uuid, returns.orderUuid))
        .where(where)
        .orderBy(filter.status ? asc(returns.createdAt) : desc(returns.createdAt), asc(returns.number))
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(returns).innerJoin(orders, eq(orders.uuid, returns.orderUuid)).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async listClaims(filter: ListFilter<ClaimStatus>) {
      const where = filter.status ? eq(warrantyClaims.status, filter.status) : undefined;
      const rows = await db
        .select({ claim: warrantyClaims, orderNumber: orders.number, email: orders.email, itemName: orderItems.name })
        .from(warrantyClaims)
        .innerJoin(orders, eq(orders.uuid, warrantyClaims.orderUuid))
        .innerJoin(orderItems, eq(orderItems.uuid, warrantyClaims.orderItemUuid))
        .where(where)
        .orderBy(filter.status ? asc(warrantyClaims.createdAt) : desc(warrantyClaims.createdAt), asc(warrantyClaims.number))
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(warrantyClaims).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    /** A customer's returns and claims, newest first (support's view of the customer). */
    async returnsOfCustomer(customerUuid: string) {
      return db.select({ ret: returns, orderNumber: orders.number }).from(returns).innerJoin(orders, eq(orders.uuid, returns.orderUuid)).where(eq(orders.customerUuid, customerUuid)).orderBy(desc(returns.createdAt)).limit(100);
    },
    async claimsOfCustomer(customerUuid: string) {
      return db
        .select({ claim: warrantyClaims, orderNumber: orders.number, itemName: orderItems.name })
        .from(warrantyClaims)
        .innerJoin(orders, eq(orders.uuid, warrantyClaims.orderUuid))
        .innerJoin(orderItems, eq(orderItems.uuid, warrantyClaims.orderItemUuid))
        .where(eq(orders.customerUuid, customerUuid))
        .orderBy(desc(warrantyClaims.createdAt))
        .limit(100);
    },
  };
}
export type ReturnRepository = ReturnType<typeof createReturnRepository>;
