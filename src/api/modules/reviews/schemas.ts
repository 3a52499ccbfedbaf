import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { pageParam, productIdParam } from "../../schemas.ts";

export const reviewListParams = z.object({ id: productIdParam });
export const reviewListQuery = z.object({ page: pageParam() });

const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
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
