import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { localeQuery, productIdParam, type QueryParams } from "../../schemas.ts";
import { categoryRefSchema } from "../navigation/schemas.ts";

export const productViewParams = z.object({ id: productIdParam });
export const productViewQuery = z.object({
  wristbandId: productIdParam.optional().describe("A wristband to show combined with this watch case"),
  locale: localeQuery,
});
export type ProductViewQuery = QueryParams<typeof productViewQuery>;
export const productViewErrors = operationErrors({ 400: ["VALIDATION_FAILED", "WRISTBAND_NOT_AVAILABLE"], 404: ["PRODUCT_DOESNT_EXIST"], 500: ["INTERNAL_ERROR"] });
export type ProductViewError = OperationError<typeof productViewErrors>;
export const productDescriptionErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["PRODUCT_DOESNT_EXIST"], 500: ["INTERNAL_ERROR"] });
export type ProductDescriptionError = OperationError<typeof productDescriptionErrors>;

export const variantSchema = z.object({
  label: z.enum(GRADES),
  price: z.number().int().describe("Cents, EUR"),
  quantity: z.number().int(),
  fullBatteryQuantity: z.number().int(),
  fullBatteryPrice: z.number().int().describe("Surcharge in cents for a new battery"),
});

export const couponSchema = z.object({
  code: z.string(),
  percentOff: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  active: z.boolean().describe("Today lies within the validity window"),
});

export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  propRom: z.string().nullable(),
  propColor: z.string().nullable(),
  priceMin: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const mediaSchema = z.object({
  contentType: z.string(),
  isVideo: z.boolean(),
  url: z.string(),
  thumbnail: z.string(),
  thumbsImages: z.array(z.string()).describe("Image candidates for srcset, small to large"),
});

export const productViewSchema = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string(),
    categoryId: z.number().int().describe("The product's own category (the last of category_id)"),
    category_id: z
      .array(z.number().int())
      .describe("The product's category and all its ancestors; the name and shape are the specification's wire format"),
    propRom: z.string().nullable(),
    propColor: z.string().nullable(),
    identifiers: z.object({ ean: z.string().nullable(), isbn: z.string().nullable(), asin: z.string().nullable() }),
    attributes: z.record(z.string(), z.string()),
    chargerCompatible: z.boolean(),
    assemblySplit: z.boolean(),
    allowedPurchase: z.boolean(),
    purchaseStop: z.boolean(),
    onSale: z.boolean(),
    newPrice: z.number().int().describe("What the product costs new, in cents (the search document's blue_price), shown struck through"),
    priceMin: z.number().int().nullable().describe("The cheapest grade in stock, in cents; null when nothing is in stock"),
    insurancePrice: z.number().int().nullable(),
    inStockCount: z.number().int(),
    variantPicker: z.array(variantSchema).describe("Every grade, NEW first"),
    coupon: couponSchema.nullable(),
  }),
  media: z.array(mediaSchema),
  categories: z.array(categoryRefSchema).describe("Breadcrumbs: root first, the product's category last"),
  relations: z.object({
    storage: z.array(productSummarySchema),
    colour: z.array(productSummarySchema),
    accessory: z.array(productSummarySchema),
    wristband: z.array(productSummarySchema),
  }),
  wristband: productSummarySchema.nullable().describe("The chosen wristband when wristbandId was given"),
  product_slug: z.string().describe("The product's URL slug (/i{id},{slug}); the name is the specification's wire format"),
});
export type ProductView = z.infer<typeof productViewSchema>;

export const descriptionSchema = z.object({ id: z.number().int(), paragraphs: z.array(z.string()) });
export type ProductDescription = z.infer<typeof descriptionSchema>;

export const wristbandSelectionQuery = z.object({ locale: localeQuery });
export const wristbandSelectionErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PRODUCT_HAS_NO_WRISTBANDS"], 404: ["PRODUCT_DOESNT_EXIST"], 500: ["INTERNAL_ERROR"] });
export type WristbandSelectionError = OperationError<typeof wristbandSelectionErrors>;
export const wristbandSelectionSchema = z.object({
  caseId: z.number().int(),
  models: z
    .array(z.object({ model: z.string(), bands: z.array(productSummarySchema) }))
    .describe("Bands that fit this case, grouped by model (Sport Band 41 mm, …), each colour a product"),
});
export type WristbandSelection = z.infer<typeof wristbandSelectionSchema>;
