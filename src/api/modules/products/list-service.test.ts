import { describe, expect, it } from "vitest";
import type { ProductListQuery } from "./list-schemas.ts";
import type { ProductListRepository } from "./list-repository.ts";
import { createProductListService, LIST_CACHE_TTL_MS } from "./list-service.ts";

/** A repository that counts its calls and names its products after the call. */
function countingRepository() {
  const calls = { page: 0 };
  const repo = {
    async page() {
      calls.page++;
      const product = { id: 1, name: `call ${calls.page}`, slug: "x", brand: "b", priceMin: 100, bluePrice: 200, propRom: null, propColor: null, onSale: false, categoryId: 1, groupIds: [1], couponCode: null };
      return { rows: [{ product, coupon: null, imageUrl: null, variants: [] }] };
    },
    async totalAndFacets() {
      return { total: 100, facets: {} };
    },
    invalidate() {},
  } as unknown as ProductListRepository;
  return { repo, calls };
}
const query = (extra: Partial<ProductListQuery> = {}) => ({ page: 1, sort: "relevance", locale: "de", ...extra }) as ProductListQuery;

describe("list answers shared for a few seconds", () => {
  it("computes a list once for concurrent and repeated requests, with a search id each", async () => {
    const { repo, calls } = countingRepository();
    const service = createProductListService(repo);
    const answers = await Promise.all([service.list(query()), service.list(query()), service.list(query())]);
    expect(calls.page).toBe(1);
    expect(new Set(answers.map((a) => a.searchUuid)).size).toBe(3);
    const continued = await service.list(query({ originalSearchUuid: "7f0c0f5e-4d0e-4b8e-9a43-2b1f1c7d9e11" }));
    expect(continued.searchUuid).toBe("7f0c0f5e-4d0e-4b8e-9a43-2b1f1c7d9e11");
    expect(calls.page).toBe(1);
    await service.list(query({ page: 2 }));
    expect(calls.page).toBe(2);
  });

  it("sends the same answer as JSON text, with its own search id", async () => {
    const { repo, calls } = countingRepository();
    const service = createProductListService(repo);
    const view = await service.list(query());
    const parsed = JSON.parse(await service.listJson(query())) as typeof view;
    expect({ ...parsed, searchUuid: "x" }).toEqual({ ...view, searchUuid: "x" });
    expect(parsed.searchUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed.searchUuid).not.toBe(view.searchUuid);
    expect(calls.page).toBe(1);
  });

  it("does not ask for a page past the end", async () => {
    const { repo, calls } = countingRepository();
    const service = createProductListService(repo);
    // 100 products make pages 1–4 (29 a page).
    const past = await service.list(query({ page: 5 }));
    expect(past.items).toEqual([]);
    expect(past.total).toBe(100);
    expect(calls.page).toBe(0);
  });

  it("reads again after invalidation", async () => {
    const { repo } = countingRepository();
    const service = createProductListService(repo);
    expect((await service.list(query())).items[0]!.name).toBe("call 1");
    service.invalidate();
    expect((await service.list(query())).items[0]!.name).toBe("call 2");
  });

  it("answers the requests waiting on a computation cut short by an invalidation, but keeps nothing of it", async () => {
    const { repo, calls } = countingRepository();
    const service = createProductListService(repo);
    const pending = Promise.all([service.list(query()), service.list(query())]);
    service.invalidate();
    expect((await pending).map((a) => a.items[0]!.name)).toEqual(["call 1", "call 1"]);
    expect((await service.list(query())).items[0]!.name).toBe("call 2");
    expect(calls.page).toBe(2);
  });

  it("keeps an answer for 5 seconds, not longer", async () => {
    let now = Date.parse("2026-11-22T10:00:00Z");
    const { repo } = countingRepository();
    const service = createProductListService(repo, () => new Date(now));
    expect(LIST_CACHE_TTL_MS).toBe(5_000);
    await service.list(query());
    now += LIST_CACHE_TTL_MS - 100;
    expect((await service.list(query())).items[0]!.name).toBe("call 1");
    now += 200;
    expect((await service.list(query())).items[0]!.name).toBe("call 2");
  });
});
