import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { PRODUCT_SORTS } from "../../../domain/catalogue/listing.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idParam, localeQuery, pagedAnswerFields, pageParam, textParam } from "../../schemas.ts";

/** Longest brand (or author) name a filter takes. */
const BRAND_MAX = 60;
/** Values a list filter takes at most. */
const LIST_MAX = 20;
/** Longest page path sent for tracking. */
const PATHNAME_MAX = 2000;

/** "a,b" or repeated parameters → a list of distinct, non-empty values. */
const list = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .preprocess((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(",")).map((x) => x.trim()).filter(Boolean)), z.array(item).max(LIST_MAX, `At most ${LIST_MAX} values`))
    .optional();
const flag = z.enum(["0", "1"]).transform((v) => v === "1").optional();
const cents = z.coerce.number().int().min(0).max(100_000_000);

export const productListQuery = z
  .object({
    page: pageParam(),
    categoryId: idParam("Category id").optional().describe("The category and its subcategories"),
    categoryIds: list(z.string().regex(/^\d{1,9}$/, "Category ids are numbers").transform(Number)).describe("Any of these categories"),
    query: textParam("Query").optional().describe("Search: names and descriptions in the language, stemmed; typos corrected, compounds split; an EAN, ISBN or ASIN names its product"),
    sort: z.enum(PRODUCT_SORTS).default("relevance"),
    priceMin: cents.optional().describe("Lowest price in cents"),
    priceMax: cents.optional().describe("Highest price in cents"),
    grade: list(z.string().transform((g) => g.toUpperCase()).pipe(z.enum(GRADES))).describe("Grades (any case) of which a unit must be in stock"),
    brand: list(textParam("Brand", BRAND_MAX)),
    color: list(textParam("Colour", 60)).describe("prop_color values"),
    rom: list(textParam("Storage", 20)).describe("prop_rom (storage) values"),
    inStock: flag.describe("1: only products with a unit in stock"),
    onSale: flag.describe("1: only products on sale"),
    pathname: textParam("Pathname", PATHNAME_MAX).optional().describe("The page asking, for tracking"),
    originalSearchUuid: z.uuid().optional().describe("The search this list continues, for tracking"),
    locale: localeQuery,
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: "priceMin must not be above priceMax",
    path: ["priceMin"],
  });
export type ProductListQuery = z.infer<typeof productListQuery>;
/** What a client passes: the parsed shape, every field optional (the client encodes lists and flags). */
export type ProductListParams = Partial<Omit<ProductListQuery, "locale">>;
export const productListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 500: ["INTERNAL_ERROR"] });
export type ProductListError = OperationError<typeof productListErrors>;

/** A product as lists show it: the product search document, trimmed to what a card needs. */
export const productCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  price_min: z.number().int().nullable(),
  blue_price: z.number().int(),
  prop_rom: z.string().nullable(),
  prop_color: z.string().nullable(),
  image_url: z.string().nullable(),
  on_sale: z.boolean(),
  product_category_id: z.number().int(),
  group_ids: z.array(z.number().int()),
  variants: z.array(z.object({ label: z.enum(GRADES), price: z.number().int(), quantity: z.number().int() })),
  coupon_code: z.string().nullable(),
  coupon_valid_from: z.string().nullable(),
  coupon_valid_to: z.string().nullable(),
  coupon_active: z.boolean().describe("Today lies within the coupon's validity: show its badge"),
});
export type ProductCard = z.infer<typeof productCardSchema>;

const facetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const facetsSchema = z.object({
  brand: facetValues,
  color: facetValues,
  rom: facetValues,
  grade: facetValues.describe("Products with a unit of that grade in stock"),
  price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
  priceBands: z
    .array(z.object({ band: z.number().int(), min: z.number().int(), max: z.number().int().nullable(), count: z.number().int() }))
    .describe("Products in stock per price band (cents, max inclusive, null = open); filtering by whole bands is answered from pre-aggregated counts"),
  inStock: z.number().int(),
  onSale: z.number().int(),
});
export type Facets = z.infer<typeof facetsSchema>;

export const productListViewSchema = z.object({
  items: z.array(productCardSchema),
  ...pagedAnswerFields,
  facets: facetsSchema.describe("Counts for each filter value, under all other active filters"),
  searchUuid: z.uuid().describe("Identifies this list for conversion tracking"),
  search: z
    .object({
      exactMatch: z.object({ id: z.number().int(), slug: z.string() }).nullable().describe("The product an exact EAN, ISBN or ASIN names; the list is then empty"),
      correctedQuery: z.string().nullable().describe("The query with its typos corrected (what was searched), when it had some"),
      terms: z.array(z.string()).describe("The words searched for, for highlighting matches"),
      broaderQuery: z.string().nullable().describe("For a search without hits: the query without the word that left nothing, when that has hits"),
      countsCapped: z
        .boolean()
        .describe("The query matched more products than a search counts (2,000): total and facet counts then count that many of the matches and are lower bounds"),
    })
    .optional()
    .describe("Only for a text query"),
});
export type ProductListView = z.infer<typeof productListViewSchema>;
