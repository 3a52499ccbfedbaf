import { createHash, randomBytes } from "node:crypto";

/** A secret for a link or a cookie: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only the hash of a token is stored: whoever reads the table cannot use it. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
