import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import {
  CHALLENGE_TTL_MS,
  challengeFresh,
  challengePayload,
  formatChallenge,
  parseChallenge,
  parsePass,
  passFresh,
  passPayload,
  solutionValid,
} from "../../../domain/protection/verification.ts";
import { AppError } from "../../errors.ts";

interface VerificationOptions {
  secret: string;
  clock: () => Date;
  /** Leading zero bits of the proof of work. */
  difficulty: number;
  /** Remembers solved challenges, so each earns one pass; shared by all instances when Redis is there. */
  spentChallenges?: SpentChallenges;
}

/** `spend` is true the first time a challenge is spent, false for every replay. */
export interface SpentChallenges {
  spend(signature: string): Promise<boolean>;
}

/** Challenges are remembered as long as they could still be confirmed: in Redis for every instance, else in this process. */
export function spentChallengeStore(redis: { client: Redis; keyPrefix: string } | undefined): SpentChallenges {
  if (redis) {
    return {
      async spend(signature) {
        return (await redis.client.set(`${redis.keyPrefix}verification:spent:${signature}`, "1", "PX", CHALLENGE_TTL_MS, "NX")) === "OK";
      },
    };
  }
  const spent = new LRUCache<string, true>({ max: 100_000, ttl: CHALLENGE_TTL_MS });
  return {
    async spend(signature) {
      if (spent.has(signature)) return false;
      spent.set(signature, true);
      return true;
    },
  };
}

/** What ties a challenge and a pass to one client: its address and its browser. */
export function clientOf(request: { ip: string; headers: Record<string, string | string[] | undefined> }): string {
  const agent = request.headers["user-agent"];
  return `${request.ip}|${typeof agent === "string" ? agent.slice(0, 300) : ""}`;
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Issues proof-of-work challenges, checks solutions, and signs and checks the passes they earn. */
export function createVerificationService(options: VerificationOptions) {
  const sign = (payload: string) => createHmac("sha256", options.secret).update(payload).digest("base64url");
  const now = () => options.clock().getTime();

  return {
    issueChallenge(client: string): { challenge: string; difficulty: number } {
      const unsigned = { issuedAt: now(), difficulty: options.difficulty, random: randomBytes(16).toString("base64url") };
      return { challenge: formatChallenge({ ...unsigned, signature: sign(challengePayload(unsigned, client)) }), difficulty: options.difficulty };
    },

    /** A solved challenge of this client earns a pass (the cookie's value). */
    async confirm(client: string, challenge: string, solution: number): Promise<string> {
      const parsed = parseChallenge(challenge);
      const genuine = parsed && sameSignature(sign(challengePayload(parsed, client)), parsed.signature);
      if (!parsed || !genuine || parsed.difficulty < options.difficulty) {
        throw AppError.badRequest("VERIFICATION_CHALLENGE_INVALID", "This challenge was not issued to this browser. Please try again.", "body.challenge");
      }
      if (!challengeFresh(parsed, now())) {
        throw AppError.badRequest("VERIFICATION_CHALLENGE_EXPIRED", "The check took too long. Please try again.", "body.challenge");
      }
      if (!solutionValid(challenge, solution, parsed.difficulty)) {
        throw AppError.badRequest("VERIFICATION_SOLUTION_WRONG", "The check did not succeed. Please try again.", "body.solution");
      }
      if (options.spentChallenges && !(await options.spentChallenges.spend(parsed.signature))) {
        throw AppError.badRequest("VERIFICATION_CHALLENGE_SPENT", "This check was already used. Please try again.", "body.challenge");
      }
      const issuedAt = now();
      return `${issuedAt}.${sign(passPayload(issuedAt, client))}`;
    },

    hasValidPass(cookie: string | undefined, client: string): boolean {
      const pass = parsePass(cookie);
      return !!pass && passFresh(pass.issuedAt, now()) && sameSignature(sign(passPayload(pass.issuedAt, client)), pass.signature);
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
