import { randomUUID } from "node:crypto";
import { fillSlot, parseIdList, type RecommendationType } from "../../../domain/catalogue/recommendations.ts";
import { isStorableId } from "../../schemas.ts";
import { sharedAnswers } from "../../shared-answers.ts";
import { LIST_CACHE_TTL_MS } from "../products/list-service.ts";
import type { ProductSummary } from "../products/schemas.ts";
import type { EventForwarder } from "./forwarder.ts";
import type { RecommendationRepository } from "./repository.ts";
import type { FeedbackInput, PersonalisationEventInput, RecommendationQuery, RecommendationView } from "./schemas.ts";

type CachedRecommendation = Omit<RecommendationView, "recommendationId">;

/**
 * Slots are lists of the catalogue: an answer is shared for as long as list answers are (ADR 9),
 * keyed by the validated query, and forgotten when the catalogue changes (`invalidate`). Only the
 * answer's id is new each time, so feedback still names the answer it was given for.
 */
export function createRecommendationService(repo: RecommendationRepository, forward: EventForwarder = () => {}, clock: () => Date = () => new Date()) {
  async function find(type: RecommendationType, q: RecommendationQuery, categoryId: number | undefined, limit: number): Promise<ProductSummary[]> {
    const inStockOnly = !q.allowNotInStock;
    switch (type) {
      case "bestsellers":
        return repo.bestsellers({ categoryId, inStockOnly, limit });
      case "similar":
        // Same category, closest in price.
        return q.productId ? repo.closestInPrice({ productId: q.productId, inStockOnly, limit }) : [];
      case "bought_together":
        if (!q.productId) return [];
        return repo.related({ productId: q.productId, kinds: ["accessory", "wristband"], inStockOnly, limit });
      case "recently_viewed": {
        // Ids beyond PostgreSQL's integer name no product: ignored like any other junk in the list.
        const ids = parseIdList(q.query).filter(isStorableId);
        const rows = await repo.byIds(ids, inStockOnly);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.flatMap((id) => byId.get(id) ?? []);
      }
    }
  }

  /** The type's products first; the fallback type's (in the fallback category) when they are too few. */
  async function compute(q: RecommendationQuery): Promise<CachedRecommendation> {
    const exclude = q.productId ? [q.productId] : [];
    const primary = await find(q.type, q, q.categoryId, q.pageSize + exclude.length);
    const needsFallback = fillSlot(primary, [], q.pageSize, exclude).fallbackUsed;
    const fallback = needsFallback && q.fallbackType !== q.type ? await find(q.fallbackType, q, q.fallbackCategoryId ?? q.categoryId, q.pageSize * 2) : [];
    const { items, fallbackUsed } = fillSlot(primary, fallback, q.pageSize, exclude);
    return { type: fallbackUsed && fallback.length ? q.fallbackType : q.type, fallbackUsed, items };
  }
  const answers = sharedAnswers<CachedRecommendation, RecommendationQuery>({ max: 2000, ttlMs: LIST_CACHE_TTL_MS, clock, compute });

  return {
    async recommend(q: RecommendationQuery): Promise<RecommendationView> {
      // The validated query's keys come in the schema's order: equal queries make equal keys.
      return { recommendationId: randomUUID(), ...(await answers.fetch(JSON.stringify(q), { context: q }))! };
    },

    /** Forgets every kept answer: the catalogue changed. */
    invalidate(): void {
      answers.clear();
    },

    async recordFeedback(input: FeedbackInput): Promise<void> {
      // Lower-cased so that one answer's events count together however the client spells its id.
      const { createdAt } = await repo.insertEvent({ source: "feedback", slot: input.recommendationId.toLowerCase(), type: input.action, productId: input.productId });
      forward({ source: "feedback", createdAt, ...input });
    },

    async recordPersonalisationEvent(input: PersonalisationEventInput): Promise<void> {
      const { createdAt } = await repo.insertEvent({
        source: "personalisation",
        slot: input.contentfulId,
        type: input.type,
        experienceId: input.experienceId,
        userGroup: input.userGroup,
      });
      forward({ source: "personalisation", createdAt, ...input });
    },
  };
}
export type RecommendationService = ReturnType<typeof createRecommendationService>;
