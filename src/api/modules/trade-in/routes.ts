import { and, count } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { BY_POPULARITY, firstImages, purchasable } from "../../../db/catalogue-queries.ts";
import { containsText } from "../../../db/text-search.ts";
import { errorResponses } from "../../errors.ts";
import { pageParam, textParam } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";

export const TRADE_IN_PAGE_SIZE = 24;

const tradeInItem = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  imageUrl: z.string().nullable(),
  maxPayout: z.number().int().describe("What the shop pays for the device in the best condition, in cents (EUR)"),
});
const tradeInSearchSchema = z.object({
  items: z.array(tradeInItem),
  query: z.string().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TradeInSearchView = z.infer<typeof tradeInSearchSchema>;

/** The sell side's device search: what can be sold here, and for up to how much. */
export function registerTradeInRoutes(app: ApiInstance, db: Db): void {
  app.get(
    "/trade-in/search",
    {
      schema: {
        operationId: "api_trade_in_search",
        tags: ["trade-in"],
        summary: "Devices the shop buys, most asked-for first, optionally matching a text, with the best-condition payout",
        querystring: z.object({
          query: textParam("Query").optional(),
          page: pageParam(1000),
          pageSize: z.coerce.number().int().min(1).max(TRADE_IN_PAGE_SIZE).default(TRADE_IN_PAGE_SIZE),
        }),
        response: { 200: tradeInSearchSchema, 400: errorResponses[400] },
      },
    },
    async (request) => {
      const { query, page, pageSize } = request.query;
      const where = and(purchasable(), query === undefined ? undefined : containsText(products.name, query));
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: products.id, name: products.name, slug: products.slug, brand: products.brand, maxPayout: products.pricePurchase })
          .from(products)
          .where(where)
          .orderBy(...BY_POPULARITY)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const imageOf = await firstImages(db, rows.map((r) => r.id));
      const n = total?.n ?? 0;
      return {
        items: rows.map((r) => ({ ...r, imageUrl: imageOf.get(r.id) ?? null })),
        query: query ?? null,
        page,
        pageSize,
        total: n,
        totalPages: Math.max(1, Math.ceil(n / pageSize)),
      };
    },
  );
}
