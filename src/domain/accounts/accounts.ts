import type { Platform } from "../platform.ts";
import { safeRedirectTarget } from "../routing/redirects.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Sessions end after 30 days; signing in again starts a new one. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
/** A password reset link works once, for an hour. */
export const PASSWORD_RESET_TTL_MS = HOUR_MS;
/** A link that proves an address (after registration, or to change to it) works once, for 48 hours. */
export const EMAIL_TOKEN_TTL_MS = 48 * HOUR_MS;
/** Mails one address can be sent on request (reset links, registration notices), per purpose and window. */
export const ACCOUNT_MAIL_LIMIT = { max: 3, windowMs: HOUR_MS } as const;
/** Addresses one customer can keep in the address book: the checkout lists them all. */
export const ADDRESS_BOOK_LIMIT = 50;

/** The storefront's pages that the account mails link to, each taking `?token=`. */
export const ACCOUNT_LINK_PATHS = {
  passwordReset: "/auth/reset",
  verifyEmail: "/auth/verify-email",
  login: "/auth",
} as const;

/** Where each platform sends a visitor who signed in on the login page itself. */
const PLATFORM_HOME: Record<Platform, string> = { blue: "/", green: "/verkaufen/suche", my: "/my" };

/**
 * The session cookie, defined once for the API (which sets it) and the storefront (which only
 * asks whether one came): a random token, HttpOnly, SameSite=Lax, whole site, for as long as a
 * session lives.
 */
export interface SessionCookie {
  name: string;
  path: "/";
  httpOnly: true;
  sameSite: "lax";
  secure: boolean;
  /** Seconds. */
  maxAge: number;
}

/** Under HTTPS the cookie gets the __Host- prefix and Secure: whole site, not settable by a subdomain. */
export function sessionCookie(productName: string, publicUrl: string): SessionCookie {
  const secure = publicUrl.startsWith("https://");
  return { name: `${secure ? "__Host-" : ""}${productName}-session`, path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: SESSION_TTL_MS / 1000 };
}

/** Addresses compare case-insensitively and without surrounding blanks. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * How login attempts are slowed down. An attempt is counted before its password is checked (and
 * un-counted when it succeeds), so parallel requests cannot slip past the limit. After
 * `freeFailures` counted attempts, each further one must wait `firstWaitMs`, doubling, at most
 * `maxWaitMs`; the counter is forgotten `forgetMs` after the wait ends without another attempt.
 */
export interface LoginThrottle {
  freeFailures: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetMs: number;
}

const MINUTE_MS = 60 * 1000;

/** One client address guessing one account's password: the owner elsewhere is not slowed by it. */
export const CLIENT_LOGIN_THROTTLE: LoginThrottle = { freeFailures: 5, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE_MS, forgetMs: 24 * 60 * MINUTE_MS };

/** One account from every address: a distributed guess meets this much higher ceiling, and then everyone waits. */
export const ACCOUNT_LOGIN_THROTTLE: LoginThrottle = { freeFailures: 100, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE_MS, forgetMs: 15 * MINUTE_MS };

/** The wait before the next attempt once `failures` attempts are counted. */
export function loginWaitMs(failures: number, throttle: LoginThrottle): number {
  if (failures < throttle.freeFailures) return 0;
  // Capped before exponentiation, so a huge count cannot overflow to Infinity.
  const doublings = Math.min(failures - throttle.freeFailures, 40);
  return Math.min(throttle.firstWaitMs * 2 ** doublings, throttle.maxWaitMs);
}

/** When a counter that has just counted its `failures`th attempt at `now` lets the next one in, and when it is forgotten. */
export function afterCountedAttempt(failures: number, now: Date, throttle: LoginThrottle): { nextAttemptAt: Date; expiresAt: Date } {
  const nextAttemptAt = new Date(now.getTime() + loginWaitMs(failures, throttle));
  return { nextAttemptAt, expiresAt: new Date(nextAttemptAt.getTime() + throttle.forgetMs) };
}

/** Whole seconds until `nextAttemptAt` (the Retry-After header), at least 1. */
export function retryAfterSeconds(nextAttemptAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((nextAttemptAt.getTime() - now.getTime()) / 1000));
}

/** "1 second", "8 seconds", "2 minutes": the wait in the refusal's message, rounded up. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

const ACCOUNT_PAGES = /^\/(auth|logout|login_check)(\/|\?|$)/;

/**
 * After login the visitor goes to the stored intent URL; otherwise the previous URL;
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
