import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { products, productVariants } from "../db/schema/catalogue.ts";
import type { Grade } from "../domain/catalogue/grades.ts";

export type Cookies = Record<string, string>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A home address in Berlin, as the buy-side tests send it. */
export const HOME = { firstName: "Lena", lastName: "Graf", street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE" };

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
      await database()
        .db.update(productVariants)
        .set({ quantity, fullBatteryQuantity: 0, price: 20_000 })
        .where(and(eq(productVariants.productId, id), eq(productVariants.label, "A1")));
      return id;
    },
  };
}
