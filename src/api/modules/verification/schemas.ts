import { z } from "zod";
import { operationErrors } from "../../error-codes.ts";

export const challengeResponse = z.object({
  challenge: z.string().describe("Signed challenge, valid for 10 minutes for this client only"),
  difficulty: z.number().int().describe("Leading zero bits SHA-256(challenge + ':' + solution) must have"),
});

export const confirmBody = z.object({
  next: z.string().max(2000).optional().describe("Where to return to: a path on this site, else the home page"),
  challenge: z.string({ error: "The challenge is missing" }).max(300, "The challenge is not valid"),
  solution: z.coerce
    .number({ error: "The solution must be a number" })
    .int("The solution must be a whole number")
    .min(0, "The solution must not be negative")
    .max(Number.MAX_SAFE_INTEGER, "The solution is too large"),
});
/** A challenge not issued to this client, too old, used already, or a wrong solution. */
export const verificationConfirmErrors = operationErrors({
  400: ["VALIDATION_FAILED", "VERIFICATION_CHALLENGE_INVALID", "VERIFICATION_CHALLENGE_EXPIRED", "VERIFICATION_SOLUTION_WRONG", "VERIFICATION_CHALLENGE_SPENT"],
});
