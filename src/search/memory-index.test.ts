import { describe, expect, it, vi } from "vitest";
import { eq, ilike } from "drizzle-orm";
import { setupTestApp } from "../test/api-harness.ts";
import { products } from "../db/schema/catalogue.ts";
import { ANY_TABLE } from "../db/client.ts";
import { createProductListRepository, type ListFilters } from "../api/modules/products/list-repository.ts";
import type { ProductSort } from "../domain/catalogue/listing.ts";
import { createPostgresLexicon, createPostgresSearchIndex } from "./postgres-index.ts";
import { createMemorySearchIndex } from "./memory-index.ts";
import { createSearchSnapshotRepository } from "./snapshot-repository.ts";
import type { TextMatch } from "../db/text-search.ts";

const { database } = setupTestApp();

function indexes(options: { minProducts?: number } = {}) {
  const db = database().db;
  const lists = createProductListRepository(db);
  const lexicon = createPostgresLexicon(db);
  const postgres = createPostgresSearchIndex(db, lists, lexicon);
  const failures: unknown[] = [];
  const memory = createMemorySearchIndex(
    { snapshots: createSearchSnapshotRepository(db), postgres, lexicon, lists, log: (_msg, err) => failures.push(err) },
    { minProducts: options.minProducts ?? 0, refreshEveryMs: 0 },
  );
  return { postgres, memory, failures };
}

const text = (terms: string[], prefix = false, locale: TextMatch["locale"] = "de"): TextMatch => ({ locale, terms, prefix });

/** Searches and filters of every kind: common and rare words, prefixes, several words, the facet filters. */
const CASES: ListFilters[] = [
  { text: text(["iphone"]) },
  { text: text(["iphone"]), inStock: true, grade: ["A1", "A2"], priceMax: 60_000 },
  { text: text(["samsung", "galaxy"]), brand: ["Samsung"], color: ["Black", "White"] },
  { text: text(["apple"]), rom: ["128 GB", "256 GB"], priceMin: 20_000 },
  { text: text(["apple"]), categoryId: 1104 },
  { text: text(["apple"]), categoryIds: [1104, 1109], onSale: true },
  { text: text(["gb", "128"]) },
  { text: text(["gal"], true) },
  { text: text(["ipho"], true) },
  { text: text(["samsung", "gal"], true) },
  { text: text(["watch"], false, "en") },
  { text: text(["iphone", "qqxzv"]) },
  { text: text(["die"]) },
];

describe("the in-memory search index", () => {
  it("counts, filters and sorts exactly as PostgreSQL does", async () => {
    const { postgres, memory, failures } = indexes();
    expect((await memory.warm({ languages: ["de", "en"] })).engine).toBe("memory");
    let compared = 0;
    for (const f of CASES) {
      const [expected, actual] = await Promise.all([postgres.totalAndFacets(f), memory.totalAndFacets(f)]);
      expect(expected.capped, JSON.stringify(f)).toBe(false);
      expect(actual, JSON.stringify(f)).toEqual(expected);
      compared += expected.total;
      for (const sort of ["price_asc", "price_desc", "popularity", "newest"] satisfies ProductSort[]) {
        for (const offset of [0, 29]) {
          const ids = async (index: typeof postgres) => (await index.page(f, sort, offset, 29)).rows.map((r) => r.product.id);
          expect(await ids(memory), `${sort} ${offset} ${JSON.stringify(f)}`).toEqual(await ids(postgres));
        }
      }
      // By relevance the two rank alike but not identically (ts_rank against words in the name): the same matches.
      const all = async (index: typeof postgres) => (await index.page(f, "relevance", 0, 1000)).rows.map((r) => r.product.id).sort();
      expect(await all(memory)).toEqual(await all(postgres));
    }
    expect(compared).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it("understands and suggests as PostgreSQL does", async () => {
    const { postgres, memory } = indexes();
    await memory.warm();
    for (const query of ["iphnoe", "samsnug galxy", "handyhülle", "iphone 13", "qqxzv", "9780000000002"]) {
      expect(await memory.understand(query, "de"), query).toEqual(await postgres.understand(query, "de"));
    }
    // As the search page understands a query: its last word a prefix.
    for (const query of ["ipho", "apple wat", "iphnoe", "handyhülle", "iphone 13", "qqxzv"]) {
      expect(await memory.understand(query, "de", { prefix: true }), query).toEqual(await postgres.understand(query, "de", { prefix: true }));
    }
    for (const query of ["iph", "samsung gal", "galaxy tab", "qqxzvw", "apple wat"]) {
      for (const groupId of [undefined, 1104]) {
        const request = { query, locale: "de" as const, groupId, products: 6, suggestions: 10 };
        const [expected, actual] = await Promise.all([postgres.suggest(request), memory.suggest(request)]);
        expect(actual, `${query} ${groupId}`).toEqual(expected);
      }
    }
  });

  it("takes in changed stock, new and deleted products when it hears of them", async () => {
    const { memory } = indexes();
    await memory.warm();
    const db = database().db;
    const count = async (f: ListFilters) => (await memory.totalAndFacets(f)).total;
    const word = text(["flimmerquader"]);
    await db.insert(products).values({ id: 9_800_001, name: "Flimmerquader Lampe", slug: "flimmerquader", brand: "Testmarke", categoryId: 1109, groupIds: [1, 16, 1109], bluePrice: 1999, pricePurchase: 500, priceMin: 1500, description: { de: "Leuchtet." } });
    // Not heard of yet: the index still answers from what it holds.
    expect(await count({ text: word })).toBe(0);
    memory.changed("product_search");
    memory.changed("products#9800001");
    await memory.settled();
    expect(await count({ text: word })).toBe(1);
    expect(await count({ text: word, inStock: true })).toBe(1);
    // A stock change of a named product re-reads its row alone.
    await db.update(products).set({ priceMin: null }).where(eq(products.id, 9_800_001));
    memory.changed("products#9800001");
    await memory.settled();
    expect(await count({ text: word, inStock: true })).toBe(0);
    // A new brand is added to the filter's values.
    await db.update(products).set({ brand: "Flimmerwerk", priceMin: 2500 }).where(eq(products.id, 9_800_001));
    memory.changed("products#9800001");
    await memory.settled();
    expect((await memory.totalAndFacets({ text: word, brand: ["Flimmerwerk"] })).facets.brand).toEqual([{ value: "Flimmerwerk", count: 1 }]);
    await db.delete(products).where(eq(products.id, 9_800_001));
    memory.changed("products#9800001");
    await memory.settled();
    expect(await count({ text: word })).toBe(0);
    // After a lost connection, everything is read again.
    memory.changed(ANY_TABLE);
    await memory.settled();
    expect(await count({ text: text(["iphone"]) })).toBeGreaterThan(0);
  });

  it("hears which products changed from the database and refreshes by itself", async () => {
    const { memory } = indexes();
    await memory.warm();
    const unsubscribe = database().onChange((table) => memory.changed(table));
    const db = database().db;
    const [product] = await db.select({ id: products.id, priceMin: products.priceMin }).from(products).where(ilike(products.name, "%iphone%")).orderBy(products.id).limit(1);
    const f: ListFilters = { text: text(["iphone"]), priceMin: 999_999 };
    expect((await memory.totalAndFacets(f)).total).toBe(0);
    await db.update(products).set({ priceMin: 1_000_000 }).where(eq(products.id, product!.id));
    // Re-read alone (a whole read waits refreshEveryMs: here 0, but the row's notification comes first).
    await vi.waitFor(async () => expect((await memory.totalAndFacets(f)).total).toBe(1), { timeout: 5_000, interval: 20 });
    await db.update(products).set({ priceMin: product!.priceMin }).where(eq(products.id, product!.id));
    await vi.waitFor(async () => expect((await memory.totalAndFacets(f)).total).toBe(0), { timeout: 5_000, interval: 20 });
    unsubscribe();
  });

  it("leaves a small catalogue to PostgreSQL, and builds a language when it is first searched", async () => {
    const small = indexes({ minProducts: 10_000_000 }).memory;
    expect(await small.warm()).toMatchObject({ engine: "postgres", products: 0 });
    const { memory } = indexes();
    expect(await memory.warm()).toMatchObject({ engine: "memory", languages: ["de"] });
    expect((await memory.totalAndFacets({ text: text(["watch"], false, "fr") })).total).toBeGreaterThan(0);
    await memory.settled();
    expect(memory.status().languages).toEqual(["de", "fr"]);
  });
});
