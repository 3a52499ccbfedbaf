import { asc, count, desc, eq, sql } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import { insertBuyCoupon, updateBuyCoupon, type BuyCouponRow } from "../../../db/buy-coupons.ts";
import type { Db } from "../../../db/client.ts";
import { coupons } from "../../../db/schema/catalogue.ts";
import { couponRedemptions } from "../../../db/schema/orders.ts";
import { sellCouponUses, sellCoupons } from "../../../db/schema/selling.ts";
import { insertSellCoupon, updateSellCoupon, type SellCouponRow } from "../../../db/sell-coupons.ts";

export type { BuyCouponRow, SellCouponRow };

/** Coupons a list shows at most per side: they are made by hand, a few a month. */
const LIST_LIMIT = 500;

/** Statements in a coupon change's transaction: the owners' functions write the rows (db/buy-coupons.ts, db/sell-coupons.ts). */
function createCouponWriter(db: Db) {
  return {
    /** Holds the code (either side) until the transaction ends, so two staff cannot create it on both sides at once. */
    async lockCode(code: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coupon:${code}`}))`);
    },
    async buyCoupon(code: string): Promise<BuyCouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(sql`upper(${coupons.code})`, code));
      return row;
    },
    async sellCoupon(code: string): Promise<SellCouponRow | undefined> {
      const [row] = await db.select().from(sellCoupons).where(eq(sql`upper(${sellCoupons.code})`, code));
      return row;
    },
    insertBuy: (row: BuyCouponRow) => insertBuyCoupon(db, row),
    updateBuy: (code: string, terms: Omit<BuyCouponRow, "code">) => updateBuyCoupon(db, code, terms),
    insertSell: (row: SellCouponRow) => insertSellCoupon(db, row),
    updateSell: (code: string, terms: Omit<SellCouponRow, "code">) => updateSellCoupon(db, code, terms),
    /** Appends a staff action's audit row (db/audit-log.ts) in this transaction. */
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
  };
}
export type CouponWriter = ReturnType<typeof createCouponWriter>;

export function createCouponRepository(db: Db) {
  return {
    ...createCouponWriter(db),
    inTransaction<T>(work: (writer: CouponWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createCouponWriter(tx as unknown as Db)));
    },
    /** Buy coupons (or the one of this code), the latest ending first, with their redemptions by orders not cancelled. */
    async buyCoupons(code?: string): Promise<(BuyCouponRow & { redemptions: number })[]> {
      const used = db
        .select({ code: couponRedemptions.couponCode, n: count().as("n") })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.active, true))
        .groupBy(couponRedemptions.couponCode)
        .as("used");
      const rows = await db
        .select({ coupon: coupons, redemptions: sql<number>`coalesce(${used.n}, 0)::int` })
        .from(coupons)
        .leftJoin(used, eq(used.code, coupons.code))
        .where(code === undefined ? undefined : eq(coupons.code, code))
        .orderBy(desc(coupons.validTo), asc(coupons.code))
        .limit(LIST_LIMIT);
      return rows.map((r) => ({ ...r.coupon, redemptions: Number(r.redemptions) }));
    },
    /** Sell coupons (or the one of this code), the latest ending first, with the sales that used them. */
    async sellCoupons(code?: string): Promise<(SellCouponRow & { redemptions: number })[]> {
      const used = db.select({ code: sellCouponUses.code, n: count().as("n") }).from(sellCouponUses).groupBy(sellCouponUses.code).as("used");
      const rows = await db
        .select({ coupon: sellCoupons, redemptions: sql<number>`coalesce(${used.n}, 0)::int` })
        .from(sellCoupons)
        .leftJoin(used, eq(used.code, sellCoupons.code))
        .where(code === undefined ? undefined : eq(sellCoupons.code, code))
        .orderBy(desc(sellCoupons.validTo), asc(sellCoupons.code))
        .limit(LIST_LIMIT);
      return rows.map((r) => ({ ...r.coupon, redemptions: Number(r.redemptions) }));
    },
  };
}
export type CouponRepository = ReturnType<typeof createCouponRepository>;
