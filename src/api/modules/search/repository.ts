import { eq, inArray, or, sql } from "drizzle-orm";
import { firstImages } from "../../../db/catalogue-queries.ts";
import { selectRows, type Db } from "../../../db/client.ts";
import { matchingIds } from "../../../db/text-search.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { searchConversionClicks, searchWords } from "../../../db/schema/search.ts";
import { broaderQueries, correctedQuery, identifierOf, queryWords, resolveWord, searchTerms, compoundSplits } from "../../../domain/search/query.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import type { ProductListRepository } from "../products/list-repository.ts";
import type { SearchIndex, UnderstoodQuery } from "./search-index.ts";

/** Words pg_trgm offers as corrections of one typo, most similar first. */
const TYPO_CANDIDATES = 8;
/** Two swapped letters in a six-letter word leave about 0.23 trigram similarity: below pg_trgm's default 0.3. */
const TYPO_SIMILARITY = 0.2;

/** The search index on PostgreSQL: the category list's queries with a full-text match, and the catalogue's words for typos. */
export function createPostgresSearchIndex(db: Db, lists: ProductListRepository): SearchIndex {
  async function knownWords(words: string[]): Promise<Set<string>> {
    if (words.length === 0) return new Set();
    const rows = await db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words));
    return new Set(rows.map((r) => r.word));
  }
  // The nearest words by trigram distance, walked in the GiST index's order: a few index pages, however many words there are.
  const typoCandidates = async (word: string) =>
    (
      await selectRows<{ word: string }>(
        db,
        sql`select word from (select ${searchWords.word} as word, ${searchWords.word} <-> ${word} as distance from ${searchWords} order by distance, word limit ${TYPO_CANDIDATES}) nearest
            where distance < ${1 - TYPO_SIMILARITY} order by distance, word`,
      )
    ).map((r) => r.word);
  const completions = async (prefix: string, limit: number) =>
    (
      await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} like ${prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + "%"}`)
        .orderBy(sql`length(${searchWords.word})`, searchWords.word)
        .limit(limit)
    ).map((r) => r.word);

  /** The query understood, and while typing the completions of its last word (one lookup serves both). */
  async function understandTyped(query: string, locale: Locale, options: { prefix?: boolean; completions?: number } = {}): Promise<UnderstoodQuery & { completed: string[] }> {
    const id = identifierOf(query);
    if (id) {
      const [hit] = await db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(id.kind === "asin" ? eq(products.asin, id.code) : or(eq(products.ean, id.code), eq(products.isbn, id.code)))
        .orderBy(products.id)
        .limit(1);
      if (hit) return { exact: hit, match: null, correctedQuery: null, completed: [] };
    }
    const words = queryWords(query);
    if (words.length === 0) return { exact: null, match: null, correctedQuery: null, completed: [] };
    // While typing, the last word is a prefix: it stays as typed when some word starts with it.
    const last = options.prefix ? words.at(-1)! : null;
    // The last word's completions and the known words in one round trip (the last word is looked up either way).
    const [completed, known] = await Promise.all([
      last === null ? Promise.resolve([]) : completions(last, options.completions ?? 1),
      knownWords([...new Set(words.flatMap((w) => [w, ...compoundSplits(w).flat()]))]),
    ]);
    const prefix = completed.length > 0 ? last : null;
    const lastIsPrefix = prefix !== null;
    const toResolve = lastIsPrefix ? words.slice(0, -1) : words;
    const resolved = await Promise.all(toResolve.map(async (w) => resolveWord(w, known, known.has(w) || /^\p{N}+$/u.test(w) ? [] : await typoCandidates(w))));
    const terms = [...searchTerms(resolved), ...(prefix !== null ? [prefix] : [])];
    const corrected = correctedQuery(resolved);
    return {
      exact: null,
      match: { locale, terms, prefix: lastIsPrefix },
      correctedQuery: corrected === null ? null : [corrected, ...(prefix !== null ? [prefix] : [])].join(" "),
      completed,
    };
  }

  return {
    async understand(query, locale, options) {
      const { exact, match, correctedQuery } = await understandTyped(query, locale, options);
      return { exact, match, correctedQuery };
    },
    totalAndFacets: (f) => lists.totalAndFacets(f),
    async broader(match) {
      for (const terms of broaderQueries(match.terms)) {
        const [hit] = await selectRows<{ product_id: number }>(db, matchingIds({ ...match, terms }, 1));
        if (hit) return terms;
      }
      return null;
    },
    page: (f, sort, offset, limit) => lists.page(f, sort, offset, limit),
    async suggest({ query, locale, groupId, products: productLimit, suggestions: suggestionLimit }) {
      const understood = await understandTyped(query, locale, { prefix: true, completions: suggestionLimit });
      if (understood.exact) return { suggestions: [], productIds: [understood.exact.id], correctedQuery: null };
      const match = understood.match;
      if (!match) return { suggestions: [], productIds: [], correctedQuery: null };
      const head = match.terms.slice(0, -1).join(" ");
      const last = match.terms.at(-1)!;
      const words = match.prefix ? understood.completed : [last];
      const productIds = await lists.mostPopularMatches(groupId === undefined ? {} : { categoryId: groupId }, match, productLimit);
      return {
        // Words that match no product are no suggestion (the prefix's matches hold every completion's).
        suggestions: productIds.length === 0 ? [] : [...new Set(words.map((w) => (head ? `${head} ${w}` : w)))].slice(0, suggestionLimit),
        productIds,
        correctedQuery: understood.correctedQuery,
      };
    },
  };
}

/** Where result clicks are recorded. */
export function createSearchRepository(db: Db) {
  return {
    async recordClick(productId: number, searchUuid: string): Promise<boolean> {
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!product) return false;
      await db.insert(searchConversionClicks).values({ productId, searchUuid });
      return true;
    },
    async productCards(ids: number[]) {
      if (ids.length === 0) return [];
      const [rows, images] = await Promise.all([
        db.select({ id: products.id, name: products.name, slug: products.slug, priceMin: products.priceMin }).from(products).where(inArray(products.id, ids)),
        firstImages(db, ids),
      ]);
      return rows.map((r) => ({ ...r, imageUrl: images.get(r.id) ?? null }));
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
