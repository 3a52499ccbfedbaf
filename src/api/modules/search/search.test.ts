import { describe, expect, it } from "vitest";
import { eq, isNotNull, sql } from "drizzle-orm";
import { setupTestApp } from "../../../test/api-harness.ts";
import { products } from "../../../db/schema/catalogue.ts";
import type { ProductListView } from "../products/list-schemas.ts";
import { createProductListRepository } from "../products/list-repository.ts";
import type { SuggestionsView } from "./schemas.ts";

type Body = ProductListView & { errors?: { code: string; reference: string }[] };

// The same cases on both implementations of the search index: PostgreSQL's and the one held in memory.
for (const engine of ["postgres", "memory"] as const) {
  describe(`search on ${engine}`, () => {
    const { app, database, searchIndexCurrent } = setupTestApp({ searchInMemory: engine === "memory" });
    /** Whether this file wrote products since the index last took them in: a refresh reads the whole catalogue, so only then. */
    let written = false;
    async function indexCurrent(): Promise<void> {
      if (!written) return;
      written = false;
      await searchIndexCurrent();
    }

    async function search(query: string, more = ""): Promise<{ status: number; body: Body }> {
      await indexCurrent();
      const res = await app().inject({ method: "GET", url: `/api/products?query=${encodeURIComponent(query)}${more}` });
      return { status: res.statusCode, body: res.json() };
    }

    let nextId = 9_000_000;
    /** A product of its own, so a case does not depend on the demo catalogue's words. */
    async function addProduct(name: string, options: { description?: string; popularity?: number; inStock?: boolean } = {}) {
      const id = nextId++;
      written = true;
      await database()
        .db.insert(products)
        .values({
          id,
          name,
          slug: `p-${id}`,
          brand: "Testmarke",
          categoryId: 1109,
          groupIds: [1, 16, 1109],
          bluePrice: 1999,
          pricePurchase: 500,
          popularity: options.popularity ?? 0,
          priceMin: options.inStock === false ? null : 1500,
          description: { de: options.description ?? `${name}.`, en: options.description ?? `${name}.` },
        });
      return id;
    }

    describe("search relevance", () => {
      it("corrects a typo and says what it searched for", async () => {
        const { status, body } = await search("iphnoe");
        expect(status).toBe(200);
        expect(body.search?.correctedQuery).toBe("iphone");
        expect(body.total).toBeGreaterThan(0);
        expect(body.items.every((i) => /iphone/i.test(i.name))).toBe(true);
        // Two edits apart still finds it.
        expect((await search("samsnug galxy")).body.search?.correctedQuery).toBe("samsung galaxy");
      });

      it("finds a German compound's parts: Handyhülle finds Handy Hülle", async () => {
        const id = await addProduct("Handy Hülle Silikon Schwarz");
        const { body } = await search("Handyhülle");
        expect(body.items.map((i) => i.id)).toContain(id);
        expect(body.search?.correctedQuery).toBeNull();
        expect(body.search?.terms).toEqual(["handy", "hülle"]);
      });

      it("stems in the visitor's language, in each of the six", async () => {
        const id = await addProduct("Ladekabel Testlauf", { description: "Ladekabel Testlauf", popularity: 1 });
        const description = {
          de: "Robustes Kabel mit Zwölfpolsteckern.",
          en: "A sturdy cable with checked plugs.",
          es: "Cable resistente con enchufes comprobados.",
          fr: "Câble robuste avec fiches vérifiées.",
          it: "Cavo robusto con spine controllate.",
          nl: "Sterke kabel met gecontroleerde stekkers.",
        };
        await database().db.update(products).set({ description }).where(eq(products.id, id));
        written = true;
        // Each query has other inflections of the description's words.
        const queries = { de: "Zwölfpolstecker", en: "checking plug", es: "enchufe comprobado", fr: "fiche vérifiée", it: "spina controllata", nl: "gecontroleerd stekker" };
        for (const [locale, query] of Object.entries(queries)) expect((await search(query, `&locale=${locale}`)).body.items.map((i) => i.id), locale).toContain(id);
        // Stemmed by the visitor's language only: the Italian words are not Spanish ones.
        expect((await search("spina controllata", "&locale=es")).body.items.map((i) => i.id)).not.toContain(id);
      });

      it("goes straight to the product of an exact EAN, ISBN (13 or 10 digits) or ASIN", async () => {
        const db = database().db;
        const [device] = await db.select().from(products).where(isNotNull(products.ean)).orderBy(products.id).limit(1);
        const [book] = await db.select().from(products).where(sql`${products.isbn} like '978%'`).orderBy(products.id).limit(1);
        const [asin] = await db.select().from(products).where(isNotNull(products.asin)).orderBy(products.id).limit(1);
        expect((await search(device!.ean!)).body.search?.exactMatch).toEqual({ id: device!.id, slug: device!.slug });
        expect((await search(book!.isbn!)).body.search?.exactMatch?.id).toBe(book!.id);
        const isbn = book!.isbn!;
        const nine = isbn.slice(3, 12);
        const check = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
        const isbn10 = nine + ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X"][(11 - (check % 11)) % 11];
        expect((await search(`${isbn10.slice(0, 1)}-${isbn10.slice(1, 4)}-${isbn10.slice(4)}`)).body.search?.exactMatch?.id).toBe(book!.id);
        expect((await search(asin!.asin!.toLowerCase())).body.search?.exactMatch?.id).toBe(asin!.id);
      });

      it("finds on the search page what the overlay offers: the last word is a prefix there too", async () => {
        await searchIndexCurrent();
        const overlay = (await app().inject({ method: "GET", url: "/api/search/suggestions?query=ipho" })).json<SuggestionsView>();
        expect(overlay.products.length).toBeGreaterThan(0);
        const { body } = await search("ipho", "&sort=popularity");
        expect(body.total).toBeGreaterThan(0);
        expect(body.search?.correctedQuery).toBeNull();
        expect(body.items.every((i) => /iphone/i.test(i.name))).toBe(true);
        // The overlay shows the most popular matches: the page's first ones by popularity.
        expect(body.items.map((i) => i.id)).toEqual(expect.arrayContaining(overlay.products.map((p) => p.id)));
        // Only the last word: the words before it stay whole.
        const apple = await search("apple wat");
        expect(apple.body.total).toBeGreaterThan(0);
        expect(apple.body.items.every((i) => /apple/i.test(i.name) && /watch/i.test(i.name))).toBe(true);
        expect(apple.body.search?.terms).toEqual(["apple", "wat"]);
      });

      it("answers a query without hits with an empty list, not an error", async () => {
        const { status, body } = await search("qqxzv wvkjj");
        expect(status).toBe(200);
        expect(body.total).toBe(0);
        expect(body.items).toEqual([]);
        expect(body.search?.exactMatch).toBeNull();
        expect((await search("%")).body.total).toBe(0);
      });

      it("offers the query without the word that left nothing when the words find nothing together", async () => {
        await addProduct("Quietschbirne Lampe");
        const { body } = await search("quietschbirne qqxzv");
        expect(body.total).toBe(0);
        expect(body.search?.broaderQuery).toBe("quietschbirne");
        expect((await search("qqxzv wvkjj")).body.search?.broaderQuery).toBeNull();
        expect((await search("quietschbirne")).body.search?.broaderQuery).toBeNull();
      });

      it("ranks name matches over description matches, and in stock over out of stock", async () => {
        const inName = await addProduct("Zauberwort Adapter", { popularity: 1 });
        const inDescription = await addProduct("Anderer Adapter", { description: "Passt zum Zauberwort.", popularity: 1000 });
        const soldOut = await addProduct("Zauberwort Stecker", { popularity: 5000, inStock: false });
        const ids = (await search("zauberwort")).body.items.map((i) => i.id);
        expect(ids).toEqual([inName, soldOut, inDescription]);
        const both = (await search("zauberwort adapter")).body.items.map((i) => i.id);
        expect(both[0]).toBe(inName);
      });

      it("counts facets for the matches and keeps sort and filters of category lists", async () => {
        const { body } = await search("iphone");
        expect(body.facets.brand).toEqual([{ value: "Apple", count: body.total }]);
        const cheap = await search("iphone", "&sort=price_asc&inStock=1");
        const prices = cheap.body.items.map((i) => i.price_min!);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        const grade = await search("iphone", "&grade=A4");
        expect(grade.body.total).toBeLessThanOrEqual(body.total);
      });

      it("refuses bad parameters with 400", async () => {
        expect((await search("iphone", "&page=0")).status).toBe(400);
        expect((await search("iphone", "&sort=best")).status).toBe(400);
        expect((await app().inject({ method: "GET", url: "/api/products?query=a%00b" })).statusCode).toBe(400);
        expect((await app().inject({ method: "GET", url: "/api/products?query=" })).statusCode).toBe(400);
      });
    });

    describe("api_get_smart_suggestions", () => {
      const suggest = async (query: string) => {
        await indexCurrent();
        return app().inject({ method: "GET", url: `/api/search/suggestions?${query}` });
      };

      it("completes the last word and offers up to 6 products, optionally of one category group", async () => {
        const res = await suggest("query=iph");
        expect(res.statusCode).toBe(200);
        const body = res.json<SuggestionsView>();
        expect(body.suggestions).toContain("iphone");
        expect(body.suggestions.length).toBeLessThanOrEqual(10);
        expect(body.products.length).toBeGreaterThan(0);
        expect(body.products.length).toBeLessThanOrEqual(6);
        expect(body.products.every((p) => /iphone/i.test(p.name))).toBe(true);
        const tablets = (await suggest("query=galaxy&groupId=1104")).json<SuggestionsView>();
        expect(tablets.products.length).toBeGreaterThan(0);
        expect(tablets.products.every((p) => /galaxy tab/i.test(p.name))).toBe(true);
      });

      it("corrects typos while typing", async () => {
        const body = (await suggest("query=samsnug gal")).json<SuggestionsView>();
        expect(body.correctedQuery).toBe("samsung gal");
        expect(body.suggestions).toContain("samsung galaxy");
      });

      it("suggests nothing for words that match no product", async () => {
        for (const query of ["qqxzvw", "iphone qqxzvw"]) expect((await suggest(`query=${encodeURIComponent(query)}`)).json<SuggestionsView>(), query).toMatchObject({ suggestions: [], products: [] });
      });

      it("needs at least 3 characters, and refuses bad parameters with 400", async () => {
        for (const q of ["query=ip", "query=%20%20ip%20", "", "query=iphone&groupId=abc", "query=iphone&locale=xx"]) {
          const res = await suggest(q);
          expect(res.statusCode, q).toBe(400);
          expect(res.json().errors[0].code).toBe("VALIDATION_FAILED");
        }
      });
    });
  });
}

describe("search on PostgreSQL only", () => {
  const { app, database } = setupTestApp();
  async function search(query: string): Promise<{ status: number; body: Body }> {
    const res = await app().inject({ method: "GET", url: `/api/products?query=${encodeURIComponent(query)}` });
    return { status: res.statusCode, body: res.json() };
  }
  let nextId = 9_500_000;
  async function addProduct(name: string, options: { popularity?: number } = {}) {
    const id = nextId++;
    await database()
      .db.insert(products)
      .values({ id, name, slug: `p-${id}`, brand: "Testmarke", categoryId: 1109, groupIds: [1, 16, 1109], bluePrice: 1999, pricePurchase: 500, popularity: options.popularity ?? 0, priceMin: 1500, description: { de: `${name}.` } });
    return id;
  }

  describe("api_search_conversion_click", () => {
    const click = (payload: unknown) => app().inject({ method: "POST", url: "/api/search/conversion-clicks", payload: payload as object });

    it("records a click on a result, refuses unknown products and bad bodies", async () => {
      const [product] = await database().db.select({ id: products.id }).from(products).limit(1);
      const searchUuid = "8a6f1a9e-4a55-4c2f-9d1e-0f0b8f1d2c3a";
      expect((await click({ productId: product!.id, searchUuid })).statusCode).toBe(204);
      expect((await click({ productId: 2_000_000_000, searchUuid })).statusCode).toBe(404);
      expect((await click({ productId: product!.id, searchUuid: "nope" })).statusCode).toBe(400);
      expect((await click({ searchUuid })).statusCode).toBe(400);
    });
  });

  describe("counting a search that matches much of the catalogue", () => {
    it("counts at most the limit's matches and says the counts are lower bounds", async () => {
      const { body } = await search("apple");
      expect(body.total).toBeGreaterThan(40);
      expect(body.search!.countsCapped).toBe(false);
      const text = { locale: "de" as const, terms: body.search!.terms, prefix: false };
      const exact = await createProductListRepository(database().db).totalAndFacets({ text });
      expect(exact).toMatchObject({ total: body.total, capped: false });
      const capped = await createProductListRepository(database().db, { searchCountLimit: 20 }).totalAndFacets({ text });
      expect(capped.capped).toBe(true);
      // Twenty matches and the one that shows there are more.
      expect(capped.total).toBe(21);
      for (const facet of ["brand", "grade"] as const) {
        for (const v of capped.facets[facet]) expect(v.count).toBeLessThanOrEqual(exact.facets[facet].find((e) => e.value === v.value)!.count);
      }
      // Under a filter the count is of the sample too: never more than the exact one.
      const inStock = await createProductListRepository(database().db, { searchCountLimit: 20 }).totalAndFacets({ text, inStock: true });
      expect(inStock.capped).toBe(true);
      expect(inStock.total).toBeLessThanOrEqual(exact.facets.inStock);
    });
  });

  describe("ranking a search over a bounded set of matches", () => {
    it("ranks the most popular matches from the popularity walk and rare ones from the text index", async () => {
      const popular = [];
      for (let i = 0; i < 8; i += 1) popular.push(await addProduct(`Zorbex Edition ${i}`, { popularity: 2_000_000 + i }));
      const rare = await addProduct("Quazzle Sonderling", { popularity: 0 });
      // The walk sees the 5 most popular products; the index adds its first 3 matches.
      const repo = createProductListRepository(database().db, { walkedProducts: 5, indexMatches: 3, boundedFrom: 0 });
      const ids = async (word: string) => (await repo.page({ text: { locale: "de", terms: [word], prefix: false } }, "relevance", 0, 29)).rows.map((r) => r.product.id);
      const zorbex = await ids("zorbex");
      // The five most popular are all walked, and rank by popularity: the index alone would have given three.
      expect(zorbex.slice(0, 5)).toEqual(popular.slice(3).reverse());
      expect(zorbex.length).toBeLessThanOrEqual(8);
      expect(await ids("quazzle")).toEqual([rare]);
      // A small catalogue ranks all its matches.
      const all = await createProductListRepository(database().db).page({ text: { locale: "de", terms: ["zorbex"], prefix: false } }, "relevance", 0, 29);
      expect(all.rows.map((r) => r.product.id)).toEqual([...popular].reverse());
    });
  });
});
