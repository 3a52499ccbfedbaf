import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buyAlerts } from "../../../db/schema/alerts.ts";
import { productVariants } from "../../../db/schema/catalogue.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const { call, codeOf, newCustomer, staff } = sellFixtures(app, database);

/** A product with every grade sold out. */
async function soldOutIn(productId: number) {
  await database()
    .db.update(productVariants)
    .set({ quantity: 0, fullBatteryQuantity: 0 })
    .where(eq(productVariants.productId, productId));
}

describe("the wishlist", () => {
  it("needs an account", async () => {
    expect(codeOf(await call("PUT", "/api/watchlist/3", {}))).toBe("NOT_AUTHENTICATED");
    expect((await call("GET", "/api/wishlist", {})).statusCode).toBe(401);
  });

  it("toggles products, pages newest first, filters, and keeps each customer's own", async () => {
    const cookies = await newCustomer("wisher@example.com");
    for (let id = 1; id <= 30; id += 1) expect((await call("PUT", `/api/watchlist/${id}`, cookies)).json()).toMatchObject({ productId: id, active: true, numberOfWishlistItems: id });
    // Again: no change.
    expect((await call("PUT", "/api/watchlist/30", cookies)).json().numberOfWishlistItems).toBe(30);
    const first = (await call("GET", "/api/wishlist", cookies)).json();
    expect(first).toMatchObject({ page: 1, pageSize: 24, total: 30, totalPages: 2 });
    expect(first.items[0].product).toMatchObject({ id: 30, name: expect.any(String), imageUrl: expect.stringMatching(/^\/media\//) });
    const second = (await call("GET", "/api/wishlist?page=2", cookies)).json();
    expect(second.items.map((i: { product: { id: number } }) => i.product.id)).toEqual([6, 5, 4, 3, 2, 1]);

    const inStockBefore = (await call("GET", "/api/wishlist?inStock=1", cookies)).json().total;
    await soldOutIn(2);
    await database().db.execute(`update products set price_min = null, grades_in_stock = 0 where id = 2`);
    const inStock = (await call("GET", "/api/wishlist?inStock=1&page=2", cookies)).json();
    expect(inStock.total).toBe(inStockBefore - 1);
    expect(inStock.items.some((i: { product: { id: number } }) => i.product.id === 2)).toBe(false);
    expect((await call("GET", "/api/wishlist?inStock=0", cookies)).statusCode).toBe(200);

    expect((await call("DELETE", "/api/watchlist/30", cookies)).json()).toMatchObject({ active: false, numberOfWishlistItems: 29 });
    const other = await newCustomer("other-wisher@example.com");
    expect((await call("GET", "/api/wishlist", other)).json().total).toBe(0);
    await call("DELETE", "/api/watchlist/29", other);
    expect((await call("GET", "/api/wishlist", cookies)).json().total).toBe(29);
    const meta = (await call("POST", "/api/user-meta", cookies)).json();
    expect(meta).toMatchObject({ numberOfWishlistItems: 29, numberOfBuyAlerts: 0 });
    expect(codeOf(await call("PUT", "/api/watchlist/99999999", cookies))).toBe("PRODUCT_DOESNT_EXIST");
    expect((await call("PUT", "/api/watchlist/abc", cookies)).statusCode).toBe(400);
  });

  it("tells which of a list's products the customer wished, and only the customer's own", async () => {
    const wished = (cookies: Record<string, string>, ids: string) => call("GET", `/api/wishlist/wished?productIds=${ids}`, cookies);
    expect(codeOf(await wished({}, "1,2"))).toBe("NOT_AUTHENTICATED");
    const mine = await newCustomer("hearts@example.com");
    const theirs = await newCustomer("other-hearts@example.com");
    for (const id of [3, 7]) await call("PUT", `/api/watchlist/${id}`, mine);
    await call("PUT", "/api/watchlist/5", theirs);
    expect((await wished(mine, "7,5,3,3,1,99999")).json()).toEqual({ productIds: [3, 7] });
    expect((await wished(theirs, "7,5,3")).json()).toEqual({ productIds: [5] });
    expect((await wished(theirs, "1")).json()).toEqual({ productIds: [] });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    for (const bad of ["", "a", "1,,2", "0", "-1", "99999999999", tooMany]) expect((await wished(mine, bad)).statusCode, bad).toBe(400);
    expect((await call("GET", "/api/wishlist/wished", mine)).statusCode).toBe(400);
  });
});

describe("buy alerts", () => {
  it("add for grades or any grade, change, list and end; each customer sees only their own", async () => {
    const cookies = await newCustomer("alerted@example.com");
    const search = "7f3b1f2e-5c1a-4d0e-9a52-0c2d6e1b9a11";
    expect((await call("PUT", `/api/buy-alerts/5/${search}`, cookies, { variants: ["A2", "A1", "A2"] })).json()).toEqual({ numberOfBuyAlerts: 1, variants: ["A1", "A2"] });
    expect((await call("PUT", "/api/buy-alerts/6", cookies, { variants: null })).json()).toEqual({ numberOfBuyAlerts: 2, variants: null });
    expect((await call("PUT", "/api/buy-alerts/5", cookies, { variants: ["A3"] })).json().numberOfBuyAlerts).toBe(2);
    const view = (await call("GET", "/api/buy-alerts", cookies)).json();
    expect(view.numberOfBuyAlerts).toBe(2);
    expect(view.alerts.map((a: { product: { id: number }; variants: string[] | null }) => [a.product.id, a.variants])).toEqual([
      [5, ["A3"]],
      [6, null],
    ]);
    expect(codeOf(await call("PUT", "/api/buy-alerts/5", cookies, { variants: ["B7"] }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("PUT", "/api/buy-alerts/5", cookies, { variants: [] }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("PUT", "/api/buy-alerts/99999999", cookies, { variants: null }))).toBe("PRODUCT_DOESNT_EXIST");
    expect((await call("PUT", "/api/buy-alerts/5/not-a-uuid", cookies, { variants: null })).statusCode).toBe(400);

    const other = await newCustomer("other-alerted@example.com");
    expect((await call("GET", "/api/buy-alerts", other)).json()).toEqual({ alerts: [], numberOfBuyAlerts: 0 });
    expect(codeOf(await call("DELETE", "/api/buy-alerts/5", other))).toBe("BUY_ALERT_NOT_FOUND");
    expect((await call("DELETE", "/api/buy-alerts/5", cookies)).json()).toEqual({ numberOfBuyAlerts: 1 });
    expect((await call("POST", "/api/user-meta", cookies)).json().numberOfBuyAlerts).toBe(1);
    expect((await call("DELETE", "/api/buy-alerts/5", cookies)).statusCode).toBe(404);
    expect((await call("PUT", "/api/buy-alerts/5", {}, { variants: null })).statusCode).toBe(401);
  });

  it("lets only staff change stock", async () => {
    const customer = await newCustomer("not-staff@example.com");
    expect(codeOf(await call("PUT", "/api/ops/products/7/variants/A1", customer, { quantity: 3 }))).toBe("ROUTE_NOT_FOUND");
    // A broken body tells a customer nothing about the operation either.
    expect(codeOf(await call("PUT", "/api/ops/products/7/variants/Z9", customer, { quantity: "many" }))).toBe("ROUTE_NOT_FOUND");
    expect(codeOf(await call("POST", "/api/ops/sales/not-a-uuid/events", {}, {}))).toBe("ROUTE_NOT_FOUND");
    const ops = await staff();
    expect((await call("PUT", "/api/ops/products/7/variants/A1", ops, { quantity: 3, price: 12_345 })).json()).toEqual({ productId: 7, label: "A1" });
    const [row] = await database().db.select().from(productVariants).where(and(eq(productVariants.productId, 7), eq(productVariants.label, "A1")));
    expect(row).toMatchObject({ quantity: 3, price: 12_345 });
    expect((await call("PUT", "/api/ops/products/7/variants/A1", ops, {})).statusCode).toBe(400);
    expect((await call("PUT", "/api/ops/products/7/variants/Z9", ops, { quantity: 1 })).statusCode).toBe(400);
  });

  it("lets fulfilment set stock, other staff get 403 ROLE_REQUIRED; each change is audited with the grade's quantity and price before and after", async () => {
    const desk = await newStaffMember({ newCustomer }, database(), "stock-receiving@example.com", ["receiving"]);
    const refused = await call("PUT", "/api/ops/products/8/variants/A1", desk, { quantity: 1 });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, "ROLE_REQUIRED"]);

    const fulfilment = await newStaffMember({ newCustomer }, database(), "stock-fulfilment@example.com", ["fulfilment"]);
    const [variant] = await database().db.select().from(productVariants).where(eq(productVariants.productId, 8)).limit(1);
    const entityId = `8/${variant!.label}`;
    expect((await call("PUT", `/api/ops/products/8/variants/${variant!.label}`, fulfilment, { quantity: variant!.quantity + 4 })).statusCode).toBe(200);
    const { entries } = (await call("GET", `/api/ops/audit?action=stock.set&entityId=${entityId}`, await staff())).json();
    expect(entries).toEqual([
      expect.objectContaining({
        actorEmail: "stock-fulfilment@example.com",
        entityType: "product_variant",
        before: { quantity: variant!.quantity, price: variant!.price },
        after: { quantity: variant!.quantity + 4, price: variant!.price },
      }),
    ]);
  });

  it("ends an alert through its signed unsubscribe link only", async () => {
    expect(codeOf(await call("GET", "/api/alerts/unsubscribe?token=forged.signature-x", {}))).toBe("UNSUBSCRIBE_TOKEN_INVALID");
  });
});

describe("the header's badges", () => {
  it("count a customer's waiting buy alerts, wishlist and cart lines with the session, each customer's own", async () => {
    const badges = async (cookies: Record<string, string>) => {
      const meta = (await call("POST", "/api/user-meta", cookies, {})).json();
      return { cart: meta.cart.itemCount, wishlist: meta.numberOfWishlistItems, alerts: meta.numberOfBuyAlerts };
    };
    const mine = await newCustomer("badges@example.com");
    const theirs = await newCustomer("other-badges@example.com");
    expect(await badges(mine)).toEqual({ cart: 0, wishlist: 0, alerts: 0 });
    for (const id of [3, 4]) await call("PUT", `/api/watchlist/${id}`, mine);
    for (const id of [5, 6]) await call("PUT", `/api/buy-alerts/${id}`, mine, { variants: null });
    // A notified alert waits no more.
    await database().db.update(buyAlerts).set({ notifiedAt: new Date().toISOString() }).where(eq(buyAlerts.productId, 6));
    const [inStock] = await database().db.select({ productId: productVariants.productId, label: productVariants.label }).from(productVariants).where(gt(productVariants.quantity, 0)).limit(1);
    const added = await call("POST", "/api/cart/items", mine, { id: inStock!.productId, productVariantLabel: inStock!.label, withFullBattery: false });
    expect(added.statusCode).toBe(201);
    expect(await badges(mine)).toEqual({ cart: 1, wishlist: 2, alerts: 1 });
    expect(await badges(theirs)).toEqual({ cart: 0, wishlist: 0, alerts: 0 });
    // A visitor has no alerts or wishlist, and a cart only by its cookie.
    expect(await badges({})).toEqual({ cart: 0, wishlist: null, alerts: null });
  });
});
