import { int32sOf } from "./product-columns.ts";

/**
 * An inverted index of one language's search documents: for every stemmed word (lexeme), the
 * documents that hold it, and those that hold it in the name. Documents are numbered by popularity
 * when the index is built (document 0 was the most popular product), so the first matches of any
 * query are its most popular ones and a bounded scan keeps the best of them.
 */
export interface TextPostings {
  /** Lexemes in code-unit order, so the lexemes a prefix starts are one range. */
  lexemes: string[];
  /** Documents holding each lexeme, ascending. */
  all: Int32Array[];
  /** Documents holding each lexeme in the name, ascending. */
  name: Int32Array[];
  /** Document → product id. */
  productOf: Int32Array;
  /** The union of the documents of prefixes that start many lexemes, made at their first use (see PREFIX_UNIONS). */
  prefixUnions: Map<string, Int32Array>;
}

/** A prefix starting more lexemes than this gets its documents united once and kept (a word being typed is asked for again and again). */
const UNITED_FROM = 16;
/** How many such unions a language keeps, the oldest dropped first. */
const PREFIX_UNIONS = 256;

/** One lexeme's postings as PostgreSQL packs them (product ids, big-endian int4). */
export interface PackedPostings {
  lexeme: string;
  all: Uint8Array;
  name: Uint8Array | null;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Builds the postings with documents numbered by the given order of product ids (most popular
 * first); products outside it (deleted since) are left out.
 */
export function buildTextPostings(packed: readonly PackedPostings[], productsByPopularity: Int32Array): TextPostings {
  let maxId = 0;
  for (const id of productsByPopularity) if (id > maxId) maxId = id;
  const docOf = new Int32Array(maxId + 1).fill(-1);
  productsByPopularity.forEach((id, doc) => (docOf[id] = doc));
  const toDocs = (bytes: Uint8Array | null) => {
    if (bytes === null) return new Int32Array(0);
    const ids = int32sOf(bytes);
    let n = 0;
    for (const id of ids) {
      const doc = id <= maxId ? docOf[id]! : -1;
      if (doc >= 0) ids[n++] = doc;
    }
    return ids.subarray(0, n).sort();
  };
  const rows = [...packed].sort((a, b) => byCodeUnits(a.lexeme, b.lexeme));
  return {
    lexemes: rows.map((r) => r.lexeme),
    all: rows.map((r) => toDocs(r.all)),
    name: rows.map((r) => toDocs(r.name)),
    productOf: productsByPopularity,
    prefixUnions: new Map(),
  };
}

/** The first index in [lo, hi) of a sorted list whose value is not below `value` (hi when none is). */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, value: T, lo = 0, hi = sorted.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of a lexeme, or -1. */
export function lexemeIndex(p: TextPostings, lexeme: string): number {
  const at = lowerBound(p.lexemes, lexeme);
  return p.lexemes[at] === lexeme ? at : -1;
}

/** The lexemes starting with `prefix`: indexes [from, to). */
export function prefixRange(p: TextPostings, prefix: string): [number, number] {
  const from = lowerBound(p.lexemes, prefix);
  let to = from;
  while (to < p.lexemes.length && p.lexemes[to]!.startsWith(prefix)) to++;
  return [from, to];
}

/** The first index at or after `from` in a sorted array whose value is ≥ x (galloping, then binary search). */
function seek(list: Int32Array, x: number, from: number): number {
  let step = 1;
  let hi = from;
  while (hi < list.length && list[hi]! < x) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  return lowerBound(list, x, from, Math.min(hi, list.length));
}

/** The documents in both sorted lists; galloping through the longer one costs ~ the shorter one's length × log. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Int32Array(small.length);
  let n = 0;
  let at = 0;
  for (const x of small) {
    at = seek(large, x, at);
    if (at >= large.length) break;
    if (large[at] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/** The documents in any of the lists, ascending; all of them lie in [from, to). */
export function union(lists: readonly Int32Array[], from: number, to: number): Int32Array {
  if (lists.length === 1) return lists[0]!;
  const marks = new Uint8Array(to - from);
  let total = 0;
  for (const list of lists) {
    for (const doc of list) {
      if (marks[doc - from] === 1) continue;
      marks[doc - from] = 1;
      total++;
    }
  }
  const out = new Int32Array(total);
  let n = 0;
  for (let i = 0; i < marks.length && n < total; i++) if (marks[i] === 1) out[n++] = from + i;
  return out;
}

/** `docs` (sorted) that are in any of the sorted lists. */
function inAny(docs: Int32Array, lists: readonly Int32Array[]): Int32Array {
  const out = new Int32Array(docs.length);
  let n = 0;
  for (const doc of docs) {
    for (const list of lists) {
      const at = seek(list, doc, 0);
      if (at < list.length && list[at] === doc) {
        out[n++] = doc;
        break;
      }
    }
  }
  return out.subarray(0, n);
}

/** A query in lexemes: every exact lexeme, and a lexeme starting with the prefix (the word being typed). */
export interface LexemeQuery {
  exact: string[];
  prefix: string | null;
}

/** The matches among documents [from, to), given each word's lists cut to that range. */
function matchesIn(lists: Int32Array[], completions: Int32Array[] | null, from: number, to: number): Int32Array {
  let docs: Int32Array | null = null;
  for (const list of [...lists].sort((a, b) => a.length - b.length)) docs = docs === null ? list : intersect(docs, list);
  if (completions === null) return docs ?? new Int32Array(0);
  if (docs === null) return union(completions, from, to);
  if (completions.length === 1) return intersect(docs, completions[0]!);
  // Check the few candidates against each completion, or mark the completions once: whichever reads less.
  const marking = completions.reduce((sum, l) => sum + l.length, 0);
  const probing = docs.length * completions.length * 8;
  return probing <= marking ? inAny(docs, completions) : intersect(docs, union(completions, from, to));
}

/** The first window of documents a scan of matches reads; each next one is twice as big. */
export const FIRST_WINDOW = 16_384;

/**
 * The documents holding every exact lexeme and, when there is a prefix, a lexeme it starts, in
 * windows of ascending documents (the most popular first). Windows double in size, so a scan that
 * stops after its first few hundred matches reads one small window, and a full scan a few.
 */
export function* matchWindows(p: TextPostings, q: LexemeQuery, first = FIRST_WINDOW): Generator<Int32Array> {
  if (q.exact.length === 0 && q.prefix === null) return;
  const lists: Int32Array[] = [];
  for (const lexeme of q.exact) {
    const i = lexemeIndex(p, lexeme);
    if (i < 0) return;
    lists.push(p.all[i]!);
  }
  let completions: Int32Array[] | null = null;
  if (q.prefix !== null) {
    const [from, to] = prefixRange(p, q.prefix);
    if (from === to) return;
    completions = to - from > UNITED_FROM ? [unitedPrefix(p, q.prefix, from, to)] : p.all.slice(from, to);
  }
  const documents = p.productOf.length;
  for (let from = 0, size = first; from < documents; from += size, size *= 2) {
    const to = Math.min(documents, from + size);
    const cut = (list: Int32Array) => list.subarray(lowerBound(list, from), lowerBound(list, to));
    yield matchesIn(lists.map(cut), completions && completions.map(cut), from, to);
  }
}

function unitedPrefix(p: TextPostings, prefix: string, from: number, to: number): Int32Array {
  let united = p.prefixUnions.get(prefix);
  if (!united) {
    united = union(p.all.slice(from, to), 0, p.productOf.length);
    if (p.prefixUnions.size >= PREFIX_UNIONS) p.prefixUnions.delete(p.prefixUnions.keys().next().value!);
    p.prefixUnions.set(prefix, united);
  }
  return united;
}

/**
 * The windows of `make`'s matches, remembered as they are made: a search's count and its page walk
 * the same matches, and the second walk reads what the first one made.
 */
export function rememberedWindows(make: () => Iterator<Int32Array>): () => Iterable<Int32Array> {
  const made: Int32Array[] = [];
  let source: Iterator<Int32Array> | null = null;
  let finished = false;
  return function* () {
    for (let i = 0; ; i++) {
      if (i < made.length) {
        yield made[i]!;
        continue;
      }
      if (finished) return;
      source ??= make();
      const next = source.next();
      if (next.done) {
        finished = true;
        return;
      }
      made.push(next.value);
      yield next.value;
    }
  };
}

/** All the matching documents, ascending. */
export function matchingDocuments(p: TextPostings, q: LexemeQuery): Int32Array {
  return concat([...matchWindows(p, q, Math.max(1, p.productOf.length))]);
}

function concat(parts: Int32Array[]): Int32Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Int32Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** For each of `docs`: how many of the query's words it holds in its name. */
export function wordsInName(p: TextPostings, q: LexemeQuery, docs: Int32Array): Uint8Array {
  const counts = new Uint8Array(docs.length);
  const hit = new Uint8Array(docs.length);
  const add = (lists: Int32Array[]) => {
    hit.fill(0);
    for (const list of lists) {
      let at = 0;
      for (let k = 0; k < docs.length && at < list.length; k++) {
        at = seek(list, docs[k]!, at);
        if (list[at] === docs[k]) hit[k] = 1;
      }
    }
    for (let k = 0; k < docs.length; k++) counts[k]! += hit[k]!;
  };
  for (const lexeme of q.exact) {
    const i = lexemeIndex(p, lexeme);
    if (i >= 0) add([p.name[i]!]);
  }
  if (q.prefix !== null) {
    const [from, to] = prefixRange(p, q.prefix);
    add(p.name.slice(from, to));
  }
  return counts;
}
