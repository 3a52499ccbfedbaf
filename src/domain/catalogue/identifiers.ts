/**
 * A product's identifiers as staff type or scan them: EAN (EAN-13, EAN-8), ISBN (ISBN-10, ISBN-13)
 * and ASIN, each checked by its check digit where it has one. Pure rules, no I/O.
 */
export const IDENTIFIER_KINDS = ["ean", "isbn", "asin"] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** Why an identifier is refused: not its shape (length, characters), or its last character does not check. */
export type IdentifierProblem = { kind: "format" } | { kind: "checkDigit"; expected: string };

/** How an identifier is kept and compared: without spaces and hyphens (as printed under a barcode), upper case (ISBN's X, ASIN's letters). */
export function normalizeIdentifier(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

/** The GS1 check digit of an EAN/GTIN's data digits: from the right, weights 3, 1, 3, … and the digit that completes a multiple of ten. */
export function gtinCheckDigit(data: string): string {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += Number(data[data.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** The ISBN-10 check character of its nine data digits: weights 10 down to 2, modulo 11, 10 written X. */
export function isbn10CheckDigit(data: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(data[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}

function checked(code: string, expected: string): IdentifierProblem | null {
  return code.at(-1) === expected ? null : { kind: "checkDigit", expected };
}

/** An EAN: 13 or 8 digits with a GS1 check digit. */
export function eanProblem(code: string): IdentifierProblem | null {
  if (!/^(\d{13}|\d{8})$/.test(code)) return { kind: "format" };
  return checked(code, gtinCheckDigit(code.slice(0, -1)));
}

/** An ISBN: ten characters (nine digits and a digit or X, modulo 11) or an EAN-13 of the book land prefixes 978 and 979. */
export function isbnProblem(code: string): IdentifierProblem | null {
  if (/^\d{9}[\dX]$/.test(code)) return checked(code, isbn10CheckDigit(code));
  if (/^97[89]\d{10}$/.test(code)) return checked(code, gtinCheckDigit(code.slice(0, -1)));
  return { kind: "format" };
}

/**
 * An ASIN: ten letters and digits. Amazon's own numbers start with B; a book's ASIN is its ISBN-10,
 * so an ASIN of digits (and a final X) is checked as one.
 */
export function asinProblem(code: string): IdentifierProblem | null {
  if (/^\d{9}[\dX]$/.test(code)) return isbnProblem(code);
  return /^B[0-9A-Z]{9}$/.test(code) ? null : { kind: "format" };
}

const PROBLEM_OF: Record<IdentifierKind, (code: string) => IdentifierProblem | null> = { ean: eanProblem, isbn: isbnProblem, asin: asinProblem };

/** The problem of an identifier of this kind, normalised first; null when it checks. */
export function identifierProblem(kind: IdentifierKind, text: string): IdentifierProblem | null {
  return PROBLEM_OF[kind](normalizeIdentifier(text));
}

/** What a refusal says, in the API's words (the pages say it in theirs). */
export function identifierProblemMessage(kind: IdentifierKind, problem: IdentifierProblem): string {
  const name = kind.toUpperCase();
  if (problem.kind === "checkDigit") return `The ${name}'s check digit does not match: with these digits the last one would be ${problem.expected}. Check for a typing error.`;
  const shapes: Record<IdentifierKind, string> = {
    ean: "13 or 8 digits (EAN-13, EAN-8)",
    isbn: "10 characters (ISBN-10, the last may be X) or 13 digits starting with 978 or 979 (ISBN-13)",
    asin: "10 letters and digits starting with B, or a book's ISBN-10",
  };
  return `The ${name} must be ${shapes[kind]}.`;
}
