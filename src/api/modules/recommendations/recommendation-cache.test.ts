import { describe, expect, it } from "vitest";
import { LIST_CACHE_TTL_MS } from "../products/list-service.ts";
import type { ProductSummary } from "../products/schemas.ts";
import type { RecommendationRepository } from "./repository.ts";
import { recommendationQuery } from "./schemas.ts";
import { createRecommendationService } from "./service.ts";

/** A repository whose bestsellers are named after the read that found them, counting the reads. */
function countingRepository() {
  const calls = { bestsellers: 0 };
  const repo = {
    async bestsellers(options: { limit: number }) {
      calls.bestsellers++;
      return Array.from({ length: options.limit }, (_, i) => ({ id: i + 1, name: `read ${calls.bestsellers}` }) as unknown as ProductSummary);
    },
  } as unknown as RecommendationRepository;
  return { repo, calls };
}
const query = (params: Record<string, string>) => recommendationQuery.parse(params);

describe("recommendation slots shared as list answers are", () => {
  it("computes a slot once for concurrent and repeated requests, each answer with its own id", async () => {
    const { repo, calls } = countingRepository();
    const service = createRecommendationService(repo);
    const answers = await Promise.all([1, 2, 3].map(() => service.recommend(query({ type: "bestsellers", pageSize: "4" }))));
    expect(calls.bestsellers).toBe(1);
    expect(new Set(answers.map((a) => a.recommendationId)).size).toBe(3);
    expect(answers[1]!.items).toEqual(answers[0]!.items);
    // Another slot is another answer.
    await service.recommend(query({ type: "bestsellers", pageSize: "5" }));
    expect(calls.bestsellers).toBe(2);
  });

  it("forgets a slot after the lists' five seconds, and every slot when the catalogue changes", async () => {
    let now = Date.now();
    const { repo } = countingRepository();
    const service = createRecommendationService(repo, () => {}, () => new Date(now));
    const first = () => service.recommend(query({ type: "bestsellers", pageSize: "2" })).then((a) => a.items[0]!.name);
    expect(await first()).toBe("read 1");
    now += LIST_CACHE_TTL_MS - 1;
    expect(await first()).toBe("read 1");
    now += 2;
    expect(await first()).toBe("read 2");
    service.invalidate();
    expect(await first()).toBe("read 3");
  });
});
