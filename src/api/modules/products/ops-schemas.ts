import { z } from "zod";
import { PRODUCT_PICTURE_LIMITS } from "../../../domain/catalogue/catalogue-editing.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idField, idParam, multilineText, pageParam, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

/** Cents a new price stays below: a hundred thousand euros. */
const MAX_PRICE_CENTS = 10_000_000;
/** A description's length: a few screens of text. */
const DESCRIPTION_MAX = 10_000;
const ATTRIBUTES_MAX = 40;

const LANGUAGE_NAMES: Record<Locale, string> = { de: "German", en: "English", es: "Spanish", fr: "French", it: "Italian", nl: "Dutch" };

const descriptionIn = (locale: Locale) => multilineText(`The ${LANGUAGE_NAMES[locale]} description`, DESCRIPTION_MAX);
const defaultMissing = `The ${LANGUAGE_NAMES[DEFAULT_LOCALE]} description is required: it is the default language's, shown wherever a language has none`;
/** The description per language: the default language's is required (its absence is refused at its field), the others may be left out. */
const descriptionObject = z.strictObject(
  {
    de: z.string({ error: defaultMissing }).trim().min(1, defaultMissing).pipe(descriptionIn("de")),
    en: descriptionIn("en").optional(),
    es: descriptionIn("es").optional(),
    fr: descriptionIn("fr").optional(),
    it: descriptionIn("it").optional(),
    nl: descriptionIn("nl").optional(),
  } satisfies Record<Locale, z.ZodType>,
  { error: `The description is an object of texts per language (${LOCALES.join(", ")}); ${DEFAULT_LOCALE} is required` },
);
// Parsed when left out too (an empty object, typed as the input it is refused as), so a missing description is refused at its default language's field.
const description = descriptionObject.prefault(() => ({}) as z.input<typeof descriptionObject>);

/** An identifier as typed or scanned (spaces and hyphens allowed), or null for none; its check digit is the service's. */
const identifier = (label: string) => z.union([z.string().trim().max(20, `${label} is too long`).regex(/^[0-9A-Za-z -]*$/, `${label} holds only digits, letters, spaces and hyphens`), z.null()]).default(null);

export const productInputBody = z
  .strictObject({
    name: textParam("The name", 200),
    brand: textParam("The brand", 100),
    categoryId: idField("The category"),
    description: description.describe("The description per language, paragraphs separated by blank lines; de is required"),
    attributes: z
      .array(z.strictObject({ key: textParam("The attribute's name", 60), value: textParam("The attribute's value", 200) }))
      .max(ATTRIBUTES_MAX, `At most ${ATTRIBUTES_MAX} attributes`)
      .default([])
      .describe("Facts shown on the product page, in this order; each name once"),
    colour: textParam("The colour", 60).nullable().default(null).describe("Filterable colour (lists' colour filter)"),
    storage: textParam("The storage", 30).nullable().default(null).describe("Filterable storage, e.g. 128 GB (lists' storage filter)"),
    ean: identifier("The EAN").describe("EAN-13 or EAN-8, checked by its check digit"),
    isbn: identifier("The ISBN").describe("ISBN-10 or ISBN-13, checked by its check digit"),
    asin: identifier("The ASIN").describe("Amazon's number (B + 9 letters and digits) or a book's ISBN-10"),
    bluePrice: z
      .number({ error: "The new price must be a number of cents" })
      .int("The new price must be whole cents")
      .min(1, "The new price must be more than 0")
      .max(MAX_PRICE_CENTS, "The new price is too large")
      .describe("The price of a new unit in cents (the list price the grades' prices are compared with)"),
    chargerCompatible: z.boolean().default(false).describe("Offered with the shop's chargers"),
    assemblySplit: z.boolean().default(false).describe("Sold in parts assembled before shipping"),
    allowedPurchase: z.boolean().default(true).describe("The shop buys it from customers (trade-in)"),
    purchaseStop: z.boolean().default(false).describe("Trade-in paused for now, although allowed"),
  })
  .meta({ id: "OpsProductChange", description: "A product as staff create or change it; the slug follows the name" });
export type ProductInput = z.output<typeof productInputBody>;
export type OpsProductInput = z.input<typeof productInputBody>;

export const productIdParams = z.object({ productId: idParam("Product id") });
export const mediaParams = z.object({ productId: idParam("Product id"), mediaId: idParam("Picture id") });

export const productListQuery = z.object({
  q: textParam("A search", 100).optional().describe("Part of a name, an EAN, ISBN or ASIN, or a product number"),
  page: pageParam(10_000),
});
export type OpsProductListQuery = QueryParams<typeof productListQuery>;

const pictureSchema = z.object({
  mediaId: z.number().int().describe("The entry in the product's pictures (reorder and delete by it)"),
  position: z.number().int(),
  url: z.string().describe("The large picture"),
  thumbnailUrl: z.string(),
  pictureId: z.uuid().nullable().describe("The uploaded picture; null for a generated one or a video"),
  isVideo: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type OpsProductPicture = z.infer<typeof pictureSchema>;

const summary = {
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), path: z.string() }).describe("In the staff member's language"),
  ean: z.string().nullable(),
  isbn: z.string().nullable(),
  asin: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  href: z.string().describe("The product page in the storefront"),
  createdAt: z.string(),
};

export const opsProductListSchema = z
  .object({ products: z.array(z.object(summary)), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: "OpsProductList" });
export type OpsProductList = z.infer<typeof opsProductListSchema>;

export const opsProductSchema = z
  .object({
    ...summary,
    description: z.record(z.string(), z.string()).describe("Per language; a language left out shows the default language's"),
    attributes: z.array(z.object({ key: z.string(), value: z.string() })),
    colour: z.string().nullable(),
    storage: z.string().nullable(),
    bluePrice: z.number().int(),
    chargerCompatible: z.boolean(),
    assemblySplit: z.boolean(),
    allowedPurchase: z.boolean(),
    purchaseStop: z.boolean(),
    pictures: z.array(pictureSchema).describe("In the storefront's order; the first is the cards' picture"),
  })
  .meta({ id: "OpsProduct" });
export type OpsProduct = z.infer<typeof opsProductSchema>;

export const pictureOrderBody = z
  .strictObject({
    mediaIds: z
      .array(idField("A picture id"))
      .min(1, "Name every picture of the product")
      .max(PRODUCT_PICTURE_LIMITS.perProduct, `A product has at most ${PRODUCT_PICTURE_LIMITS.perProduct} pictures`)
      .describe("Every picture of the product, each once, in the new order"),
  })
  .meta({ id: "OpsPictureOrder" });
export type OpsPictureOrderInput = z.input<typeof pictureOrderBody>;

const MB = 1024 * 1024;
/** The upload's form, for the OpenAPI document: the route reads it part by part (photo-uploads.ts), so it is not validated as a JSON body. */
export const pictureUploadForm = z
  .object({
    photos: z
      .array(z.any().meta({ type: "string", contentMediaType: "image/*" }))
      .min(1)
      .max(PRODUCT_PICTURE_LIMITS.perUpload)
      .describe(`One part per picture (JPEG, PNG, WebP or AVIF), each at most ${PRODUCT_PICTURE_LIMITS.fileBytes / MB} MB`),
  })
  .meta({ id: "OpsPictureUploadForm" });
export const pictureUploadNotes = {
  400: `one PHOTO_NOT_AN_IMAGE per file that is no readable image, referenced photos.<index>; PHOTO_LIMIT past ${PRODUCT_PICTURE_LIMITS.perUpload} files in one request or ${PRODUCT_PICTURE_LIMITS.perProduct} pictures of one product; VALIDATION_FAILED for a request that is no such form`,
  413: `a file past ${PRODUCT_PICTURE_LIMITS.fileBytes / MB} MB, referenced photos.<index>`,
} as const;

export const productListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsProductListError = OperationError<typeof productListErrors>;
export const productViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRODUCT_DOESNT_EXIST"] });
export type OpsProductViewError = OperationError<typeof productViewErrors>;
export const productCreateErrors = operationErrors({ 400: ["VALIDATION_FAILED", "IDENTIFIER_INVALID", "CATEGORY_DOESNT_EXIST"], ...STAFF_GUARD_ERRORS });
export type OpsProductCreateError = OperationError<typeof productCreateErrors>;
export const productUpdateErrors = operationErrors({ 400: ["VALIDATION_FAILED", "IDENTIFIER_INVALID", "CATEGORY_DOESNT_EXIST"], ...STAFF_GUARD_ERRORS, 404: ["PRODUCT_DOESNT_EXIST"] });
export type OpsProductUpdateError = OperationError<typeof productUpdateErrors>;
export const pictureUploadErrors = operationErrors({
  400: ["VALIDATION_FAILED", "PHOTO_NOT_AN_IMAGE", "PHOTO_LIMIT"],
  ...STAFF_GUARD_ERRORS,
  404: ["PRODUCT_DOESNT_EXIST"],
  413: ["PHOTO_TOO_LARGE"],
});
export type OpsPictureUploadError = OperationError<typeof pictureUploadErrors>;
export const pictureChangeErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRODUCT_DOESNT_EXIST", "PHOTO_NOT_FOUND"] });
export type OpsPictureChangeError = OperationError<typeof pictureChangeErrors>;
