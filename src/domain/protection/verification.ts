import { sha256 } from "@noble/hashes/sha2.js";

/**
 * Rate-limited visitors prove being a person with a small proof of work, solved by their browser:
 * find a counter whose SHA-256 with the challenge starts with `difficulty` zero bits. A script that
 * floods the shop pays that cost for every pass, a person waits a fraction of a second.
 *
 * Challenge (issued by the API, signed by it): "<issuedAt ms>.<difficulty>.<random>.<signature>".
 * Pass (cookie, signed by the API):            "<issuedAt ms>.<signature>".
 * Both signatures also cover the client (address and browser), which the API adds: a pass or a
 * challenge copied to another client is worth nothing. Signing is the caller's part; this is the pure part.
 */
export const VERIFICATION_TTL_MS = 60 * 60 * 1000;
/** A challenge must be solved and posted within this time. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** About 32,000 hashes on average: a fraction of a second in a phone's browser, a cost for every pass a script wants. */
export const DEFAULT_DIFFICULTY = 15;
/** Clocks of instances may differ a little; a pass "from the future" beyond this is refused. */
const CLOCK_SKEW_MS = 60 * 1000;

interface Challenge {
  issuedAt: number;
  difficulty: number;
  random: string;
  signature: string;
}

export function challengePayload(c: Omit<Challenge, "signature">, client: string): string {
  return `challenge|${c.issuedAt}|${c.difficulty}|${c.random}|${client}`;
}

export function formatChallenge(c: Challenge): string {
  return `${c.issuedAt}.${c.difficulty}.${c.random}.${c.signature}`;
}

export function parseChallenge(value: unknown): Challenge | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d{10,16})\.(\d{1,2})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{20,100})$/.exec(value);
  if (!match) return undefined;
  return { issuedAt: Number(match[1]), difficulty: Number(match[2]), random: match[3]!, signature: match[4]! };
}

export function challengeFresh(c: Challenge, now: number): boolean {
  return c.issuedAt <= now + CLOCK_SKEW_MS && now - c.issuedAt <= CHALLENGE_TTL_MS;
}

/** Number of leading zero bits of a hash. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const encoder = new TextEncoder();

/** SHA-256 of "<challenge>:<counter>", with the challenge's part hashed once and reused. */
function hasherFor(challenge: string): (counter: number) => Uint8Array {
  const prefix = sha256.create().update(encoder.encode(`${challenge}:`));
  return (counter) => prefix.clone().update(encoder.encode(String(counter))).digest();
}

export function solutionValid(challenge: string, solution: number, difficulty: number): boolean {
  if (!Number.isSafeInteger(solution) || solution < 0) return false;
  return leadingZeroBits(hasherFor(challenge)(solution)) >= difficulty;
}

/**
 * Tries counters from `from` on, `budget` of them at most (so a browser can yield between slices);
 * answers the solution, or undefined when this slice held none.
 */
export function searchSolution(challenge: string, difficulty: number, from: number, budget: number): number | undefined {
  const hash = hasherFor(challenge);
  for (let counter = from; counter < from + budget; counter++) {
    if (leadingZeroBits(hash(counter)) >= difficulty) return counter;
  }
  return undefined;
}

export function passPayload(issuedAt: number, client: string): string {
  return `pass|${issuedAt}|${client}`;
}

export function parsePass(value: string | undefined): { issuedAt: number; signature: string } | undefined {
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{20,100})$/.exec(value ?? "");
  return match ? { issuedAt: Number(match[1]), signature: match[2]! } : undefined;
}

/** A pass lives one hour from when it was issued, whatever the cookie's own expiry says. */
export function passFresh(issuedAt: number, now: number): boolean {
  return issuedAt <= now + CLOCK_SKEW_MS && now - issuedAt <= VERIFICATION_TTL_MS;
}
