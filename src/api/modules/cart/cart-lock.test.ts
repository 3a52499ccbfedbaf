import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, orderItems } from "../../../db/schema/orders.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { PERFECT_DEVICE, sellFixtures } from "../../../test/sell-fixtures.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";

const { app, database } = setupTestApp();
const shop = shopFixtures(app, database);
const sell = sellFixtures(app, database);
const { call, codeOf } = sell;

/** Holds the cart's row from another connection, as an order being placed from it does, until released. */
async function holdCart(cartUuid: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const transaction = database().db.transaction(async (tx) => {
    await tx.select({ uuid: carts.uuid }).from(carts).where(eq(carts.uuid, cartUuid)).for("update");
    locked();
    await released;
  });
  await holding;
  return { release: async () => (release(), await transaction) };
}

/** A customer whose buy cart holds two units and whose sell cart holds an offer. */
async function customerWithCarts(name: string) {
  const cookies = await sell.newCustomer(`${name}@example.com`);
  const productId = await shop.freshProduct(5);
  for (let i = 0; i < 2; i++) await call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: "A1", withFullBattery: false });
  await sell.addOffer(cookies, await sell.phone(), PERFECT_DEVICE);
  const cart = (await call("GET", "/api/cart", cookies)).json();
  const sellCart = (await call("GET", "/api/green-cart", cookies)).json();
  return { cookies, productId, cartUuid: cart.uuid as string, itemUuid: cart.items[0].uuid as string, sellItemUuid: sellCart.items[0].id as string };
}

describe.runIf(process.env.TEST_DATABASE_URL)("changes of a cart while an order is placed from it, on the PostgreSQL server", () => {
  it("every change of the buy and the sell cart waits for the lock a placement holds", async () => {
    const { cookies, productId, cartUuid, itemUuid, sellItemUuid } = await customerWithCarts("waiting");
    const phone = await sell.phone();
    const offer = (await call("POST", `/api/trade-in/products/${phone}/offer`, cookies, { answers: PERFECT_DEVICE })).json();
    const changes: [string, () => ReturnType<typeof call>][] = [
      ["add", () => call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: "A1", withFullBattery: false })],
      ["update", () => call("PUT", `/api/cart/items/${itemUuid}`, cookies, { withFullBattery: false })],
      ["options", () => call("PUT", "/api/cart/options", cookies, { paymentMethod: "prepayment" })],
      ["address", () => call("PUT", "/api/checkout/address", cookies, { billingAddress: HOME })],
      ["remove", () => call("DELETE", `/api/cart/items/${itemUuid}`, cookies)],
      ["sell add", () => call("POST", `/api/green-cart/items/${phone}`, cookies, { price: offer.price.amount, customerGradingDto: { answers: PERFECT_DEVICE } })],
      ["sell shipping", () => call("PUT", "/api/green-cart/shipping", cookies, { parcels: 2 })],
      ["sell remove", () => call("DELETE", `/api/green-cart/items/${sellItemUuid}`, cookies)],
    ];
    for (const [name, change] of changes) {
      const hold = await holdCart(cartUuid);
      let answered = false;
      const answer = change().then((res) => ((answered = true), res));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered, `${name} went on while the cart was held`).toBe(false);
      await hold.release();
      expect((await answer).statusCode, name).toBeLessThan(300);
    }
  });

  it("an order and a removal at the same moment: the order holds exactly what the cart held when it was placed", async () => {
    for (let round = 0; round < 15; round++) {
      const { cookies, cartUuid, itemUuid } = await customerWithCarts(`race-${round}`);
      await call("PUT", "/api/checkout/address", cookies, { billingAddress: HOME });
      const view = (await call("PUT", "/api/cart/options", cookies, { paymentMethod: "sandbox" })).json();
      const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
      const [placed, removed] = await Promise.all([
        call("POST", "/api/checkout/orders", cookies, body, { "idempotency-key": `race-${round}-order` }),
        call("DELETE", `/api/cart/items/${itemUuid}`, cookies),
      ]);
      expect(removed.statusCode, `round ${round}`).toBe(200);
      if (placed.statusCode === 201) {
        // Placed first: both units, and the removal came after it.
        const items = await database().db.select().from(orderItems).where(eq(orderItems.orderUuid, placed.json().orderUuid));
        expect(items, `round ${round}`).toHaveLength(2);
      } else {
        // Removed first: the order saw the cart (or its total) change and placed nothing.
        expect(placed.statusCode, `round ${round}`).toBe(409);
        expect(["CART_CHANGED", "ORDER_TOTAL_CHANGED"], `round ${round}`).toContain(codeOf(placed));
      }
      const [cart] = await database().db.select().from(carts).where(eq(carts.uuid, cartUuid));
      expect(cart).toBeDefined();
    }
  });
});

describe("cart changes under the lock, on any database", () => {
  it("still answer as before", async () => {
    const { cookies, itemUuid } = await customerWithCarts("plain");
    expect((await call("DELETE", `/api/cart/items/${itemUuid}`, cookies)).statusCode).toBe(200);
    expect((await call("GET", "/api/cart", cookies)).json().itemCount).toBe(1);
    const empty: Cookies = {};
    expect(codeOf(await call("DELETE", `/api/cart/items/${itemUuid}`, empty))).toBe("CART_ITEM_NOT_FOUND");
  });
});
