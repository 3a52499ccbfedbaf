import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { setVariantPrice } from "../db/product-stock.ts";
import { products, productVariants } from "../db/schema/catalogue.ts";
import { countStock } from "../db/units.ts";
import type { Grade } from "../domain/catalogue/grades.ts";

export type Cookies = Record<string, string>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A home address in Berlin, as the buy-side tests send it. */
export const HOME = { firstName: "Lena", lastName: "Graf", street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE" };

/** Units in stock for a grade, counted as staff do (db/units.ts), and optionally its price. */
export async function setStock(database: Database, productId: number, label: Grade, quantity: number, fullBatteryQuantity = 0, price?: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Database["db"];
    await countStock(db, { productId, grade: label }, { quantity, fullBatteryQuantity }, 10_000, { event: "stock_count", actor: "test" });
    if (price !== undefined) await setVariantPrice(db, productId, label, price);
  });
}

/** The helpers the cart, order and payment tests share, bound to one test file's app and database. */
export function shopFixtures(app: () => FastifyInstance, database: () => Database) {
  const used = new Set<number>();
  return {
    call(method: Method, url: string, cookies: Cookies, payload?: unknown, headers: Record<string, string> = {}) {
      return app().inject({ method, url, cookies, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    codeOf: (res: { json: () => { errors?: { code: string }[] } }) => res.json().errors?.[0]?.code,
    async stockOf(productId: number, label: Grade = "A1") {
      const [row] = await database()
        .db.select({ quantity: productVariants.quantity })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)));
      return row!.quantity;
    },
    /** A used product with `quantity` units of grade A1 at 200 €, not touched by another test of the file. */
    async freshProduct(quantity: number): Promise<number> {
      const rows = await database()
        .db.select({ id: products.id })
        .from(products)
        .where(and(isNotNull(products.insurancePrice), eq(products.offeredByLibriOnly, false), sql`${products.couponCode} is null`))
        .orderBy(products.id)
        .limit(300);
      const id = rows.map((r) => r.id).find((i) => !used.has(i))!;
      used.add(id);
      await setStock(database(), id, "A1", quantity, 0, 20_000);
      return id;
    },
    /** A guest's cart with one unit of the product in grade A1, an address and a payment method: ready to order; the body to place it with. */
    async readyCart(productId: number, cookies: Cookies = {}, paymentMethod = "sandbox", email = "guest@example.com") {
      const added = await app().inject({ method: "POST", url: "/api/cart/items", cookies, payload: { id: productId, productVariantLabel: "A1", withFullBattery: false } });
      for (const c of added.cookies) if (c.name === "reloop-cart" || c.name === "reloop-session") cookies[c.name] = c.value;
      await app().inject({ method: "PUT", url: "/api/checkout/address", cookies, payload: { email, billingAddress: HOME } });
      const view = (await app().inject({ method: "PUT", url: "/api/cart/options", cookies, payload: { paymentMethod } })).json();
      const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
      return { cookies, body, view };
    },
    /** Decides the sandbox provider's hosted payment page as the browser does; where the browser goes back to. */
    async paySandbox(redirectUrl: string, result: "approved" | "declined" | "abandoned" = "approved"): Promise<URL> {
      const start = await app().inject({ method: "GET", url: redirectUrl });
      const decided = await app().inject({ method: "POST", url: start.headers.location!, payload: `result=${result}`, headers: { "content-type": "application/x-www-form-urlencoded" } });
      if (decided.statusCode !== 303) throw new Error(`the sandbox payment answered ${decided.statusCode}`);
      return new URL(decided.headers.location!, "http://localhost");
    },
    /** Places the ready cart's order with an Idempotency-Key. */
    place: (cookies: Cookies, body: object, key: string) => app().inject({ method: "POST", url: "/api/checkout/orders", cookies, headers: { "idempotency-key": key }, payload: body }),
    /** A grade's stock as a count of units (full-battery ones among them), as staff's stock count makes it. */
    setStock: (productId: number, label: Grade, quantity: number, fullBatteryQuantity = 0) => setStock(database(), productId, label, quantity, fullBatteryQuantity),
  };
}
