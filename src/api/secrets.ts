import { createHash, timingSafeEqual } from "node:crypto";

/** Whether a webhook's shared secret is the configured one, compared in constant time whatever their lengths. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
