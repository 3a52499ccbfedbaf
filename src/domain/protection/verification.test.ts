import { describe, expect, it } from "vitest";
import {
  challengeFresh,
  CHALLENGE_TTL_MS,
  DEFAULT_DIFFICULTY,
  formatChallenge,
  leadingZeroBits,
  parseChallenge,
  parsePass,
  passFresh,
  searchSolution,
  solutionValid,
  VERIFICATION_TTL_MS,
} from "./verification.ts";

describe("proof of work", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(new Uint8Array([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it("finds a solution that SHA-256 confirms, at the default difficulty", () => {
    const challenge = "1790000000000.16.abcdefghijklmnop.signature-signature-sig";
    const solution = searchSolution(challenge, DEFAULT_DIFFICULTY, 0, 5_000_000)!;
    expect(solution).toBeGreaterThanOrEqual(0);
    expect(solutionValid(challenge, solution, DEFAULT_DIFFICULTY)).toBe(true);
    expect(solutionValid(`${challenge}x`, solution, 24)).toBe(false);
  });

  it("refuses solutions that are not whole non-negative numbers", () => {
    expect(solutionValid("c", -1, 0)).toBe(false);
    expect(solutionValid("c", 1.5, 0)).toBe(false);
    expect(solutionValid("c", Number.NaN, 0)).toBe(false);
  });

  it("searches only its slice", () => {
    const challenge = "slice-test";
    const first = searchSolution(challenge, 8, 0, 1_000_000)!;
    expect(searchSolution(challenge, 8, 0, first)).toBeUndefined();
  });
});

describe("challenges and passes", () => {
  const now = 1_800_000_000_000;

  it("round-trip through their text form", () => {
    const challenge = { issuedAt: now, difficulty: 16, random: "r".repeat(22), signature: "s".repeat(43) };
    expect(parseChallenge(formatChallenge(challenge))).toEqual(challenge);
    expect(parsePass(`${now}.${"s".repeat(43)}`)).toEqual({ issuedAt: now, signature: "s".repeat(43) });
  });

  it.each([undefined, "", "x", `${now}.16.short.sig`, `${now}.16.${"r".repeat(22)}.${"s".repeat(43)}.extra`, 42])("refuses %j as a challenge", (value) => {
    expect(parseChallenge(value)).toBeUndefined();
  });

  it("keep a challenge for ten minutes and a pass for one hour from issue, not from the future", () => {
    expect(challengeFresh({ issuedAt: now, difficulty: 16, random: "", signature: "" }, now + CHALLENGE_TTL_MS)).toBe(true);
    expect(challengeFresh({ issuedAt: now, difficulty: 16, random: "", signature: "" }, now + CHALLENGE_TTL_MS + 1)).toBe(false);
    expect(passFresh(now, now + VERIFICATION_TTL_MS)).toBe(true);
    expect(passFresh(now, now + VERIFICATION_TTL_MS + 1)).toBe(false);
    expect(passFresh(now + 24 * 3_600_000, now)).toBe(false);
  });
});
