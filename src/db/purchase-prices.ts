import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { GradePurchasePrices } from "../domain/selling/offers.ts";
import { products } from "./schema/catalogue.ts";
import { productPurchasePrices } from "./schema/pricing.ts";

/*
 * Reading the trade-in purchase prices staff set per grade (the pricing module's table), for every
 * place an offer is computed: the offer, the sell cart and inspection.
 */

/** A product's purchase prices per sell grade as staff set them ({} when none), as a column of a select. */
export function gradePurchasePricesOf(productId: AnyPgColumn): SQL<GradePurchasePrices> {
  return sql<GradePurchasePrices>`coalesce((select jsonb_object_agg(${productPurchasePrices.grade}, ${productPurchasePrices.price}) from ${productPurchasePrices} where ${productPurchasePrices.productId} = ${productId}), '{}'::jsonb)`;
}

/** The most a seller can get for a product: staff's price for the best grade, else the product's best-grade purchase price (a worse grade is never paid more). */
export function bestPurchasePrice(): SQL<number> {
  return sql<number>`coalesce((select ${productPurchasePrices.price} from ${productPurchasePrices} where ${productPurchasePrices.productId} = ${products.id} and ${productPurchasePrices.grade} = 'A0'), ${products.pricePurchase})`.mapWith(Number);
}
