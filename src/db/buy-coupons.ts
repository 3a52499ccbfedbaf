import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { coupons } from "./schema/catalogue.ts";

/** The products module's functions for buy coupons that staff create and change; each takes the caller's transaction. */
export type BuyCouponRow = typeof coupons.$inferSelect;

export async function insertBuyCoupon(db: Db, row: BuyCouponRow): Promise<void> {
  await db.insert(coupons).values(row);
}

/** Changes a coupon's terms (never its code); the row as it is now, or undefined when there is none. */
export async function updateBuyCoupon(db: Db, code: string, terms: Omit<BuyCouponRow, "code">): Promise<BuyCouponRow | undefined> {
  const [row] = await db.update(coupons).set(terms).where(eq(coupons.code, code)).returning();
  return row;
}
