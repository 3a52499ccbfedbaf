import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idParam, pageParam, productIdParam, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

export const reviewListParams = z.object({ id: productIdParam });
export const reviewListQuery = z.object({ page: pageParam() });
export type ReviewListQuery = QueryParams<typeof reviewListQuery>;
export const reviewListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["PRODUCT_DOESNT_EXIST"], 500: ["INTERNAL_ERROR"] });
export type ReviewListError = OperationError<typeof reviewListErrors>;

const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  text: z.string().describe("Plain text as written: clients show it as text, never as HTML"),
  locale: z.string(),
  variant: z.enum(GRADES).nullable(),
  productId: z.number().int(),
  productName: z.string(),
  author: z.string(),
  verifiedPurchase: z.boolean(),
  date: z.string(),
});
export const reviewListSchema = z.object({
  summary: z.object({
    average: z.number().nullable(),
    count: z.number().int(),
    distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })).describe("5 stars first"),
  }),
  items: z.array(reviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const writeReviewBody = z.object(
  {
    rating: z.number({ error: "rating must be 1 to 5 stars" }).int().min(1, "rating must be 1 to 5 stars").max(5, "rating must be 1 to 5 stars"),
    title: textParam("Title", 120),
    text: z.string().trim().min(20, "Write at least 20 characters").max(5_000, "At most 5,000 characters").regex(/^(?:[\n\r\t]|\P{Cc})*$/u, "Text must not contain control characters other than line breaks"),
    variant: z.enum(GRADES).nullish().describe("The grade bought"),
  },
  { error: "Send a JSON body with rating, title, text and optionally variant" },
);
export type WriteReviewBody = z.input<typeof writeReviewBody>;
export const writeReviewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 404: ["PRODUCT_DOESNT_EXIST"], 409: ["REVIEW_EXISTS"] });
export type WriteReviewError = OperationError<typeof writeReviewErrors>;
export const ownReviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  variant: z.enum(GRADES).nullable(),
  verifiedPurchase: z.boolean(),
  status: z.enum(["pending", "approved", "rejected"]),
  rejectionReason: z.string().nullable(),
  date: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;
export const ownReviewAnswer = z.object({ review: ownReviewSchema.nullable(), productName: z.string(), bought: z.boolean() });
export type OwnReviewAnswer = z.infer<typeof ownReviewAnswer>;
export const ownReviewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 404: ["PRODUCT_DOESNT_EXIST"] });
export type OwnReviewError = OperationError<typeof ownReviewErrors>;
/** Moderation answers ROUTE_NOT_FOUND to anyone but staff, and the staff guard's answers (the role: support). */
export const pendingReviewsErrors = operationErrors({ ...STAFF_GUARD_ERRORS, 404: ["ROUTE_NOT_FOUND"] });
export const moderateReviewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ROUTE_NOT_FOUND", "REVIEW_NOT_PENDING"] });
export const pendingReviewsSchema = z.object({ reviews: z.array(ownReviewSchema.extend({ productName: z.string(), author: z.string() })) });
export const reviewIdParams = z.object({ reviewId: idParam("Review id") });
export const rejectBody = z.object({ reason: textParam("Reason", 500) }, { error: "Send a JSON body with the reason" });
