import { z } from "zod";
import { pagedAnswerFields, pageParam, textParam } from "../../schemas.ts";

/** Devices a search page shows at most, and by default. */
const TRADE_IN_PAGE_SIZE = 24;

export const tradeInSearchQuery = z.object({
  query: textParam("Query").optional(),
  page: pageParam(1000),
  pageSize: z.coerce.number().int().min(1).max(TRADE_IN_PAGE_SIZE).default(TRADE_IN_PAGE_SIZE),
});
export type TradeInSearchQuery = z.infer<typeof tradeInSearchQuery>;

const tradeInItem = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  imageUrl: z.string().nullable(),
  maxPayout: z.number().int().describe("What the shop pays for the device in the best condition, in cents (EUR)"),
});
export const tradeInSearchSchema = z.object({
  items: z.array(tradeInItem),
  query: z.string().nullable(),
  ...pagedAnswerFields,
});
export type TradeInSearchView = z.infer<typeof tradeInSearchSchema>;
