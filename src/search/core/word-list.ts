import { firstInOrder } from "./memory-search.ts";
import { lowerBound } from "./text-postings.ts";

/** pg_trgm's trigrams of a word: its lower-case letters and digits padded with two blanks in front and one behind. */
export function trigramsOf(word: string): Set<string> {
  const grams = new Set<string>();
  for (const part of word.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (part === "") continue;
    const chars = [" ", " ", ...part, " "];
    for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(""));
  }
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both words. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = trigramsOf(b);
  let shared = 0;
  for (const g of ta) if (tb.has(g)) shared++;
  const all = ta.size + tb.size - shared;
  return all === 0 ? 0 : shared / all;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The catalogue's words (what typos are corrected to, compounds split into and the word being typed
 * completed to), held in memory: a set, a sorted list for prefixes and a trigram index for typos.
 */
export interface WordList {
  has(word: string): boolean;
  /** Words starting with the prefix, shortest first (then alphabetical). */
  completions(prefix: string, limit: number): string[];
  /** The `limit` words nearest by trigram similarity (above `minSimilarity`, as pg_trgm's distance below 1 − it), most similar first (then alphabetical). */
  nearest(word: string, limit: number, minSimilarity: number): string[];
}

export function createWordList(input: readonly string[]): WordList {
  const words = [...new Set(input)].sort(byCodeUnits);
  const known = new Set(words);
  const gramCount = new Uint8Array(words.length);
  const postings = new Map<string, number[]>();
  words.forEach((word, i) => {
    const grams = trigramsOf(word);
    gramCount[i] = Math.min(255, grams.size);
    for (const g of grams) {
      const list = postings.get(g);
      if (list) list.push(i);
      else postings.set(g, [i]);
    }
  });
  const shared = new Uint8Array(words.length);
  return {
    has: (word) => known.has(word),
    completions(prefix, limit) {
      const range: number[] = [];
      for (let i = lowerBound(words, prefix); i < words.length && words[i]!.startsWith(prefix); i++) range.push(i);
      return firstInOrder(range, limit, (a, b) => words[a]!.length - words[b]!.length || a - b).map((i) => words[i]!);
    },
    nearest(word, limit, minSimilarity) {
      const grams = trigramsOf(word);
      const touched: number[] = [];
      for (const g of grams) {
        for (const i of postings.get(g) ?? []) {
          if (shared[i] === 0) touched.push(i);
          shared[i]!++;
        }
      }
      const similarity = new Map(touched.map((i) => [i, shared[i]! / (grams.size + gramCount[i]! - shared[i]!)]));
      for (const i of touched) shared[i] = 0;
      const close = touched.filter((i) => similarity.get(i)! > minSimilarity);
      return firstInOrder(close, limit, (a, b) => similarity.get(b)! - similarity.get(a)! || a - b).map((i) => words[i]!);
    },
  };
}
