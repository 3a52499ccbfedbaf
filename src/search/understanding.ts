import type { Locale } from "../domain/i18n/locales.ts";
import type { TextMatch } from "../db/text-search.ts";
import { broaderQueries, correctedQuery, identifierOf, queryWords, resolveWord, searchTerms, compoundSplits, type ProductIdentifier } from "./core/query.ts";
import type { SuggestRequest, Suggestions, UnderstoodQuery } from "./search-index.ts";

/** Words pg_trgm offers as corrections of one typo, most similar first. */
export const TYPO_CANDIDATES = 8;
/** Two swapped letters in a six-letter word leave about 0.23 trigram similarity: below pg_trgm's default 0.3. */
export const TYPO_SIMILARITY = 0.2;

/** Where the catalogue's words are looked up: the database's word table, or the same words held in memory. */
export interface Lexicon {
  known(words: string[]): Promise<Set<string>>;
  /** The TYPO_CANDIDATES words nearest to a typo (similarity above TYPO_SIMILARITY), most similar first. */
  typoCandidates(word: string): Promise<string[]>;
  /** Words starting with the prefix, shortest first. */
  completions(prefix: string, limit: number): Promise<string[]>;
  /** The product an EAN, ISBN or ASIN names. */
  product(id: ProductIdentifier): Promise<{ id: number; slug: string } | null>;
}

/** The query understood, and while typing the completions of its last word (one lookup serves both). */
export async function understandTyped(
  lexicon: Lexicon,
  query: string,
  locale: Locale,
  options: { prefix?: boolean | undefined; completions?: number } = {},
): Promise<UnderstoodQuery & { completed: string[] }> {
  const id = identifierOf(query);
  if (id) {
    const hit = await lexicon.product(id);
    if (hit) return { exact: hit, match: null, correctedQuery: null, completed: [] };
  }
  const words = queryWords(query);
  if (words.length === 0) return { exact: null, match: null, correctedQuery: null, completed: [] };
  // While typing, the last word is a prefix: it stays as typed when some word starts with it.
  const last = options.prefix ? words.at(-1)! : null;
  // The last word's completions and the known words in one round trip (the last word is looked up either way).
  const [completed, known] = await Promise.all([
    last === null ? Promise.resolve([]) : lexicon.completions(last, options.completions ?? 1),
    lexicon.known([...new Set(words.flatMap((w) => [w, ...compoundSplits(w).flat()]))]),
  ]);
  const prefix = completed.length > 0 ? last : null;
  const lastIsPrefix = prefix !== null;
  const toResolve = lastIsPrefix ? words.slice(0, -1) : words;
  const resolved = await Promise.all(toResolve.map(async (w) => resolveWord(w, known, known.has(w) || /^\p{N}+$/u.test(w) ? [] : await lexicon.typoCandidates(w))));
  const terms = [...searchTerms(resolved), ...(prefix !== null ? [prefix] : [])];
  const corrected = correctedQuery(resolved);
  return {
    exact: null,
    match: { locale, terms, prefix: lastIsPrefix },
    correctedQuery: corrected === null ? null : [corrected, ...(prefix !== null ? [prefix] : [])].join(" "),
    completed,
  };
}

/** The query understood (SearchIndex.understand), whichever index looks its words up. */
export async function understandWith(lexicon: Lexicon, query: string, locale: Locale, options?: { prefix?: boolean | undefined }): Promise<UnderstoodQuery> {
  const { exact, match, correctedQuery } = await understandTyped(lexicon, query, locale, options);
  return { exact, match, correctedQuery };
}

/**
 * The overlay's answer, whichever index finds the products: the typed query understood (its last
 * word completed) and the most popular products matching it, from `mostPopular`.
 */
export async function suggestWith(
  lexicon: Lexicon,
  { query, locale, suggestions: limit }: SuggestRequest,
  mostPopular: (match: TextMatch) => Promise<number[]>,
): Promise<Suggestions> {
  const understood = await understandTyped(lexicon, query, locale, { prefix: true, completions: limit });
  if (understood.exact) return { suggestions: [], productIds: [understood.exact.id], correctedQuery: null };
  const match = understood.match;
  if (!match) return { suggestions: [], productIds: [], correctedQuery: null };
  const head = match.terms.slice(0, -1).join(" ");
  const words = match.prefix ? understood.completed : [match.terms.at(-1)!];
  const productIds = await mostPopular(match);
  return {
    // Words that match no product are no suggestion (the prefix's matches hold every completion's).
    suggestions: productIds.length === 0 ? [] : [...new Set(words.map((w) => (head ? `${head} ${w}` : w)))].slice(0, limit),
    productIds,
    correctedQuery: understood.correctedQuery,
  };
}

/** The first broader query (broaderQueries) that `matchesAny` finds products for, or null. */
export async function broaderWith(match: TextMatch, matchesAny: (match: TextMatch) => Promise<boolean>): Promise<string[] | null> {
  for (const terms of broaderQueries(match.terms)) if (await matchesAny({ ...match, terms })) return terms;
  return null;
}
