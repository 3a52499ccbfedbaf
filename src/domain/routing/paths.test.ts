import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales.ts";
import { allPrefixes, BUY_PREFIX, encodeUrlComponent, searchHref, parseProductRef, platformOfPath, prefixInfo, productHref, SELL_PREFIX, slugify } from "./paths.ts";
import { sellCategoryHref, sellHomeHref, tradeInHref } from "./sell-paths.ts";

describe("translated prefixes", () => {
  it("has a distinct buy and sell prefix in every language", () => {
    const prefixes = allPrefixes().map((p) => p.prefix);
    expect(prefixes).toHaveLength(LOCALES.length * 2);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(BUY_PREFIX.de).toBe("kaufen");
    expect(SELL_PREFIX.nl).toBe("verkopen");
  });

  it("tells the platform and language of any prefix", () => {
    expect(prefixInfo("acheter")).toMatchObject({ kind: "buy", locale: "fr" });
    expect(prefixInfo("vendi")).toMatchObject({ kind: "sell", locale: "it" });
    expect(prefixInfo("i12,foo")).toBeUndefined();
    expect(platformOfPath("/verkaufen/smartphones")).toBe("green");
    expect(platformOfPath("/buy/electronics")).toBe("blue");
    expect(platformOfPath("/auth")).toBe("my");
    expect(platformOfPath("/trade-in/i12,foo")).toBe("green");
    expect(platformOfPath("/checkout/cart/sell")).toBe("green");
    expect(platformOfPath("/checkout/sell/done/x")).toBe("green");
    expect(platformOfPath("/checkout/cart")).toBe("blue");
  });

  it("links the sell side's pages in the current language", () => {
    expect(sellHomeHref("nl")).toBe("/verkopen");
    expect(sellCategoryHref("fr", "electronique/smartphones")).toBe("/vendre/electronique/smartphones");
    expect(tradeInHref(346, "apple-iphone-13")).toBe("/trade-in/i346,apple-iphone-13");
    expect(tradeInHref(346, "x", { editId: "e1", searchUuid: "s1" })).toBe("/trade-in/i346,x?editId=e1&searchUuid=s1");
    expect(parseProductRef(tradeInHref(346, "x").split("/")[2]!)).toEqual({ id: 346, slug: "x" });
  });
});

describe("parentheses in URLs", () => {
  it("are encoded, like a form or URLSearchParams does, and decode back", () => {
    const href = searchHref("de", "iPhone SE (2022)");
    expect(href).toBe("/kaufen/suchen?query=iPhone%20SE%20%282022%29");
    expect(new URL(href, "http://x").searchParams.get("query")).toBe("iPhone SE (2022)");
    expect(encodeUrlComponent("a(b)!*'")).toBe("a%28b%29%21%2A%27");
    expect(decodeURIComponent(encodeUrlComponent("(x)"))).toBe("(x)");
  });
});

describe("product URLs", () => {
  it("round-trips /i{id},{slug}", () => {
    expect(productHref(42, "apple-iphone-13")).toBe("/i42,apple-iphone-13");
    expect(parseProductRef("i42,apple-iphone-13")).toEqual({ id: 42, slug: "apple-iphone-13" });
    expect(productHref(7, "x", { wristbandId: 9 })).toBe("/i7,x?wristbandId=9");
  });

  it.each(["42", "i,foo", "ix,foo", "i12", "kaufen", "i1234567890,too-long-id"])("does not take %s for a product", (segment) => {
    expect(parseProductRef(segment)).toBeUndefined();
  });

  it("slugifies names with accents, umlauts and symbols", () => {
    expect(slugify('Apple MacBook Air 13" (M2, 2022) – Space Grau')).toBe("apple-macbook-air-13-m2-2022-space-grau");
    expect(slugify("Größe & Öl")).toBe("grosse-ol");
  });
});
