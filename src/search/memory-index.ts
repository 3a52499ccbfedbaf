import { LRUCache } from "lru-cache";
import { ANY_TABLE } from "../db/client.ts";
import type { TextMatch } from "../db/text-search.ts";
import { DEFAULT_LOCALE, type Locale } from "../domain/i18n/locales.ts";
import { countFacets, mostPopularMatches, pageOfMatches } from "./core/memory-search.ts";
import { patchColumns, reorderColumns, unpackProductColumns, type ProductColumns } from "./core/product-columns.ts";
import { buildTextPostings, matchWindows, rememberedWindows, type LexemeQuery, type TextPostings } from "./core/text-postings.ts";
import { createWordList, type WordList } from "./core/word-list.ts";
import type { ListQueries, SearchIndex } from "./search-index.ts";
import type { SearchSnapshotRepository } from "./snapshot-repository.ts";
import { broaderWith, suggestWith, TYPO_CANDIDATES, TYPO_SIMILARITY, understandWith, type Lexicon } from "./understanding.ts";

export interface MemorySearchOptions {
  /** Smaller catalogues stay on PostgreSQL, which answers them fast enough and sees every change at once. */
  minProducts: number;
  /** Changes are taken in at most this often (each refresh reads the changed part whole; after a refresh of N seconds, at least 5 N later). */
  refreshEveryMs: number;
  /** A search counts its total and facets over at most this many of its matches (the most popular). */
  countLimit: number;
  /** How many of a search's most popular matches are ranked by relevance. */
  rankedMatches: number;
  /** How many of a query's most popular matches the overlay picks its products from, */
  suggestionScan: number;
  /** looking at no more than this many (in a category group, most matches may lie outside it). */
  suggestionExamined: number;
}

export const MEMORY_SEARCH_DEFAULTS: MemorySearchOptions = {
  minProducts: 50_000,
  refreshEveryMs: 5_000,
  countLimit: 5_000,
  rankedMatches: 500,
  suggestionScan: 200,
  suggestionExamined: 10_000,
};

/** Queries whose matches a language keeps as they were made, for the page that follows the count of the same search (few: not an answer cache). */
const RECENT_MATCHES = 32;

/** After a refresh, the next one waits at least five times as long as it took: refreshing takes at most a sixth of the time. */
const REFRESH_SPACING = 5;

/** What the index answers from, and how big it is. */
export interface MemoryIndexStatus {
  engine: "memory" | "postgres";
  products: number;
  languages: Locale[];
  words: number;
}

/** Changes the index takes in: named products (their columns; "*" for all), and the search documents and words. */
const PRODUCT_IDS = "products#";
const TEXT_TABLES = new Set(["product_search", "search_words", ANY_TABLE]);
/** Named products are re-read this long after the first notification, together with those named meanwhile. */
const PATCH_DELAY_MS = 50;

/**
 * The search index held in memory, built from PostgreSQL's own search documents (its stemming, its
 * words), so it finds what the PostgreSQL index finds: the products' filter columns as typed arrays,
 * one inverted index per language that has been searched, and the catalogue's words with a trigram
 * index for typos. A search then costs no database statement but the page's rows. It is a cache of
 * the database, kept by the change notifications every instance hears: a change to products re-reads
 * the columns, a change to the search documents rebuilds the text indexes, one refresh at a time and
 * not more often than `refreshEveryMs`. Until it is built (and for small catalogues) PostgreSQL answers.
 */
export function createMemorySearchIndex<Row>(
  deps: { snapshots: SearchSnapshotRepository; postgres: SearchIndex<Row>; lexicon: Lexicon; lists: Pick<ListQueries<Row>, "rowsOf">; log: (msg: string, err: unknown) => void },
  options: Partial<MemorySearchOptions> = {},
) {
  const o = { ...MEMORY_SEARCH_DEFAULTS, ...options };
  const { snapshots, postgres, lists } = deps;
  let active = false;
  /** The products' columns as last read, row = product id. */
  let byId: ProductColumns | null = null;
  /**
   * The document order (product ids by popularity when the texts were built) that every language's
   * postings share, the columns laid out in it, and the languages built so far.
   */
  let generation: {
    order: Int32Array;
    /** Product id → row of `columns` (-1: none). */
    rowOf: Int32Array;
    columns: ProductColumns;
    texts: Map<Locale, { postings: TextPostings; stems: Map<string, string[]>; recent: Map<string, () => Iterable<Int32Array>> }>;
  } | null = null;
  let words: WordList | null = null;
  let vocabulary: string[] = [];
  const building = new Map<Locale, Promise<void>>();
  // Stems of words the catalogue does not hold (prefixes being typed, unknown words): the configurations never change.
  const otherStems = new LRUCache<string, string[]>({ max: 20_000 });

  async function loadWords(): Promise<void> {
    vocabulary = await snapshots.words();
    words = createWordList(vocabulary);
  }

  async function newGeneration(columns: ProductColumns) {
    const order = await snapshots.productsByPopularity();
    const rowOf = new Int32Array(order.reduce((max, id) => Math.max(max, id), 0) + 1).fill(-1);
    order.forEach((id, row) => (rowOf[id] = row));
    return { order, rowOf, columns: reorderColumns(columns, order), texts: new Map() };
  }

  /** One language's postings in the generation's order, and the stem of every catalogue word in it (so a search stems nothing it can look up). */
  async function buildText(into: NonNullable<typeof generation>, locale: Locale): Promise<void> {
    const [packed, stems] = await Promise.all([snapshots.postings(locale), snapshots.stems(locale, vocabulary)]);
    into.texts.set(locale, { postings: buildTextPostings(packed, into.order), stems, recent: new Map() });
  }

  /** The generation and its text for a language, or undefined while PostgreSQL must answer (the language is then built). */
  function textFor(locale: Locale) {
    const current = generation;
    if (!active || !current) return undefined;
    const text = current.texts.get(locale);
    if (!text && !building.has(locale)) {
      const build = buildText(current, locale)
        .catch((err) => deps.log(`search index for ${locale} not built`, err))
        .finally(() => building.delete(locale));
      building.set(locale, build);
    }
    return text && { columns: current.columns, ...text };
  }

  /** A match's words as the language's lexemes (stemmed as the documents were); stop words drop out. */
  async function lexemesOf(match: TextMatch, stems: Map<string, string[]>): Promise<LexemeQuery> {
    const terms = match.terms.map((t) => t.replace(/[^\p{L}\p{N}]/gu, "")).filter(Boolean);
    const missing = [...new Set(terms.filter((t) => !stems.has(t) && !otherStems.has(`${match.locale}:${t}`)))];
    if (missing.length > 0) for (const [word, lexemes] of await snapshots.stems(match.locale, missing)) otherStems.set(`${match.locale}:${word}`, lexemes);
    const of = (t: string) => stems.get(t) ?? otherStems.get(`${match.locale}:${t}`) ?? [];
    const exact = (match.prefix ? terms.slice(0, -1) : terms).flatMap(of);
    const typed = match.prefix && terms.length > 0 ? of(terms.at(-1)!) : [];
    return { exact: [...exact, ...typed.slice(0, -1)], prefix: typed.at(-1) ?? null };
  }

  const lexicon: Lexicon = {
    known: async (list) => new Set(list.filter((w) => words!.has(w))),
    typoCandidates: async (word) => words!.nearest(word, TYPO_CANDIDATES, TYPO_SIMILARITY),
    completions: async (prefix, limit) => words!.completions(prefix, limit),
    product: (id) => deps.lexicon.product(id),
  };

  /** The documents a match finds, or null when PostgreSQL must answer (index not built for the language yet). */
  async function matches(match: TextMatch) {
    const text = textFor(match.locale);
    if (!text) return null;
    const query = await lexemesOf(match, text.stems);
    // The count and the page of one search ask for the same matches: the second reads what the first made.
    const key = `${match.locale} ${query.exact.join(" ")} ${query.prefix ?? ""}`;
    let windows = text.recent.get(key);
    if (!windows) {
      windows = rememberedWindows(() => matchWindows(text.postings, query)[Symbol.iterator]());
      if (text.recent.size >= RECENT_MATCHES) text.recent.delete(text.recent.keys().next().value!);
      text.recent.set(key, windows);
    }
    return { columns: text.columns, postings: text.postings, query, windows };
  }

  // Refreshing: what changed is marked, and one refresh at a time takes it in.
  let columnsChanged = false;
  let textChanged = false;
  /** Products whose rows are re-read alone (a notification named them). */
  let changedIds = new Set<number>();
  let lastRefresh = 0;
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | null = null;
  async function refresh(): Promise<void> {
    let readColumns = columnsChanged;
    const readText = textChanged;
    const ids = readColumns ? [] : [...changedIds];
    columnsChanged = textChanged = false;
    changedIds = new Set();
    try {
      // A few named products: their rows alone, patched in place (both layouts), unless only a whole read can take them in.
      if (ids.length > 0 && !patchColumns(byId!, generation!.columns, generation!.rowOf, ids, await snapshots.productColumns(ids))) readColumns = true;
      if (readColumns) byId = unpackProductColumns(await snapshots.productColumns());
      if (readText) {
        // A new document order for every language at once; searches keep the previous generation until it is whole.
        await loadWords();
        const next = await newGeneration(byId!);
        for (const locale of generation!.texts.keys()) await buildText(next, locale);
        generation = next;
      } else if (readColumns) {
        generation = { ...generation!, columns: reorderColumns(byId!, generation!.order) };
      }
    } catch (err) {
      columnsChanged ||= readColumns || ids.length > 0;
      textChanged ||= readText;
      deps.log("search index not refreshed", err);
    }
  }
  const pending = () => columnsChanged || textChanged || changedIds.size > 0;
  // How long the last refresh took: a big catalogue's refresh reads seconds of rows, so refreshes then come further apart.
  let lastDuration = 0;
  function startRefresh(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const started = Date.now();
    const whole = columnsChanged || textChanged;
    refreshing ??= refresh().finally(() => {
      refreshing = null;
      if (whole) {
        lastRefresh = Date.now();
        lastDuration = lastRefresh - started;
      }
      schedule();
    });
    return refreshing;
  }
  function schedule(): void {
    if (!active || timer || refreshing || !pending()) return;
    // Named products are re-read after a moment (notifications of one burst come together); whole reads wait their turn.
    const wait = columnsChanged || textChanged ? lastRefresh + Math.max(o.refreshEveryMs, lastDuration * REFRESH_SPACING) - Date.now() : PATCH_DELAY_MS;
    timer = setTimeout(startRefresh, Math.max(0, wait));
    timer.unref();
  }
  function status(): MemoryIndexStatus {
    return { engine: active ? "memory" : "postgres", products: active ? (byId?.count ?? 0) : 0, languages: [...(generation?.texts.keys() ?? [])], words: vocabulary.length };
  }

  const index: SearchIndex<Row> = {
    understand: (query, locale, opts) => (active && words ? understandWith(lexicon, query, locale, opts) : postgres.understand(query, locale, opts)),
    async totalAndFacets(f) {
      const m = f.text && (await matches(f.text));
      if (!m) return postgres.totalAndFacets(f);
      return countFacets(m.columns, m.windows(), f, o.countLimit);
    },
    async page(f, sort, offset, limit) {
      const m = f.text && (await matches(f.text));
      if (!m) return postgres.page(f, sort, offset, limit);
      return lists.rowsOf(pageOfMatches(m.columns, m.postings, m.windows(), m.query, f, sort, offset, limit, { ranked: o.rankedMatches, counted: o.countLimit }));
    },
    async broader(match) {
      if (!textFor(match.locale)) return postgres.broader(match);
      return broaderWith(match, async (broader) => {
        const m = await matches(broader);
        for (const docs of m ? m.windows() : []) if (docs.length > 0) return true;
        return false;
      });
    },
    async suggest(request) {
      if (!words || !textFor(request.locale)) return postgres.suggest(request);
      const filters = request.groupId === undefined ? {} : { categoryId: request.groupId };
      return suggestWith(lexicon, request, async (match) => {
        const m = await matches(match);
        return m ? mostPopularMatches(m.columns, m.windows(), filters, request.products, { picked: o.suggestionScan, examined: o.suggestionExamined }) : [];
      });
    },
  };

  return {
    ...index,
    /**
     * Builds the index when the catalogue is big enough: the given languages' texts at once (the
     * default language's), others when first searched, with PostgreSQL answering them meanwhile.
     * Resolves with what answers from then on.
     */
    async warm({ languages = [DEFAULT_LOCALE] }: { languages?: Locale[] } = {}): Promise<MemoryIndexStatus> {
      // A small catalogue stays on PostgreSQL: counted, not read.
      if ((await snapshots.productCount()) >= o.minProducts) {
        byId = unpackProductColumns(await snapshots.productColumns());
        await loadWords();
        const first = await newGeneration(byId);
        for (const locale of languages) await buildText(first, locale);
        generation = first;
        active = true;
        lastRefresh = Date.now();
        // Changes heard while it was being built.
        schedule();
      }
      return status();
    },
    /**
     * A change notification: marks what it touches for the next refresh. Products are named by
     * "products#<ids>" (migration 0028), which every change of products sends besides "products".
     */
    changed(table: string): void {
      if (table.startsWith(PRODUCT_IDS)) {
        const ids = table.slice(PRODUCT_IDS.length);
        if (ids === "*") columnsChanged = true;
        else for (const id of ids.split(",")) if (/^\d+$/.test(id)) changedIds.add(Number(id));
      }
      if (table === ANY_TABLE) columnsChanged = true;
      if (TEXT_TABLES.has(table)) textChanged = true;
      schedule();
    },
    /** Resolves once every change heard so far is taken in, and every language being built is built. */
    async settled(): Promise<void> {
      while (active && (refreshing || timer || pending() || building.size > 0)) {
        await (refreshing || timer || pending() ? startRefresh() : Promise.all(building.values()));
      }
    },
    status,
    close(): void {
      clearTimeout(timer);
      timer = undefined;
      active = false;
    },
  };
}
export type MemorySearchIndex<Row = unknown> = ReturnType<typeof createMemorySearchIndex<Row>>;
