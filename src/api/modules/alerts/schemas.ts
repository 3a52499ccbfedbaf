import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { flagParam, idParam, isStorableId, moneySchema, pagedAnswerFields, pageParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const productCard = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  imageUrl: z.string().nullable(),
  price: moneySchema.nullable().describe("The cheapest grade in stock; null when nothing is"),
  inStock: z.boolean(),
});

export const productIdParams = z.object({ productId: idParam("Product id") });
export const alertParams = productIdParams.extend({ searchUuid: z.uuid("searchUuid must be a UUID") });

export const wishlistQuery = z.object({
  page: pageParam(1000),
  inStock: flagParam().optional().describe("1: only what is in stock now"),
  categoryId: idParam("Category id").optional().describe("Only products in this category or below it"),
});
export type WishlistQuery = QueryParams<typeof wishlistQuery>;
/** What the logged-in customer reads of their own wishlist and alerts (the list, hearts, a product's status), and takes off the wishlist. */
export const watchReadErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"] });
export type WatchReadError = OperationError<typeof watchReadErrors>;
export const wishErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 404: ["PRODUCT_DOESNT_EXIST"] });
export type WishError = OperationError<typeof wishErrors>;
export const wishlistSchema = z.object({
  items: z.array(
    z.object({
      product: productCard,
      priceWhenAdded: moneySchema,
      priceDrop: moneySchema.nullable().describe("How much cheaper the product is now than when it was wished; null when it is not"),
      addedAt: z.string(),
    }),
  ),
  ...pagedAnswerFields,
});
export type WishlistView = z.infer<typeof wishlistSchema>;
/** At most a long list page's products at once. */
const MAX_WISHED_QUERY = 100;
export const wishedQuery = z.object({
  productIds: z
    .string({ error: "productIds is required" })
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${MAX_WISHED_QUERY - 1}}$`), `productIds is a comma-separated list of at most ${MAX_WISHED_QUERY} product ids`)
    .transform((list) => [...new Set(list.split(",").map(Number))])
    .refine((ids) => ids.every(isStorableId), "Product ids must be positive whole numbers")
    .describe("Comma-separated product ids, e.g. a list page's"),
});
export type WishedQuery = QueryParams<typeof wishedQuery>;
export const wishedSchema = z.object({ productIds: z.array(z.number().int()).describe("Those of the asked products the customer has wished") });
export type WishedAmong = z.infer<typeof wishedSchema>;
export const wishlistToggleSchema = z.object({ productId: z.number().int(), active: z.boolean(), numberOfWishlistItems: z.number().int() });
export type WishlistToggle = z.infer<typeof wishlistToggleSchema>;

export const buyAlertBody = z
  .object({
    variants: z
      .array(z.enum(GRADES, { error: `Grades are ${GRADES.join(", ")}` }))
      .min(1)
      .max(GRADES.length)
      .nullable()
      .describe("The grades to be told about; null for any grade"),
  })
  .nullish();
export type BuyAlertBody = z.input<typeof buyAlertBody>;
export const buyAlertPutErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PRODUCT_VARIANT_DOESNT_EXIST"], 401: ["NOT_AUTHENTICATED"], 404: ["PRODUCT_DOESNT_EXIST"] });
export type BuyAlertPutError = OperationError<typeof buyAlertPutErrors>;
export const buyAlertDeleteErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 404: ["BUY_ALERT_NOT_FOUND"] });
export type BuyAlertDeleteError = OperationError<typeof buyAlertDeleteErrors>;
export const buyAlertsViewErrors = operationErrors({ 401: ["NOT_AUTHENTICATED"] });
export type BuyAlertsViewError = OperationError<typeof buyAlertsViewErrors>;
export const buyAlertsSchema = z.object({
  alerts: z.array(
    z.object({
      uuid: z.uuid(),
      product: productCard,
      variants: z.array(z.enum(GRADES)).nullable(),
      createdAt: z.string(),
      notifiedAt: z.string().nullable().describe("When the back-in-stock mail went; the alert is done then"),
    }),
  ),
  numberOfBuyAlerts: z.number().int().describe("Alerts still waiting"),
});
export type BuyAlertsView = z.infer<typeof buyAlertsSchema>;
export const buyAlertChangeSchema = z.object({ numberOfBuyAlerts: z.number().int(), variants: z.array(z.enum(GRADES)).nullable().optional() });
export type BuyAlertChange = z.infer<typeof buyAlertChangeSchema>;

export const unsubscribeQuery = z.object({ token: z.string().min(10).max(300) });
export const unsubscribeErrors = operationErrors({ 400: ["VALIDATION_FAILED", "UNSUBSCRIBE_TOKEN_INVALID"] });
export const stockParams = productIdParams.extend({ label: z.enum(GRADES, { error: `Grades are ${GRADES.join(", ")}` }) });
export const stockBody = z
  .object({ quantity: z.number().int().min(0).max(100_000).optional(), price: z.number().int().min(1).max(100_000_000).optional() }, { error: "Send a JSON body with quantity and/or price" })
  .refine((b) => b.quantity !== undefined || b.price !== undefined, { message: "Send quantity, price or both" });
/** Anyone but staff meets ROUTE_NOT_FOUND; staff the guard's answers (the role: fulfilment). */
export const setStockErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ROUTE_NOT_FOUND", "PRODUCT_VARIANT_DOESNT_EXIST"] });
export const stockChangedSchema = z.object({ productId: z.number().int(), label: z.enum(GRADES) });
export const watchStatusSchema = z.object({
  wished: z.boolean(),
  buyAlert: z.object({ variants: z.array(z.enum(GRADES)).nullable() }).nullable().describe("The waiting alert for the product, if any"),
});
export type WatchStatus = z.infer<typeof watchStatusSchema>;
