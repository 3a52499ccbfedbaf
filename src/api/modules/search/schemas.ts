import { z } from "zod";
import { SUGGESTION_MIN_CHARS } from "../../../domain/catalogue/search-suggestions.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idParam, localeQuery, productIdParam, textParam, type QueryParams } from "../../schemas.ts";

export const suggestionsQuery = z.object({
  query: textParam("Query").refine((q) => q.length >= SUGGESTION_MIN_CHARS, `Query needs at least ${SUGGESTION_MIN_CHARS} characters`),
  groupId: idParam("Category group id").optional().describe("Only products of this category and its subcategories"),
  locale: localeQuery,
});

export type SuggestionsQuery = QueryParams<typeof suggestionsQuery>;
export const suggestionsErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 500: ["INTERNAL_ERROR"] });
export type SuggestionsError = OperationError<typeof suggestionsErrors>;

export const suggestionsSchema = z.object({
  suggestions: z.array(z.string()).max(10).describe("Completed queries, best first"),
  products: z
    .array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), price_min: z.number().int().nullable(), image_url: z.string().nullable() }))
    .max(6)
    .describe("The best matching products"),
  correctedQuery: z.string().nullable().describe("The query with its typos corrected, when it had some"),
});
export type SuggestionsView = z.infer<typeof suggestionsSchema>;

export const conversionClickBody = z.object({
  productId: productIdParam,
  searchUuid: z.uuid(),
});
export const conversionClickErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["PRODUCT_DOESNT_EXIST"], 500: ["INTERNAL_ERROR"] });
