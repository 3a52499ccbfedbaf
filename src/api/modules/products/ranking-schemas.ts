import { z } from "zod";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { pageParam, type QueryParams } from "../../schemas.ts";

/** A top-products page lists at most this many ranks. */
const TOP_RANGE_MAX = 1000;
const PLATFORMS = ["blue", "green"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const authorsQuery = z.object({ page: pageParam() });
export type AuthorsQuery = QueryParams<typeof authorsQuery>;
/** A ranking whose only refusal is its query's (authors, top products). */
export const rankingErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type RankingError = OperationError<typeof rankingErrors>;
export const authorsSchema = z.object({
  items: z.array(z.object({ name: z.string(), count: z.number().int() })),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type AuthorsView = z.infer<typeof authorsSchema>;

export const topProductsQuery = z
  .object({
    from: z.coerce.number().int().min(1).max(10_000_000),
    to: z.coerce.number().int().min(1).max(10_000_000),
    platform: z.enum(PLATFORMS, { error: "Platform must be blue or green" }).default("blue"),
  })
  .refine((q) => q.from <= q.to && q.to - q.from < TOP_RANGE_MAX, { message: `from must not exceed to, and a range holds at most ${TOP_RANGE_MAX} ranks`, path: ["to"] });
export type TopProductsQuery = z.infer<typeof topProductsQuery>;
export type TopProductsParams = QueryParams<typeof topProductsQuery>;

export const topProductsSchema = z.object({
  items: z.array(
    z.object({
      rank: z.number().int(),
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      maxPayout: z.number().int().optional().describe("green only: the best-condition payout in cents"),
    }),
  ),
  platform: z.enum(PLATFORMS),
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
});
export type TopProductsView = z.infer<typeof topProductsSchema>;
