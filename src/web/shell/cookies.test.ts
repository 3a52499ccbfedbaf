import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sessionCookie } from "../../domain/accounts/accounts.ts";
import { applyConsentEvent, parseConsent, UNDECIDED } from "./consent/consent.ts";
import { parseFlashBag } from "./toasts/flashbag.ts";
import {
  expireFlashCookie,
  hasSessionCookie,
  parseConsentCookie,
  parseFlashCookie,
  parseLanguageCookie,
  redirectWithFlash,
  serializeConsentCookie,
  serializeFlashCookie,
  serializeLanguageCookie,
} from "./cookies.ts";

/** What a browser sends back for a Set-Cookie value: its name=value pair. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("language cookie", () => {
  it("is written for a year, site-wide and Lax", () => {
    expect(serializeLanguageCookie("reloop", "fr")).toBe("reloop-language=fr; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("round-trips", () => {
    expect(parseLanguageCookie(`a=1; ${sentBack(serializeLanguageCookie("shop", "nl"))}`, "shop")).toBe("nl");
    expect(parseLanguageCookie("a=1", "shop")).toBeNull();
  });
});

describe("consent cookie", () => {
  const state = applyConsentEvent(UNDECIDED, { type: "accept", categories: { necessary: true, preferences: false, statistics: true, marketing: false } });

  it("is written URI-encoded for a year, site-wide and Lax", () => {
    expect(serializeConsentCookie("reloop", state)).toBe("reloop-consent=necessary%2Cstatistics; Max-Age=31536000; Path=/; SameSite=Lax");
    // Written by the browser on an https page, it says Secure itself.
    expect(serializeConsentCookie("reloop", state, true)).toBe("reloop-consent=necessary%2Cstatistics; Max-Age=31536000; Path=/; Secure; SameSite=Lax");
  });

  it("round-trips to the same choice", () => {
    const stored = parseConsentCookie(sentBack(serializeConsentCookie("reloop", state)), "reloop");
    expect(stored).toBe("necessary,statistics");
    expect(parseConsent(stored)).toEqual(state);
  });
});

describe("flash cookie", () => {
  it("is written as URI-encoded JSON until the browser closes", () => {
    expect(serializeFlashCookie({ success: ["saved"] })).toBe("flashbag=%7B%22success%22%3A%5B%22saved%22%5D%7D; Path=/; SameSite=Lax");
    expect(expireFlashCookie()).toBe("flashbag=; Max-Age=0; Path=/; SameSite=Lax");
  });

  it("round-trips any message text, separators included", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", minLength: 1 }), { minLength: 1 }), (texts) => {
        const header = `x=1; ${sentBack(serializeFlashCookie({ danger: texts }))}; y=2`;
        expect(parseFlashBag(parseFlashCookie(header))).toEqual({ danger: texts });
      }),
    );
  });

  it("goes with the redirect after the API's cookies", () => {
    const response = redirectWithFlash("/my", ["reloop-session=t; Path=/; HttpOnly"], { success: ["hi"] });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/my");
    expect(response.headers.getSetCookie()).toEqual(["reloop-session=t; Path=/; HttpOnly", serializeFlashCookie({ success: ["hi"] })]);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, Lax, site-wide and lives as long as a session", () => {
    expect(sessionCookie("reloop", "http://localhost:3000")).toEqual({ name: "reloop-session", path: "/", httpOnly: true, sameSite: "lax", secure: false, maxAge: 30 * 24 * 60 * 60 });
  });

  it("gets the __Host- prefix and Secure when the public URL is https", () => {
    expect(sessionCookie("reloop", "https://shop.example")).toMatchObject({ name: "__Host-reloop-session", secure: true });
  });

  it("is looked for under the name the public URL gives it", () => {
    const http = { productName: "reloop", publicUrl: "http://localhost:3000" };
    const https = { productName: "reloop", publicUrl: "https://shop.example" };
    expect(hasSessionCookie("reloop-session=abc", http)).toBe(true);
    expect(hasSessionCookie("reloop-session=abc", https)).toBe(false);
    expect(hasSessionCookie("__Host-reloop-session=abc", https)).toBe(true);
    expect(hasSessionCookie(null, http)).toBe(false);
  });
});

describe("a malformed Cookie header", () => {
  it("still yields the cookies it can", () => {
    expect(parseLanguageCookie("garbage;;=x; reloop-language=de", "reloop")).toBe("de");
    expect(parseConsentCookie("a=%ff; reloop-consent=necessary", "reloop")).toBe("necessary");
  });

  it("keeps a value that does not decode as it came", () => {
    expect(parseConsentCookie("reloop-consent=%E0%A4%A", "reloop")).toBe("%E0%A4%A");
  });

  it("keeps '=' inside a value and takes the first of two", () => {
    expect(parseFlashCookie("flashbag=a=b; flashbag=second")).toBe("a=b");
  });

  it("does not mistake a longer name for the cookie", () => {
    expect(parseLanguageCookie("xreloop-language=en; reloop-languages=fr", "reloop")).toBeNull();
    expect(parseLanguageCookie("", "reloop")).toBeNull();
  });
});
