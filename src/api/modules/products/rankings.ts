import { asc, countDistinct, eq, inArray, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { BY_POPULARITY, purchasable } from "../../../db/catalogue-queries.ts";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { errorResponses } from "../../errors.ts";
import { pageParam } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";

const BOOKS_CATEGORY_ID = 20;
const AUTHORS_PAGE_SIZE = 100;
/** A top-products page lists at most this many ranks. */
export const TOP_RANGE_MAX = 1000;

const authorsSchema = z.object({
  items: z.array(z.object({ name: z.string(), count: z.number().int() })),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type AuthorsView = z.infer<typeof authorsSchema>;
const topSchema = z.object({
  items: z.array(
    z.object({
      rank: z.number().int(),
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      maxPayout: z.number().int().optional().describe("green only: the best-condition payout in cents"),
    }),
  ),
  platform: z.enum(["blue", "green"]),
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
});
export type TopProductsView = z.infer<typeof topSchema>;

/** Lists that crawlers and browsing visitors walk: all authors, and products by popularity rank. */
export function registerRankingRoutes(app: ApiInstance, db: Db): void {
  // How many products each platform ranks: counting a million rows for every page a crawler reads is not worth it.
  const totals = new LRUCache<string, number, SQL | undefined>({
    max: 2,
    ttl: 60_000,
    fetchMethod: async (_platform, _stale, { context }) => (await db.select({ n: sql<number>`count(*)::int` }).from(products).where(context))[0]?.n ?? 0,
  });
  app.get(
    "/authors",
    {
      schema: {
        operationId: "api_author_list",
        tags: ["catalogue"],
        summary: "Authors of the books on offer, alphabetically, 100 a page",
        querystring: z.object({ page: pageParam() }),
        response: { 200: authorsSchema, 400: errorResponses[400] },
      },
    },
    async (request) => {
      const inBooks = eq(products.categoryId, BOOKS_CATEGORY_ID);
      const [items, [total]] = await Promise.all([
        db
          .select({ name: products.brand, count: sql<number>`count(*)::int` })
          .from(products)
          .where(inBooks)
          .groupBy(products.brand)
          .orderBy(asc(products.brand))
          .limit(AUTHORS_PAGE_SIZE)
          .offset((request.query.page - 1) * AUTHORS_PAGE_SIZE),
        db.select({ n: countDistinct(products.brand) }).from(products).where(inBooks),
      ]);
      return { items, page: request.query.page, totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / AUTHORS_PAGE_SIZE)) };
    },
  );

  app.get(
    "/top-products",
    {
      schema: {
        operationId: "api_top_products",
        tags: ["catalogue"],
        summary: "Products ranked by popularity, ranks from…to (at most 1,000 at once); on green only those the shop buys, with their payout",
        querystring: z
          .object({
            from: z.coerce.number().int().min(1).max(10_000_000),
            to: z.coerce.number().int().min(1).max(10_000_000),
            platform: z.enum(["blue", "green"], { error: "Platform must be blue or green" }).default("blue"),
          })
          .refine((q) => q.from <= q.to && q.to - q.from < TOP_RANGE_MAX, { message: `from must not exceed to, and a range holds at most ${TOP_RANGE_MAX} ranks`, path: ["to"] }),
        response: { 200: topSchema, 400: errorResponses[400] },
      },
    },
    async (request) => {
      const { from, to, platform } = request.query;
      const green = platform === "green";
      const where = green ? purchasable() : undefined;
      const total = (await totals.fetch(platform, { context: where }))!;
      // Ranks are read as ids first (narrow rows along the popularity index), then the page's rows by id.
      const ids =
        from > total
          ? []
          : (await db.select({ id: products.id }).from(products).where(where).orderBy(...BY_POPULARITY).limit(to - from + 1).offset(from - 1)).map((r) => r.id);
      const rows = ids.length === 0 ? [] : await db.select({ id: products.id, name: products.name, slug: products.slug, payout: products.pricePurchase }).from(products).where(inArray(products.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        items: ids.map((id, i) => {
          const { payout, ...r } = byId.get(id)!;
          return { rank: from + i, ...r, ...(green ? { maxPayout: payout } : {}) };
        }),
        platform,
        from,
        to,
        total,
      };
    },
  );
}
