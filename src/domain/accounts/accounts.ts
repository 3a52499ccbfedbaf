import type { Platform } from "../platform.ts";
import { safeRedirectTarget } from "../routing/redirects.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Sessions end after 30 days; signing in again starts a new one. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** After this many wrong passwords in a row the account refuses logins for LOGIN_LOCK_MS. */
export const LOGIN_LOCK_AFTER_FAILURES = 10;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

/** Where each platform sends a visitor who signed in on the login page itself. */
export const PLATFORM_HOME: Record<Platform, string> = { blue: "/", green: "/verkaufen/suche", my: "/my" };

/** The session cookie; under HTTPS it gets the __Host- prefix (Secure, whole site, not settable by a subdomain). */
export function sessionCookieName(productName: string, secure: boolean): string {
  return `${secure ? "__Host-" : ""}${productName}-session`;
}

/** Addresses compare case-insensitively and without surrounding blanks. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isLocked(lockedUntil: string | null, now: Date): boolean {
  return lockedUntil !== null && new Date(lockedUntil).getTime() > now.getTime();
}

/** The account's counters after one more wrong password: locked once the limit is reached, counting anew after. */
export function afterFailedLogin(failedLogins: number, now: Date): { failedLogins: number; lockedUntil: string | null } {
  const count = failedLogins + 1;
  if (count < LOGIN_LOCK_AFTER_FAILURES) return { failedLogins: count, lockedUntil: null };
  return { failedLogins: 0, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS).toISOString() };
}

const ACCOUNT_PAGES = /^\/(auth|logout|login_check)(\/|\?|$)/;

/**
 * SPEC §2: after login the visitor goes to the stored intent URL; otherwise the previous URL;
 * otherwise (coming from the login page itself) the platform's default page.
 * Only same-site paths count, and the login and logout pages are never a destination.
 */
export function afterLoginTarget(options: { intent?: string | null; previous?: string | null; platform: Platform }): string {
  for (const candidate of [options.intent, options.previous]) {
    const target = safeRedirectTarget(candidate, "");
    if (target && !ACCOUNT_PAGES.test(target)) return target;
  }
  return PLATFORM_HOME[options.platform];
}
