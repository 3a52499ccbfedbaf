import { LANGUAGE_COOKIE_MAX_AGE_DAYS, languageCookieName } from "../../domain/i18n/locales.ts";

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

/** The language choice, kept for a year. */
export function languageCookie(productName: string, locale: string): string {
  return [`${languageCookieName(productName)}=${locale}`, "Path=/", `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60}`, "SameSite=Lax"].join("; ");
}

/** A 303 to `target` carrying the API's cookies (the session) and a flash message for the next page. */
export function redirectWithFlash(target: string, setCookies: readonly string[], flash: Parameters<typeof flashCookie>[0]): Response {
  const headers = new Headers({ Location: target });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(flash));
  return new Response(null, { status: 303, headers });
}
