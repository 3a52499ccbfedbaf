import { eq, inArray, or, sql } from "drizzle-orm";
import { selectRows, type Db } from "../db/client.ts";
import { matchingIds } from "../db/text-search.ts";
import { products } from "../db/schema/catalogue.ts";
import { searchWords } from "../db/schema/search.ts";
import type { ListQueries, SearchIndex } from "./search-index.ts";
import { broaderWith, suggestWith, TYPO_CANDIDATES, TYPO_SIMILARITY, understandWith, type Lexicon } from "./understanding.ts";

/** The catalogue's words in the database: the word table's primary key, its trigram index for typos and prefixes. */
export function createPostgresLexicon(db: Db): Lexicon {
  return {
    async known(words) {
      if (words.length === 0) return new Set();
      const rows = await db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words));
      return new Set(rows.map((r) => r.word));
    },
    // The nearest words by trigram distance, walked in the GiST index's order: a few index pages, however many words there are.
    typoCandidates: async (word) =>
      (
        await selectRows<{ word: string }>(
          db,
          sql`select word from (select ${searchWords.word} as word, ${searchWords.word} <-> ${word} as distance from ${searchWords} order by distance, word limit ${TYPO_CANDIDATES}) nearest
              where distance < ${1 - TYPO_SIMILARITY} order by distance, word`,
        )
      ).map((r) => r.word),
    completions: async (prefix, limit) =>
      (
        await db
          .select({ word: searchWords.word })
          .from(searchWords)
          .where(sql`${searchWords.word} like ${prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + "%"}`)
          .orderBy(sql`length(${searchWords.word})`, searchWords.word)
          .limit(limit)
      ).map((r) => r.word),
    async product(id) {
      const [hit] = await db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(id.kind === "asin" ? eq(products.asin, id.code) : or(eq(products.ean, id.code), eq(products.isbn, id.code)))
        .orderBy(products.id)
        .limit(1);
      return hit ?? null;
    },
  };
}

/** The search index on PostgreSQL: the category list's queries with a full-text match, and the catalogue's words for typos. */
export function createPostgresSearchIndex<Row>(db: Db, lists: Omit<ListQueries<Row>, "rowsOf">, lexicon: Lexicon = createPostgresLexicon(db)): SearchIndex<Row> {
  return {
    understand: (query, locale, options) => understandWith(lexicon, query, locale, options),
    totalAndFacets: (f) => lists.totalAndFacets(f),
    broader: (match) => broaderWith(match, async (m) => (await selectRows<{ product_id: number }>(db, matchingIds(m, 1))).length > 0),
    page: (f, sort, offset, limit) => lists.page(f, sort, offset, limit),
    suggest: (request) =>
      suggestWith(lexicon, request, (match) => lists.mostPopularMatches(request.groupId === undefined ? {} : { categoryId: request.groupId }, match, request.products)),
  };
}
