import { createHash } from "node:crypto";
import { AppError } from "./errors.ts";

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
