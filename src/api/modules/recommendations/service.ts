import { randomUUID } from "node:crypto";
import { fillSlot, parseIdList, type RecommendationType } from "../../../domain/catalogue/recommendations.ts";
import { isStorableId } from "../../schemas.ts";
import type { ProductSummary } from "../products/schemas.ts";
import type { EventForwarder } from "./forwarder.ts";
import type { RecommendationRepository } from "./repository.ts";
import type { FeedbackInput, PersonalisationEventInput, RecommendationQuery, RecommendationView } from "./schemas.ts";

export function createRecommendationService(repo: RecommendationRepository, forward: EventForwarder = () => {}) {
  async function find(type: RecommendationType, q: RecommendationQuery, categoryId: number | undefined, limit: number): Promise<ProductSummary[]> {
    const inStockOnly = !q.allowNotInStock;
    switch (type) {
      case "bestsellers":
        return repo.bestsellers({ categoryId, inStockOnly, limit });
      case "similar": {
        if (!q.productId) return [];
        const self = await repo.categoryAndPrice(q.productId);
        if (!self) return [];
        // Same category, closest in price.
        return repo.closestInPrice({ categoryId: self.categoryId, price: self.price ?? 0, excludeId: q.productId, inStockOnly, limit });
      }
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

  return {
    /** The type's products first; the fallback type's (in the fallback category) when they are too few. */
    async recommend(q: RecommendationQuery): Promise<RecommendationView> {
      const exclude = q.productId ? [q.productId] : [];
      const primary = await find(q.type, q, q.categoryId, q.pageSize + exclude.length);
      const needsFallback = fillSlot(primary, [], q.pageSize, exclude).fallbackUsed;
      const fallback = needsFallback && q.fallbackType !== q.type ? await find(q.fallbackType, q, q.fallbackCategoryId ?? q.categoryId, q.pageSize * 2) : [];
      const { items, fallbackUsed } = fillSlot(primary, fallback, q.pageSize, exclude);
      return { recommendationId: randomUUID(), type: fallbackUsed && fallback.length ? q.fallbackType : q.type, fallbackUsed, items };
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
