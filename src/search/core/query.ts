import { distance } from "fastest-levenshtein";

/** A query's words: letters and digits, lower case; everything else separates. At most 8 words count. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40)
    .slice(0, 8);
}

const digitsOf = (s: string) => s.replace(/[\s-]/g, "");

function ean13CheckOk(code: string): boolean {
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/** ISBN-10 → its ISBN-13 (978 prefix, new check digit), or null when the check digit is wrong. */
export function isbn10To13(isbn10: string): string | null {
  if (!/^\d{9}[\dX]$/i.test(isbn10)) return null;
  const sum = [...isbn10].reduce((acc, c, i) => acc + (c.toUpperCase() === "X" ? 10 : Number(c)) * (10 - i), 0);
  if (sum % 11 !== 0) return null;
  const first12 = `978${isbn10.slice(0, 9)}`;
  const check = (10 - ([...first12].map(Number).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0) % 10)) % 10;
  return first12 + check;
}

/** An identifier a whole query may be: an EAN-13 / ISBN-13 (with a valid check digit), an ISBN-10, or an ASIN. */
export type ProductIdentifier = { kind: "ean"; code: string } | { kind: "asin"; code: string };

export function identifierOf(query: string): ProductIdentifier | null {
  const text = digitsOf(query.trim());
  if (/^\d{13}$/.test(text)) return ean13CheckOk(text) ? { kind: "ean", code: text } : null;
  if (/^\d{9}[\dX]$/i.test(text)) {
    const isbn = isbn10To13(text);
    return isbn ? { kind: "ean", code: isbn } : null;
  }
  if (/^B0[A-Z0-9]{8}$/i.test(text)) return { kind: "asin", code: text.toUpperCase() };
  return null;
}

/** The shortest part a compound is split into ("Handyhülle" → "handy" + "hülle"). */
const COMPOUND_PART_MIN = 3;

/** Every way to cut a word in two parts of at least 3 characters, longest first part first. */
export function compoundSplits(word: string): [string, string][] {
  const chars = [...word];
  const splits: [string, string][] = [];
  for (let i = chars.length - COMPOUND_PART_MIN; i >= COMPOUND_PART_MIN; i--) splits.push([chars.slice(0, i).join(""), chars.slice(i).join("")]);
  return splits;
}

/** Edits a word of this length may be away from its correction: one for short words, two from 6 characters. */
export function allowedEdits(word: string): number {
  const n = [...word].length;
  return n < 4 ? 0 : n < 6 ? 1 : 2;
}

/** The closest candidate within the allowed edits (ties: the order given, most similar first), or null. */
export function closestWord(word: string, candidates: readonly string[]): string | null {
  const max = allowedEdits(word);
  let best: { word: string; d: number } | null = null;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d <= max && (best === null || d < best.d)) best = { word: candidate, d };
  }
  return best?.word ?? null;
}

/** How a query's word was understood. */
export type ResolvedWord = { word: string; as: "known" | "unknown" } | { word: string; as: "split"; parts: [string, string] } | { word: string; as: "corrected"; to: string };

/**
 * A word as the catalogue knows it: as it is, split into two known words, or corrected to a known
 * word (the candidates come most similar first). Unknown words stay, and simply find nothing.
 */
export function resolveWord(word: string, known: ReadonlySet<string>, typoCandidates: readonly string[]): ResolvedWord {
  if (known.has(word)) return { word, as: "known" };
  const split = compoundSplits(word).find(([a, b]) => known.has(a) && known.has(b));
  if (split) return { word, as: "split", parts: split };
  const to = closestWord(word, typoCandidates);
  return to ? { word, as: "corrected", to } : { word, as: "unknown" };
}

/** The words to search for. */
export const searchTerms = (resolved: readonly ResolvedWord[]): string[] =>
  resolved.flatMap((r) => (r.as === "split" ? r.parts : r.as === "corrected" ? [r.to] : [r.word]));

/** The query as corrected, or null when nothing was corrected (a split compound is no correction). */
export function correctedQuery(resolved: readonly ResolvedWord[]): string | null {
  return resolved.some((r) => r.as === "corrected") ? resolved.map((r) => (r.as === "corrected" ? r.to : r.word)).join(" ") : null;
}

/** A query of more words than this is not broadened word by word (one lookup per word). */
const MAX_BROADER_WORDS = 6;

/**
 * The broader queries to try, in order, when the words find nothing together: each without one word,
 * the last word dropped first (the first words usually say what is sought: "iphone 99" → "iphone").
 */
export function broaderQueries(terms: readonly string[]): string[][] {
  if (terms.length < 2 || terms.length > MAX_BROADER_WORDS) return [];
  return terms.map((_, i) => terms.filter((_, j) => j !== terms.length - 1 - i));
}
