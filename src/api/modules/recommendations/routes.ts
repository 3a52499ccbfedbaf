import { randomUUID } from "node:crypto";
import { and, arrayContains, asc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { productMedia, productRelations, products } from "../../../db/schema/catalogue.ts";
import { fillSlot, parseIdList, RECOMMENDATION_TYPES, type RecommendationType } from "../../../domain/catalogue/recommendations.ts";
import { errorResponses } from "../../errors.ts";
import { productSummarySchema } from "../products/schemas.ts";
import type { ApiInstance } from "../../types.ts";

const querySchema = z.object({
  type: z.enum(RECOMMENDATION_TYPES),
  fallbackType: z.enum(RECOMMENDATION_TYPES).default("bestsellers"),
  location: z.enum(["home", "product", "cart", "list"]).default("list").describe("Where the slot is shown"),
  pageSize: z.coerce.number().int().min(1).max(48).default(12),
  allowNotInStock: z.enum(["0", "1"]).transform((v) => v === "1").default(false),
  categoryId: z.coerce.number().int().positive().optional(),
  fallbackCategoryId: z.coerce.number().int().positive().optional(),
  productId: z.coerce.number().int().positive().optional(),
  query: z.string().max(500).optional().describe("recently_viewed: the viewed product ids, comma-separated, newest first"),
});
const viewSchema = z.object({
  recommendationId: z.uuid().describe("Identifies this answer in api_recommendations_feedback"),
  type: z.enum(RECOMMENDATION_TYPES),
  fallbackUsed: z.boolean(),
  items: z.array(productSummarySchema),
});
export type RecommendationView = z.infer<typeof viewSchema>;
type Summary = z.infer<typeof productSummarySchema>;

const firstImage = sql<string | null>`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${products.id} and not ${productMedia.isVideo} order by ${productMedia.position} limit 1)`;
const summary = { id: products.id, name: products.name, slug: products.slug, propRom: products.propRom, propColor: products.propColor, priceMin: products.priceMin, imageUrl: firstImage };

/** Product recommendations by type, with a fallback type when one finds too few. */
export function registerRecommendationRoutes(app: ApiInstance, db: Db): void {
  async function find(type: RecommendationType, q: z.infer<typeof querySchema>, categoryId: number | undefined, limit: number): Promise<Summary[]> {
    const stock = q.allowNotInStock ? undefined : isNotNull(products.priceMin);
    const inCategory = (id: number | undefined) => (id === undefined ? undefined : arrayContains(products.groupIds, [id]));
    const select = (where: SQL | undefined, ...order: SQL[]) => db.select(summary).from(products).where(where).orderBy(...order).limit(limit);
    switch (type) {
      case "bestsellers":
        return select(and(stock, inCategory(categoryId)), sql`${products.popularity} desc nulls last`, asc(products.id));
      case "similar": {
        if (!q.productId) return [];
        const [self] = await db.select({ categoryId: products.categoryId, price: products.priceMin }).from(products).where(eq(products.id, q.productId));
        if (!self) return [];
        // Same category, closest in price.
        return select(and(stock, eq(products.categoryId, self.categoryId), ne(products.id, q.productId)), sql`abs(coalesce(${products.priceMin}, 0) - ${self.price ?? 0})`, asc(products.id));
      }
      case "bought_together": {
        if (!q.productId) return [];
        return db
          .select(summary)
          .from(productRelations)
          .innerJoin(products, eq(products.id, productRelations.relatedProductId))
          .where(and(eq(productRelations.productId, q.productId), inArray(productRelations.kind, ["accessory", "wristband"]), stock))
          .orderBy(productRelations.position)
          .limit(limit);
      }
      case "recently_viewed": {
        const ids = parseIdList(q.query);
        if (ids.length === 0) return [];
        const rows = await db.select(summary).from(products).where(and(inArray(products.id, ids), stock));
        return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is Summary => r !== undefined);
      }
    }
  }

  app.get(
    "/recommendations",
    {
      schema: {
        operationId: "api_recommendations",
        tags: ["recommendations"],
        summary: "Products to recommend in a slot: similar, bestsellers, recently viewed or bought together",
        querystring: querySchema,
        response: { 200: viewSchema, 400: errorResponses[400] },
      },
    },
    async (request) => {
      const q = request.query;
      const exclude = q.productId ? [q.productId] : [];
      const primary = await find(q.type, q, q.categoryId, q.pageSize + exclude.length);
      const needsFallback = fillSlot(primary, [], q.pageSize, exclude).fallbackUsed;
      const fallback = needsFallback && q.fallbackType !== q.type ? await find(q.fallbackType, q, q.fallbackCategoryId ?? q.categoryId, q.pageSize * 2) : [];
      const { items, fallbackUsed } = fillSlot(primary, fallback, q.pageSize, exclude);
      return { recommendationId: randomUUID(), type: fallbackUsed && fallback.length ? q.fallbackType : q.type, fallbackUsed, items };
    },
  );

  app.post(
    "/recommendations/feedback",
    {
      schema: {
        operationId: "api_recommendations_feedback",
        tags: ["recommendations"],
        summary: "Tells which recommended product was shown, clicked or dismissed",
        body: z.object({ recommendationId: z.uuid(), productId: z.number().int().positive(), action: z.enum(["impression", "click", "dismiss"]) }),
        response: { 202: z.null(), 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      request.log.info({ feedback: request.body }, "recommendation feedback");
      return reply.status(202).send(null);
    },
  );

  app.post(
    "/salesforce/events",
    {
      schema: {
        operationId: "api_salesforce_event",
        tags: ["recommendations"],
        summary: "Impressions and clicks of personalised slots (sent only with marketing consent)",
        body: z.object({ type: z.enum(["Impression", "Click"]), contentfulId: z.string().min(1).max(100), experienceId: z.string().min(1).max(100), userGroup: z.string().min(1).max(50) }),
        response: { 202: z.null(), 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      // The personalisation service is outside this system: events are recorded here for it.
      request.log.info({ personalisation: request.body }, "personalisation event");
      return reply.status(202).send(null);
    },
  );
}
