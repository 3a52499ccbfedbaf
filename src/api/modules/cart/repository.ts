import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { lockCartRow, withLockedCart } from "../../../db/cart-lock.ts";
import { moveGuestOrders } from "../../../db/order-links.ts";
import { moveSellCartItems } from "../../../db/sell-cart-items.ts";
import type { Db } from "../../../db/client.ts";
import { firstImageUrl } from "../../../db/catalogue-queries.ts";
import { categories, coupons, productRelations, products, productVariants } from "../../../db/schema/catalogue.ts";
import { cartItems, carts, couponRedemptions } from "../../../db/schema/orders.ts";
import { sellCartItems } from "../../../db/schema/selling.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { Address, Coupon, DeliveryMethod, PaymentMethod } from "../../../domain/checkout/cart-rules.ts";

export type CartRow = typeof carts.$inferSelect;
/**
 * A cart's row as a page reads it: with the number of its lines, which every page's header shows, and
 * of its sell lines (the sell cart lives in the same row), so that an empty sell cart needs no further read.
 */
export type CountedCartRow = CartRow & { itemCount: number; sellItemCount: number };
/** The counted row with its lines, as the cart's own view reads it. */
export type CartRowWithLines = CountedCartRow & { lines: CartItemRow[] };

/** A cart item with what the catalogue says about its product and grade now. */
export interface CartItemRow {
  uuid: string;
  productId: number;
  label: Grade;
  withFullBattery: boolean;
  searchUuid: string | null;
  name: string;
  slug: string;
  brand: string;
  imageUrl: string | null;
  categoryId: number;
  chargerCompatible: boolean;
  assemblySplit: boolean;
  isWatchCase: boolean;
  saleable: boolean;
  insurancePrice: number | null;
  couponCode: string | null;
  price: number | null;
  fullBatteryPrice: number | null;
  quantity: number | null;
  fullBatteryQuantity: number | null;
}

const itemColumns = {
  uuid: cartItems.uuid,
  productId: cartItems.productId,
  label: cartItems.label,
  withFullBattery: cartItems.withFullBattery,
  searchUuid: cartItems.searchUuid,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  imageUrl: firstImageUrl(cartItems.productId),
  categoryId: products.categoryId,
  chargerCompatible: products.chargerCompatible,
  assemblySplit: products.assemblySplit,
  isWatchCase: categories.isWatchCase,
  saleable: sql<boolean>`not ${products.offeredByLibriOnly}`,
  insurancePrice: products.insurancePrice,
  couponCode: products.couponCode,
  price: productVariants.price,
  fullBatteryPrice: productVariants.fullBatteryPrice,
  quantity: productVariants.quantity,
  fullBatteryQuantity: productVariants.fullBatteryQuantity,
};

export function toCoupon(row: typeof coupons.$inferSelect): Coupon {
  return {
    code: row.code,
    kind: row.kind,
    amount: row.kind === "percent" ? row.percentOff : row.amountOff,
    minOrderValue: row.minOrderValue,
    validFrom: row.validFrom,
    validTo: row.validTo,
    oncePerCustomer: row.oncePerCustomer,
    singleItemOnly: row.singleItemOnly,
  };
}

/**
 * The cart's statements on `db`: the pool, or the transaction of `changing`, which holds the
 * cart's row while a change reads and writes.
 */
/** How a line meets its product, its category and its grade, and the order lines are shown in: one rule for every read of lines. */
const lineProduct = eq(products.id, cartItems.productId);
const lineCategory = eq(categories.id, products.categoryId);
const lineGrade = and(eq(productVariants.productId, cartItems.productId), eq(productVariants.label, cartItems.label));
const lineOrder = [asc(cartItems.addedAt), asc(cartItems.uuid)];

function createCartStatements(db: Db) {
  const itemsOf = db
    .select(itemColumns)
    .from(cartItems)
    .innerJoin(products, lineProduct)
    .innerJoin(categories, lineCategory)
    .leftJoin(productVariants, lineGrade)
    .where(eq(cartItems.cartUuid, sql.placeholder("cartUuid")))
    .orderBy(...lineOrder)
    .prepare("cart_items_of");
  const byToken = db.select().from(carts).where(eq(carts.tokenHash, sql.placeholder("tokenHash"))).prepare("cart_by_token");
  const ofCustomer = db.select().from(carts).where(eq(carts.customerUuid, sql.placeholder("customerUuid"))).prepare("cart_of_customer");
  // Every page of a shopper or customer asks for the cart's row and its count: one statement, prepared once.
  // Qualified by hand: drizzle writes a one-table select's columns without the table's name.
  const counted = {
    ...getTableColumns(carts),
    itemCount: sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.cartUuid} = "carts"."uuid")`,
    // The selling module's lines of the same row (read only).
    sellItemCount: sql<number>`(select count(*)::int from ${sellCartItems} where ${sellCartItems.cartUuid} = "carts"."uuid")`,
  };
  const countedByToken = db.select(counted).from(carts).where(eq(carts.tokenHash, sql.placeholder("tokenHash"))).prepare("counted_cart_by_token");
  const countedOfCustomer = db.select(counted).from(carts).where(eq(carts.customerUuid, sql.placeholder("customerUuid"))).prepare("counted_cart_of_customer");
  // The cart's view reads the row and its lines in one round trip; an empty cart is one row without a line.
  // Left joins throughout: a line's product, category and grade always exist (foreign keys), a cart may have no line.
  const withLines = (owner: SQL) =>
    db
      .select({ cart: counted, line: itemColumns })
      .from(carts)
      .leftJoin(cartItems, eq(cartItems.cartUuid, carts.uuid))
      .leftJoin(products, lineProduct)
      .leftJoin(categories, lineCategory)
      .leftJoin(productVariants, lineGrade)
      .where(owner)
      .orderBy(...lineOrder);
  const withLinesByToken = withLines(eq(carts.tokenHash, sql.placeholder("tokenHash"))).prepare("counted_cart_with_lines_by_token");
  const withLinesOfCustomer = withLines(eq(carts.customerUuid, sql.placeholder("customerUuid"))).prepare("counted_cart_with_lines_of_customer");

  return {
    async cartByToken(tokenHash: string): Promise<CartRow | undefined> {
      const [row] = await byToken.execute({ tokenHash });
      return row;
    },
    async cartOfCustomer(customerUuid: string): Promise<CartRow | undefined> {
      const [row] = await ofCustomer.execute({ customerUuid });
      return row;
    },
    /** The row with its line count, as pages read it. */
    async countedCart(owner: { customerUuid: string } | { tokenHash: string }): Promise<CountedCartRow | undefined> {
      const [row] = await ("customerUuid" in owner ? countedOfCustomer.execute(owner) : countedByToken.execute(owner));
      return row;
    },
    /** The counted row with its lines, in one statement. */
    async countedCartWithLines(owner: { customerUuid: string } | { tokenHash: string }): Promise<CartRowWithLines | undefined> {
      const rows = await ("customerUuid" in owner ? withLinesOfCustomer.execute(owner) : withLinesByToken.execute(owner));
      if (rows.length === 0) return undefined;
      return { ...rows[0]!.cart, lines: rows.flatMap(({ line }) => (line?.uuid ? [line as CartItemRow] : [])) };
    },
    async cartByUuid(uuid: string): Promise<CartRow | undefined> {
      const [row] = await db.select().from(carts).where(eq(carts.uuid, uuid));
      return row;
    },
    /** A visitor's new cart; null when the token is taken (two first adds at once), so the caller reads that one. */
    async insertVisitorCart(tokenHash: string): Promise<CartRow | undefined> {
      const [row] = await db.insert(carts).values({ tokenHash }).onConflictDoNothing().returning();
      return row ?? (await this.cartByToken(tokenHash));
    },
    async insertCustomerCart(customerUuid: string): Promise<CartRow> {
      await db.insert(carts).values({ customerUuid }).onConflictDoNothing();
      const [row] = await db.select().from(carts).where(eq(carts.customerUuid, customerUuid));
      return row!;
    },
    items: (cartUuid: string): Promise<CartItemRow[]> => itemsOf.execute({ cartUuid }) as Promise<CartItemRow[]>,

    /** The product and grade as the add rules need them; undefined when the product does not exist. */
    async productForAdd(productId: number, label: Grade) {
      const [row] = await db
        .select({
          id: products.id,
          name: products.name,
          saleable: sql<boolean>`not ${products.offeredByLibriOnly}`,
          price: productVariants.price,
          quantity: productVariants.quantity,
          fullBatteryQuantity: productVariants.fullBatteryQuantity,
        })
        .from(products)
        .leftJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.label, label)))
        .where(eq(products.id, productId));
      return row;
    },

    async addItem(cartUuid: string, item: { productId: number; label: Grade; withFullBattery: boolean; searchUuid: string | null }): Promise<string> {
      const [row] = await db.insert(cartItems).values({ cartUuid, ...item }).returning({ uuid: cartItems.uuid });
      await this.touch(cartUuid);
      return row!.uuid;
    },
    async updateItem(cartUuid: string, uuid: string, change: { label?: Grade; withFullBattery?: boolean }): Promise<boolean> {
      const rows = await db
        .update(cartItems)
        .set(change)
        .where(and(eq(cartItems.cartUuid, cartUuid), eq(cartItems.uuid, uuid)))
        .returning({ uuid: cartItems.uuid });
      await this.touch(cartUuid);
      return rows.length > 0;
    },
    async removeItem(cartUuid: string, uuid: string): Promise<boolean> {
      const rows = await db.delete(cartItems).where(and(eq(cartItems.cartUuid, cartUuid), eq(cartItems.uuid, uuid))).returning({ uuid: cartItems.uuid });
      await this.touch(cartUuid);
      return rows.length > 0;
    },
    async clearItems(cartUuid: string): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.cartUuid, cartUuid));
    },
    async updateCart(
      cartUuid: string,
      change: Partial<{
        couponCode: string | null;
        insurance: boolean;
        deliveryMethod: DeliveryMethod;
        paymentMethod: PaymentMethod | null;
        email: string | null;
        billingAddress: Address | null;
        deliveryAddress: Address | null;
      }>,
    ): Promise<void> {
      await db
        .update(carts)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(carts.uuid, cartUuid));
    },
    async touch(cartUuid: string): Promise<void> {
      await db.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.uuid, cartUuid));
    },
    /** Moves a visitor's items into the customer's cart and deletes the visitor's cart, in one transaction. */
    async mergeInto(fromCartUuid: string, customerUuid: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(carts).values({ customerUuid }).onConflictDoNothing();
        const [target] = await tx.select({ uuid: carts.uuid, couponCode: carts.couponCode }).from(carts).where(eq(carts.customerUuid, customerUuid));
        if (!target || target.uuid === fromCartUuid) return;
        // Both carts held, in one order whoever merges, so no placement or change of either runs meanwhile.
        const [first, second] = [fromCartUuid, target.uuid].sort();
        await lockCartRow(tx as unknown as Db, first!);
        await lockCartRow(tx as unknown as Db, second!);
        const [source] = await tx.select().from(carts).where(eq(carts.uuid, fromCartUuid));
        if (!source) return;
        await tx.update(cartItems).set({ cartUuid: target.uuid }).where(eq(cartItems.cartUuid, source.uuid));
        await moveSellCartItems(tx as unknown as Db, source.uuid, target.uuid);
        await moveGuestOrders(tx as unknown as Db, source.uuid, target.uuid);
        // The visitor's latest choices win, e.g. a coupon typed in just before logging in.
        await tx
          .update(carts)
          .set({
            ...(source.couponCode ? { couponCode: source.couponCode } : {}),
            ...(source.sellCouponCode ? { sellCouponCode: source.sellCouponCode } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(carts.uuid, target.uuid));
        await tx.delete(carts).where(eq(carts.uuid, source.uuid));
      });
    },
    async productCoupon(productId: number): Promise<string | null> {
      const [row] = await db.select({ code: products.couponCode }).from(products).where(eq(products.id, productId));
      return row?.code ?? null;
    },
    /** The cheapest in-stock grade of a product, as a cart line would carry it. */
    async cheapestLine(productId: number) {
      const [row] = await db
        .select({
          productId: productVariants.productId,
          label: productVariants.label,
          price: productVariants.price,
          fullBatteryPrice: productVariants.fullBatteryPrice,
          stock: productVariants.quantity,
          fullBatteryStock: productVariants.fullBatteryQuantity,
        })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), sql`${productVariants.quantity} > 0`))
        .orderBy(asc(productVariants.price))
        .limit(1);
      return row;
    },
    /** Whether the band is one the case offers. */
    async isWristbandOf(caseId: number, bandId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(productRelations)
        .where(and(eq(productRelations.productId, caseId), eq(productRelations.relatedProductId, bandId), eq(productRelations.kind, "wristband")));
      return row !== undefined;
    },
    async coupon(code: string): Promise<Coupon | undefined> {
      const [row] = await db.select().from(coupons).where(eq(sql`upper(${coupons.code})`, code.toUpperCase()));
      return row && toCoupon(row);
    },
    async couponsByCodes(codes: string[]): Promise<Coupon[]> {
      if (codes.length === 0) return [];
      return (await db.select().from(coupons).where(inArray(coupons.code, codes))).map(toCoupon);
    },
    /** Whether this e-mail has a live order with the coupon (cancelled orders free it again). */
    async couponUsedBy(code: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponCode, code), eq(couponRedemptions.email, email), eq(couponRedemptions.active, true)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type CartStatements = ReturnType<typeof createCartStatements>;

export function createCartRepository(db: Db) {
  return {
    ...createCartStatements(db),
    /**
     * Reads and writes of one change of the cart, in a transaction that holds the cart's row: a
     * change and the placement of an order or a sale from the cart happen one at a time.
     */
    changing<T>(cartUuid: string, work: (locked: CartStatements) => Promise<T>): Promise<T> {
      return withLockedCart(db, cartUuid, (tx) => work(createCartStatements(tx)));
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
