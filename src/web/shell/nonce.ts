import { randomFillSync } from "node:crypto";

/** Nonces drawn from one buffer of random bytes, filled again once used up (as Node does for randomUUID). */
const POOL_BYTES = 4096;
const NONCE_BYTES = 16;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * A fresh nonce for a response's Content-Security-Policy: 128 random bits, base64. Every page
 * served asks for one, and a system call for 16 bytes costs far more than slicing them off a
 * pool; no byte of the pool is handed out twice.
 */
export function newNonce(): string {
  if (offset === POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
