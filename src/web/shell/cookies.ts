import { parseCookie, stringifySetCookie } from "cookie";
import { sessionCookie } from "../../domain/accounts/accounts.ts";
import { cartCookie } from "../../domain/checkout/cart-rules.ts";
import { LANGUAGE_COOKIE_MAX_AGE_DAYS, languageCookieName, type Locale } from "../../domain/i18n/locales.ts";
import { serializeConsent, type ConsentState } from "./consent/consent.ts";
import type { FlashBag } from "./toasts/flashbag.ts";

/*
 * The storefront's cookies, each defined once: name, lifetime, how it is read and written, through
 * the `cookie` package (as the API's @fastify/cookie does). Rather than React Router's createCookie,
 * whose values are base64 JSON: these values stay URI-encoded text, which the API and the browser's
 * scripts read as they are. One function per cookie and direction, so the browser bundle carries
 * only the consent writer.
 */

const DAY_SECONDS = 24 * 60 * 60;
const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const FLASH_COOKIE = "flashbag";
const consentCookieName = (productName: string) => `${productName}-consent`;

/** The value of one cookie in a Cookie header, URI-decoded (a value encoded badly elsewhere is read as it came); null when it is absent. */
function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  return parseCookie(header, { decode: decodeLeniently })[name] ?? null;
}

function decodeLeniently(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A Set-Cookie (or document.cookie) value: whole site, SameSite=Lax; without a Max-Age it ends with
 * the browser session. The server marks every cookie Secure under HTTPS (api/plugins/secure-cookies.ts);
 * the browser's own writes say so with `secure`.
 */
function serializeCookie(name: string, text: string, maxAgeSeconds?: number, secure = false): string {
  return stringifySetCookie({ name, value: text, path: "/", sameSite: "lax", ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }), ...(secure ? { secure } : {}) });
}

/** The language choice (the API reads it too, in plugins/request-context.ts). */
export function parseLanguageCookie(header: string | null, productName: string): string | null {
  return readCookie(header, languageCookieName(productName));
}

/** Kept for a year. */
export function serializeLanguageCookie(productName: string, locale: Locale): string {
  return serializeCookie(languageCookieName(productName), locale, LANGUAGE_COOKIE_MAX_AGE_DAYS * DAY_SECONDS);
}

/** The consent choice as stored, e.g. "necessary,statistics"; shell/consent/consent.ts reads it. */
export function parseConsentCookie(header: string | null, productName: string): string | null {
  return readCookie(header, consentCookieName(productName));
}

/** Kept for a year: the cookie is necessary, so it is allowed before consent. */
export function serializeConsentCookie(productName: string, state: ConsentState, secure = false): string {
  return serializeCookie(consentCookieName(productName), serializeConsent(state), CONSENT_MAX_AGE_SECONDS, secure);
}

/** Backend flash messages as JSON text; shell/toasts/flashbag.ts reads it. */
export function parseFlashCookie(header: string | null): string | null {
  return readCookie(header, FLASH_COOKIE);
}

/** Translation keys for the next page, which shows them once and removes the cookie. */
export function serializeFlashCookie(bag: FlashBag): string {
  return serializeCookie(FLASH_COOKIE, JSON.stringify(bag));
}

export function expireFlashCookie(): string {
  return serializeCookie(FLASH_COOKIE, "", 0);
}

/** Whether a session cookie came (the API sets it, by domain/accounts); whose session it is, only the API can tell. */
export function hasSessionCookie(header: string | null, context: { productName: string; publicUrl: string }): boolean {
  return readCookie(header, sessionCookie(context.productName, context.publicUrl).name) !== null;
}

/** Whether a visitor's cart cookie came (the API sets it on the first add). */
export function hasCartCookie(header: string | null, context: { productName: string; publicUrl: string }): boolean {
  return readCookie(header, cartCookie(context.productName, context.publicUrl).name) !== null;
}

/** A 303 to `target` carrying the API's cookies (the session) and a flash message for the next page. */
export function redirectWithFlash(target: string, setCookies: readonly string[], flash: FlashBag): Response {
  const headers = new Headers({ Location: target });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", serializeFlashCookie(flash));
  return new Response(null, { status: 303, headers });
}
