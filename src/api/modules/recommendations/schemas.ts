import { z } from "zod";
import { RECOMMENDATION_TYPES } from "../../../domain/catalogue/recommendations.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idField, idParam, productIdParam, textParam, type QueryParams } from "../../schemas.ts";
import { productSummarySchema } from "../products/schemas.ts";

export const recommendationQuery = z.object({
  type: z.enum(RECOMMENDATION_TYPES),
  fallbackType: z.enum(RECOMMENDATION_TYPES).default("bestsellers"),
  location: z.enum(["home", "product", "cart", "list"]).default("list").describe("Where the slot is shown"),
  pageSize: z.coerce.number().int().min(1).max(48).default(12),
  allowNotInStock: z.enum(["0", "1"]).transform((v) => v === "1").default(false),
  categoryId: idParam("Category id").optional(),
  fallbackCategoryId: idParam("Category id").optional(),
  productId: productIdParam.optional(),
  query: textParam("Query", 500).optional().describe("recently_viewed: the viewed product ids, comma-separated, newest first"),
});
export type RecommendationQuery = z.infer<typeof recommendationQuery>;
export type RecommendationParams = QueryParams<typeof recommendationQuery>;
/** A slot, its feedback and personalisation events: only their input can be refused. */
export const recommendationErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type RecommendationError = OperationError<typeof recommendationErrors>;

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
    productId: idField("Product id"),
    action: z.enum(["impression", "click", "dismiss"]),
  },
  { error: "Send a JSON body with recommendationId, productId and action" },
);
export type FeedbackInput = z.infer<typeof feedbackBody>;

export const personalisationEventBody = z.object(
  {
    type: z.enum(["Impression", "Click"]),
    contentfulId: textParam("Content id", 100),
    experienceId: textParam("Experience id", 100),
    userGroup: textParam("User group", 50),
  },
  { error: "Send a JSON body with type, contentfulId, experienceId and userGroup" },
);
export type PersonalisationEventInput = z.infer<typeof personalisationEventBody>;
