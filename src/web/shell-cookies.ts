import { LANGUAGE_COOKIE_MAX_AGE_DAYS, languageCookieName } from "../domain/i18n/locales.ts";

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return rest.join("=");
      }
    }
  }
  return null;
}

/** A Set-Cookie value that removes a cookie. */
export function expireCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** A Set-Cookie value carrying backend flash messages (translation keys) to the next page. */
export function flashCookie(bag: Partial<Record<"notice" | "danger" | "success" | "info", string[]>>): string {
  return `flashbag=${encodeURIComponent(JSON.stringify(bag))}; Path=/; SameSite=Lax`;
}

/** The language choice, kept for a year (SPEC §9). */
export function languageCookie(productName: string, locale: string): string {
  return [`${languageCookieName(productName)}=${locale}`, "Path=/", `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60}`, "SameSite=Lax"].join("; ");
}
