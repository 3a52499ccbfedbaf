/**
 * A visitor who confirmed being a person after hitting the rate limit carries a signed pass:
 * "<expiry ms>.<signature>". Signing is done by the caller (an HMAC); this is the pure part.
 */
export const VERIFICATION_TTL_MS = 60 * 60 * 1000;

export function passPayload(expiresAt: number): string {
  return String(expiresAt);
}

export function parsePass(value: string | undefined): { expiresAt: number; signature: string } | undefined {
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{20,})$/.exec(value ?? "");
  return match ? { expiresAt: Number(match[1]), signature: match[2]! } : undefined;
}
