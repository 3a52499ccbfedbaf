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
}

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

/** The documents in any of the lists, ascending. */
export function union(lists: readonly Int32Array[], documents: number): Int32Array {
  if (lists.length === 1) return lists[0]!;
  const marks = new Uint8Array(documents);
  let total = 0;
  for (const list of lists) {
    for (const doc of list) {
      if (marks[doc] === 1) continue;
      marks[doc] = 1;
      total++;
    }
  }
  const out = new Int32Array(total);
  let n = 0;
  for (let doc = 0; doc < documents && n < total; doc++) if (marks[doc] === 1) out[n++] = doc;
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

/** The documents holding every exact lexeme and, when there is a prefix, a lexeme it starts; ascending (most popular first). */
export function matchingDocuments(p: TextPostings, q: LexemeQuery): Int32Array {
  const none = new Int32Array(0);
  if (q.exact.length === 0 && q.prefix === null) return none;
  const lists: Int32Array[] = [];
  for (const lexeme of q.exact) {
    const i = lexemeIndex(p, lexeme);
    if (i < 0) return none;
    lists.push(p.all[i]!);
  }
  let docs: Int32Array | null = null;
  for (const list of lists.sort((a, b) => a.length - b.length)) docs = docs === null ? list : intersect(docs, list);
  if (q.prefix === null) return docs ?? none;
  const [from, to] = prefixRange(p, q.prefix);
  if (from === to) return none;
  const completions = p.all.slice(from, to);
  if (docs === null) return union(completions, p.productOf.length);
  if (completions.length === 1) return intersect(docs, completions[0]!);
  // Check the few candidates against each completion, or mark the completions once: whichever reads less.
  const marking = completions.reduce((sum, l) => sum + l.length, 0);
  const probing = docs.length * completions.length * 8;
  return probing <= marking ? inAny(docs, completions) : intersect(docs, union(completions, p.productOf.length));
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
