import { and, count } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { BY_POPULARITY, firstImages, purchasable } from "../../../db/catalogue-queries.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { containsText } from "../../../db/text-search.ts";

export function createTradeInRepository(db: Db) {
  return {
    /** A page of the devices the shop buys, most asked-for first, optionally only names containing a text; with pictures and the total. */
    async search(text: string | undefined, offset: number, limit: number) {
      const where = and(purchasable(), text === undefined ? undefined : containsText(products.name, text));
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: products.id, name: products.name, slug: products.slug, brand: products.brand, maxPayout: products.pricePurchase })
          .from(products)
          .where(where)
          .orderBy(...BY_POPULARITY)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const images = await firstImages(db, rows.map((r) => r.id));
      return { rows, images, total: total?.n ?? 0 };
    },
  };
}
export type TradeInRepository = ReturnType<typeof createTradeInRepository>;
