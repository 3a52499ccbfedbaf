import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { searchConversionClicks } from "../../../db/schema/search.ts";

/** Where result clicks are recorded. */
export function createSearchRepository(db: Db) {
  return {
    async recordClick(productId: number, searchUuid: string): Promise<boolean> {
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!product) return false;
      await db.insert(searchConversionClicks).values({ productId, searchUuid });
      return true;
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
