import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";
import { shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";

/**
 * A shop on a PostgreSQL server starts without the sandbox provider, whose page approves any
 * payment: its customers see only real payment methods, and the sandbox's page does not exist.
 */
const { app, database } = setupTestApp({
  env: { NODE_ENV: "production", DATABASE_URL: "postgres://shop@127.0.0.1:5432/shop", COOKIE_SECRET: "a-cookie-secret-of-at-least-32-characters" },
});
const { call } = shopFixtures(app, database);

describe("the sandbox payment provider on a PostgreSQL server", () => {
  it("is not offered unless PAYMENT_SANDBOX=true, and its page answers 404", async () => {
    const cookies: Cookies = {};
    const productId = await shopFixtures(app, database).freshProduct(2);
    const added = await call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: "A1", withFullBattery: false }, { "sec-fetch-site": "same-origin" });
    expect(added.statusCode).toBe(201);
    const cart = added.cookies.find((c) => c.name === "reloop-cart")!;
    const view = (await call("GET", "/api/cart", { [cart.name]: cart.value })).json();
    expect(view.paymentMethods).not.toContain("sandbox");
    expect(view.paymentMethods).toContain("prepayment");
    const page = await call("GET", `/payment-sandbox/${crypto.randomUUID()}`, {});
    expect(page.statusCode).toBe(404);
    const chosen = await call("PUT", "/api/cart/options", { [cart.name]: cart.value }, { paymentMethod: "sandbox" }, { "sec-fetch-site": "same-origin" });
    expect(chosen.statusCode).toBe(400);
  });
});
