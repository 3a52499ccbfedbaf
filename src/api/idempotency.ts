import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { ErrorCode } from "./error-codes.ts";
import { AppError } from "./errors.ts";

/** The header every state-changing money operation takes (placing an order, selling a cart). */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string({ error: "Send an Idempotency-Key header (a UUID or another unique text of 8–100 characters)" })
    .regex(/^[\w-]{8,100}$/, "Idempotency-Key must be 8–100 letters, digits, - or _"),
});

/** What a 409 of such an operation may also say about its key: reused with another body, or its first request still runs. */
export const IDEMPOTENCY_CONFLICTS = ["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS"] as const satisfies readonly ErrorCode[];

/** The created thing's answer: the first one again for a replayed key, marked Idempotent-Replayed. */
export function sendIdempotent<T>(reply: FastifyReply, answer: IdempotentAnswer<T>) {
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(answer.status).send(answer.body);
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** What identifies a request's body: the same key with another body is refused. */
export function requestHash(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body ?? null)).digest("hex");
}

/** The first answer to a key again, or 409 when the key came with another body or its first request still runs. */
export function replayOf<T>(row: { requestHash: string; responseStatus: number | null; responseBody: unknown }, hash: string): IdempotentAnswer<T> {
  if (row.requestHash !== hash) throw new AppError(409, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for another request.", "Idempotency-Key");
  if (row.responseStatus === null) throw new AppError(409, "IDEMPOTENCY_KEY_IN_PROGRESS", "A request with this Idempotency-Key is still running. Try again in a moment.", "Idempotency-Key");
  return { status: row.responseStatus, body: row.responseBody as T, replayed: true };
}
