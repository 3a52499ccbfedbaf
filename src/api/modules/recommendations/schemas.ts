import { z } from "zod";
import { RECOMMENDATION_TYPES } from "../../../domain/catalogue/recommendations.ts";
import { productIdParam } from "../../schemas.ts";
import { productSummarySchema } from "../products/schemas.ts";

/** Ids are PostgreSQL integers: a larger number is refused here rather than failing in the query. */
export const MAX_ID = 2_147_483_647;
const categoryIdParam = z.coerce
  .number({ error: "Category id must be a number" })
  .int("Category id must be a whole number")
  .positive("Category id must be positive")
  .max(MAX_ID, "Category id is too large");
const productIdField = z
  .number({ error: "Product id must be a number" })
  .int("Product id must be a whole number")
  .positive("Product id must be positive")
  .max(MAX_ID, "Product id is too large");

/** Text without control characters (PostgreSQL refuses NUL in text) or half surrogate pairs (no encoding can store them). */
function plainText(max: number, min = 0) {
  return z
    .string()
    .min(min)
    .max(max)
    .regex(/^\P{Cc}*$/u, "Must not contain control characters")
    .regex(/^\P{Cs}*$/u, "Contains a broken character");
}

export const recommendationQuery = z.object({
  type: z.enum(RECOMMENDATION_TYPES),
  fallbackType: z.enum(RECOMMENDATION_TYPES).default("bestsellers"),
  location: z.enum(["home", "product", "cart", "list"]).default("list").describe("Where the slot is shown"),
  pageSize: z.coerce.number().int().min(1).max(48).default(12),
  allowNotInStock: z.enum(["0", "1"]).transform((v) => v === "1").default(false),
  categoryId: categoryIdParam.optional(),
  fallbackCategoryId: categoryIdParam.optional(),
  productId: productIdParam.optional(),
  query: plainText(500).optional().describe("recently_viewed: the viewed product ids, comma-separated, newest first"),
});
export type RecommendationQuery = z.infer<typeof recommendationQuery>;

export const recommendationViewSchema = z.object({
  recommendationId: z.uuid().describe("Identifies this answer in api_recommendations_feedback"),
  type: z.enum(RECOMMENDATION_TYPES),
  fallbackUsed: z.boolean(),
  items: z.array(productSummarySchema),
});
export type RecommendationView = z.infer<typeof recommendationViewSchema>;

export const feedbackBody = z.object(
  {
    recommendationId: z.uuid(),
    productId: productIdField,
    action: z.enum(["impression", "click", "dismiss"]),
  },
  { error: "Send a JSON body with recommendationId, productId and action" },
);
export type FeedbackInput = z.infer<typeof feedbackBody>;

export const personalisationEventBody = z.object(
  {
    type: z.enum(["Impression", "Click"]),
    contentfulId: plainText(100, 1),
    experienceId: plainText(100, 1),
    userGroup: plainText(50, 1),
  },
  { error: "Send a JSON body with type, contentfulId, experienceId and userGroup" },
);
export type PersonalisationEventInput = z.infer<typeof personalisationEventBody>;
