import { z } from "zod";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idParam, localeQuery, type QueryParams } from "../../schemas.ts";

export const navigationQuery = z.object({
  categoryId: idParam("Category id").optional().describe("Return this category's subtree and its breadcrumbs"),
  path: z
    .string()
    .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, "A category path is lower-case words separated by slashes")
    .max(300)
    .optional()
    .describe("Alternatively, the category's URL path"),
  pathLocale: localeQuery.describe("Language the path is written in; default: locale"),
  locale: localeQuery,
});
export type NavigationQuery = QueryParams<typeof navigationQuery>;
export const navigationErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["CATEGORY_DOESNT_EXIST"] });
export type NavigationError = OperationError<typeof navigationErrors>;

export interface NavigationNode {
  id: number;
  name: string;
  /** URL path below the buy prefix, e.g. "elektronik/smartphones". */
  path: string;
  isAccessory: boolean;
  children: NavigationNode[];
}
const nodeSchema: z.ZodType<NavigationNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    path: z.string(),
    isAccessory: z.boolean(),
    children: z.array(nodeSchema),
  }),
  // Recursive: a component of the OpenAPI document, so the tree can refer to itself.
).meta({ id: "NavigationNode", description: "A category with its subcategories" });
export const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), path: z.string() });

export const navigationViewSchema = z.object({
  locale: z.string(),
  categories: z.array(nodeSchema).describe("The tree (or the requested subtree), ordered for display"),
  breadcrumbs: z.array(categoryRefSchema).describe("Ancestors of the requested category, root first, itself last"),
  alternates: z.record(z.string(), z.string()).describe("The requested category's path in every language, for hreflang links"),
});
export type NavigationView = z.infer<typeof navigationViewSchema>;
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const popularCategoriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(8).describe("How many categories"),
  locale: localeQuery,
});
export type PopularCategoriesQuery = QueryParams<typeof popularCategoriesQuery>;
export const popularCategoriesErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type PopularCategoriesError = OperationError<typeof popularCategoriesErrors>;
export const popularCategoriesViewSchema = z.object({
  locale: z.string(),
  categories: z.array(categoryRefSchema).describe("Second-level categories holding the most of the most popular products in stock, most first"),
});
export type PopularCategoriesView = z.infer<typeof popularCategoriesViewSchema>;
