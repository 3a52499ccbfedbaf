import { and, arrayContains, count, eq, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  BY_POPULARITY,
  firstImages,
  purchasable,
} from "../../../db/catalogue-queries.ts";
import { bestPurchasePrice, gradePurchasePricesOf } from "../../../db/purchase-prices.ts";
import { categories, products } from "../../../db/schema/catalogue.ts";
import { containsText } from "../../../db/text-search.ts";

/** Only digits, 8 to 13 of them: an EAN or an ISBN, looked up exactly instead of by name. */
const BARCODE = /^\d{8,13}$/;

/** A product as the sell side reads it: what an offer is computed from, and whether the shop buys it. */
export function sellableProducts(db: Db) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      brand: products.brand,
      categoryId: products.categoryId,
      pricePurchase: products.pricePurchase,
      gradePrices: gradePurchasePricesOf(products.id),
      allowedPurchase: products.allowedPurchase,
      purchaseStop: products.purchaseStop,
      rootKind: categories.rootKind,
      imageKind: categories.imageKind,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

export function createOfferRepository(db: Db) {
  const sellable = () => sellableProducts(db);
  return {
    /**
     * A page of the devices the shop buys, most asked-for first, optionally only those in a category
     * or whose name contains a text (a barcode finds its product exactly); with pictures and the total.
     */
    async search(
      filter: { text?: string | undefined; categoryId?: number | undefined },
      offset: number,
      limit: number,
    ) {
      const { text, categoryId } = filter;
      const matchesText =
        text === undefined
          ? undefined
          : BARCODE.test(text)
            ? or(eq(products.ean, text), eq(products.isbn, text))
            : containsText(products.name, text);
      const where = and(
        purchasable(),
        matchesText,
        categoryId === undefined
          ? undefined
          : arrayContains(products.groupIds, [categoryId]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: products.id,
            name: products.name,
            slug: products.slug,
            brand: products.brand,
            maxPayout: bestPurchasePrice(),
          })
          .from(products)
          .where(where)
          .orderBy(...BY_POPULARITY)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const images = await firstImages(
        db,
        rows.map((r) => r.id),
      );
      return { rows, images, total: total?.n ?? 0 };
    },

    /** What an offer for a product needs: its purchase prices, whether it is bought now, and its category's kind. */
    async productForOffer(id: number) {
      const [row] = await sellable().where(eq(products.id, id));
      if (!row) return undefined;
      const images = await firstImages(db, [id]);
      return { ...row, imageUrl: images.get(id) ?? null };
    },
  };
}
export type OfferRepository = ReturnType<typeof createOfferRepository>;
export type ProductForOffer = NonNullable<
  Awaited<ReturnType<OfferRepository["productForOffer"]>>
>;
