import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { withLockedCart } from "../../../db/cart-lock.ts";
import { setSellChoices, type SellChoices } from "../../../db/cart-lines.ts";
import type { Db } from "../../../db/client.ts";
import { firstImages } from "../../../db/catalogue-queries.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { sellCartItems, sellCoupons, sellCouponUses } from "../../../db/schema/selling.ts";
import { sellableProducts } from "./offer-repository.ts";

export type SellCartItemRow = typeof sellCartItems.$inferSelect;
export type NewSellCartItem = Omit<typeof sellCartItems.$inferInsert, "uuid" | "addedAt">;

/** The sell cart's statements on `db`: the pool, or the transaction of `changing`, which holds the cart's row. */
function createSellCartStatements(db: Db) {
  // Both carts' pages show the sell cart's offers: prepared once.
  const itemsOf = db
    .select()
    .from(sellCartItems)
    .where(eq(sellCartItems.cartUuid, sql.placeholder("cartUuid")))
    .orderBy(asc(sellCartItems.addedAt), asc(sellCartItems.uuid))
    .prepare("sell_cart_items_of");
  return {
    items: (cartUuid: string): Promise<SellCartItemRow[]> => itemsOf.execute({ cartUuid }),
    async itemCount(cartUuid: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sellCartItems).where(eq(sellCartItems.cartUuid, cartUuid));
      return row?.n ?? 0;
    },
    async item(cartUuid: string, uuid: string): Promise<SellCartItemRow | undefined> {
      const [row] = await db.select().from(sellCartItems).where(and(eq(sellCartItems.cartUuid, cartUuid), eq(sellCartItems.uuid, uuid)));
      return row;
    },
    async insertItem(item: NewSellCartItem): Promise<SellCartItemRow> {
      const [row] = await db.insert(sellCartItems).values(item).returning();
      return row!;
    },
    /** Replaces an item's answers and offer in place, so it keeps its position in the cart. */
    async replaceItem(cartUuid: string, uuid: string, item: NewSellCartItem): Promise<SellCartItemRow | undefined> {
      const [row] = await db
        .update(sellCartItems)
        .set(item)
        .where(and(eq(sellCartItems.cartUuid, cartUuid), eq(sellCartItems.uuid, uuid)))
        .returning();
      return row;
    },
    async renewOffer(uuid: string, offer: Pick<SellCartItemRow, "grade" | "price" | "breakdown" | "validUntil">): Promise<void> {
      await db.update(sellCartItems).set(offer).where(eq(sellCartItems.uuid, uuid));
    },
    async deleteItem(cartUuid: string, uuid: string): Promise<boolean> {
      const rows = await db.delete(sellCartItems).where(and(eq(sellCartItems.cartUuid, cartUuid), eq(sellCartItems.uuid, uuid))).returning({ uuid: sellCartItems.uuid });
      return rows.length > 0;
    },
    async deleteAll(cartUuid: string): Promise<void> {
      await db.delete(sellCartItems).where(eq(sellCartItems.cartUuid, cartUuid));
    },
    /** The sell side's choices live in the cart's row: set through the cart module's function. */
    setChoices: (cartUuid: string, choices: SellChoices) => setSellChoices(db, cartUuid, choices),
    /** Names, pictures and what the offers are computed from, for the items' products. */
    async products(ids: number[]) {
      if (ids.length === 0) return new Map<number, never>();
      const rows = await sellableProducts(db).where(inArray(products.id, ids));
      const images = await firstImages(db, ids);
      return new Map(rows.map((r) => [r.id, { ...r, imageUrl: images.get(r.id) ?? null }]));
    },
    async coupon(code: string) {
      const [row] = await db.select().from(sellCoupons).where(eq(sellCoupons.code, code));
      return row && { ...row, validFrom: new Date(row.validFrom), validTo: new Date(row.validTo) };
    },
    async couponUsedBy(code: string, customerUuid: string): Promise<boolean> {
      const [row] = await db.select({ code: sellCouponUses.code }).from(sellCouponUses).where(and(eq(sellCouponUses.code, code), eq(sellCouponUses.customerUuid, customerUuid)));
      return row !== undefined;
    },
  };
}
export type SellCartStatements = ReturnType<typeof createSellCartStatements>;

export function createSellCartRepository(db: Db) {
  return {
    ...createSellCartStatements(db),
    /** One change of the sell cart, in a transaction that holds the cart's row (db/cart-lock.ts), as a sale's checkout does. */
    changing<T>(cartUuid: string, work: (locked: SellCartStatements) => Promise<T>): Promise<T> {
      return withLockedCart(db, cartUuid, (tx) => work(createSellCartStatements(tx)));
    },
  };
}
export type SellCartRepository = ReturnType<typeof createSellCartRepository>;
export type SellCartProduct = NonNullable<ReturnType<Awaited<ReturnType<SellCartRepository["products"]>>["get"]>>;
