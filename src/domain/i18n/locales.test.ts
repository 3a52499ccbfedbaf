import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, languageCookieName, resolveLocale, textIn } from "./locales.ts";

describe("resolveLocale", () => {
  it("defaults to de", () => {
    expect(DEFAULT_LOCALE).toBe("de");
    expect(resolveLocale(undefined)).toBe("de");
    expect(resolveLocale("xx")).toBe("de");
  });
  it("accepts the six languages in any case", () => {
    expect(resolveLocale("FR")).toBe("fr");
    expect(resolveLocale(" nl ")).toBe("nl");
  });
  it("names the cookie after the product", () => {
    expect(languageCookieName("reloop")).toBe("reloop-language");
  });
});

describe("textIn", () => {
  it("falls back to the default language, then to nothing", () => {
    expect(textIn({ de: "Angebote", es: "Rebajas" }, "es")).toBe("Rebajas");
    expect(textIn({ de: "Angebote" }, "fr")).toBe("Angebote");
    expect(textIn({ en: "Sale" }, "fr")).toBeUndefined();
  });
});
