import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { PRODUCT_SORTS } from "../../../domain/catalogue/listing.ts";
import { localeQuery } from "../../schemas.ts";

export const productListQuery = z.object({
  page: z.coerce.number().int().min(1, "Pages start at 1").max(10_000).default(1),
  categoryId: z.coerce.number().int().positive().optional().describe("The category and its subcategories"),
  query: z.string().trim().min(1).max(200).optional().describe("Free text search in product names"),
  sort: z.enum(PRODUCT_SORTS).default("relevance"),
  locale: localeQuery,
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** A product as lists show it: the product search doc of SPEC §3, trimmed to what a card needs. */
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
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productListViewSchema = z.object({
  items: z.array(productCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ProductListView = z.infer<typeof productListViewSchema>;
