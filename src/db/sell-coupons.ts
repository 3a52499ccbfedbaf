import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { sellCoupons } from "./schema/selling.ts";

/** The selling module's functions for sell coupons that staff create and change; each takes the caller's transaction. */
export type SellCouponRow = typeof sellCoupons.$inferSelect;

export async function insertSellCoupon(db: Db, row: SellCouponRow): Promise<void> {
  await db.insert(sellCoupons).values(row);
}

/** Changes a coupon's terms (never its code); the row as it is now, or undefined when there is none. */
export async function updateSellCoupon(db: Db, code: string, terms: Omit<SellCouponRow, "code">): Promise<SellCouponRow | undefined> {
  const [row] = await db.update(sellCoupons).set(terms).where(eq(sellCoupons.code, code)).returning();
  return row;
}
