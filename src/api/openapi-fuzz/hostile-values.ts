import fc from "fast-check";

/** The values that break servers, as fast-check arbitraries and lists; requests.ts puts them into requests. */

/** A surrogate without its other half: no character, so encodeURIComponent refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encodes any JS string, lone surrogates included (as their WTF-8 bytes, e.g. %ED%A0%80).
 * The runs between lone surrogates go to encodeURIComponent whole: generated values reach hundreds
 * of kilobytes, and encoding them a character at a time was a tenth of the fuzzer's time.
 */
export function percentEncode(text: string): string {
  let out = "";
  let from = 0;
  for (const lone of text.matchAll(LONE_SURROGATE)) {
    const unit = lone[0].charCodeAt(0);
    const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    out += encodeURIComponent(text.slice(from, lone.index)) + bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    from = lone.index + 1;
  }
  return out + encodeURIComponent(text.slice(from));
}

/** Control characters: PostgreSQL refuses NUL in text; the others have no place in a search or a name. */
const CONTROL_TEXTS = ["\u0000", "a\u0000b", "\u0001\u0008\u001b\u001f\u007f", "\u0085\u009f", "\r\nX-Injected: 1", "\t"];
/** Unicode that trips encoders and collations: emoji, joiners, RTL, combining marks, BOM, lone surrogates. */
const UNICODE_TEXTS = ["😀", "👩‍👩‍👧‍👦", "\u202Eevil\u202C", "مرحبا بالعالم", "שלום", "e\u0301\u0301\u0301", "\u200B\uFEFF", "\uD800", "a\uDFFFb", "\uFFFF\uFFFE", " ", ""];
/** Injections and traversal. */
export const INJECTION_TEXTS = ["' or 1=1--", '"; drop table products;--', "<script>alert(1)</script>", "${7*7}", "{{7*7}}", "../../etc/passwd", "..\\..\\windows", "%00", "%ff", "__proto__", "constructor", "null"];
/** Number-like texts: past 32 and 64 bits, negative, fractional, exponents, not numbers at all. */
export const HOSTILE_NUMBERS = [
  "2147483648",
  "4294967296",
  "9223372036854775807",
  "18446744073709551616",
  "99999999999999999999999999",
  "-1",
  "-2147483649",
  "0",
  "-0",
  "1.5",
  "0.0000001",
  "1e300",
  "-1e300",
  "1e-300",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "0b11",
  "1_000",
  "+1",
  "00001",
  " 1",
  "1 ",
];
/** Raw (already encoded) URL pieces: invalid UTF-8, broken escapes, encoded traversal. */
export const HOSTILE_RAW = ["%ff", "%C0%AF", "%ED%A0%80", "%E0%80", "%", "%2", "%zz", "..%2F..%2F", "..%2F..%2Fproducts%2F1", "%2e%2e%2f", "..", ".", "%00", "a%00b", "%0D%0A", "%5B%5D", "%7B%7D", "a;b", "a=b=c", "&&&"];

/** Words the seeded data knows: grades, brands, slugs, paths. */
export const PLAUSIBLE_WORDS = ["sale", "apple", "Apple", "iphone", "Samsung", "A0", "NEW", "a2", "128 GB", "Black", "de", "category-1112", "/kaufen/sale", "1", "20"];

/** A long text: 10k–100k characters of one kind, sometimes with a NUL in the middle. */
const oversized = fc
  .record({ n: fc.integer({ min: 10_000, max: 100_000 }), unit: fc.constantFrom("a", "é", "😀", "%", "\u0000", " ", ","), nulInside: fc.boolean() })
  .map(({ n, unit, nulInside }) => {
    const text = unit.repeat(Math.ceil(n / unit.length));
    return nulInside ? `${text.slice(0, n >> 1)}\u0000${text.slice(n >> 1)}` : text;
  });

/** A plausible word with one control character inside, so only that character is wrong. */
export const controlText = fc.oneof(
  fc.constantFrom(...CONTROL_TEXTS),
  // NUL half the time: it is the one PostgreSQL refuses outright.
  fc.tuple(fc.constantFrom(...PLAUSIBLE_WORDS), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 0x1f }), fc.constantFrom(0x7f, 0x85)), fc.nat()).map(([word, code, at]) => {
    const i = at % (word.length + 1);
    return word.slice(0, i) + String.fromCharCode(code) + word.slice(i);
  }),
);
export const unicodeText = fc.oneof(fc.constantFrom(...UNICODE_TEXTS), fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 40 }));

/** Any hostile text, as a JS string; each kind of trouble equally likely. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(controlText, unicodeText, fc.constantFrom(...INJECTION_TEXTS), fc.constantFrom(...HOSTILE_NUMBERS), oversized);
