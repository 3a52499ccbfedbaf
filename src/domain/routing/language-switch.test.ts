import { describe, expect, it } from "vitest";
import { categoryOfPath, pathInLanguage } from "./language-switch.ts";

describe("the page in another language", () => {
  it("translates the buy and sell prefixes and the search segments, keeping the rest", () => {
    expect(pathInLanguage("/kaufen/suchen", "en")).toBe("/buy/search");
    expect(pathInLanguage("/buy/search", "fr")).toBe("/acheter/rechercher");
    expect(pathInLanguage("/verkaufen/suche", "en")).toBe("/sell/search");
    expect(pathInLanguage("/sell/search", "de")).toBe("/verkaufen/suche");
    expect(pathInLanguage("/verkaufen", "nl")).toBe("/verkopen");
    expect(pathInLanguage("/kaufen/sale", "it")).toBe("/acquista/sale");
    expect(pathInLanguage("/kaufen/theme/gaming", "es")).toBe("/comprar/theme/gaming");
    expect(pathInLanguage("/kaufen/top-produkte/1-1000", "en")).toBe("/buy/top-produkte/1-1000");
    expect(pathInLanguage("/verkaufen/top-produkte/1-1000", "fr")).toBe("/vendre/top-produkte/1-1000");
    expect(pathInLanguage("/kaufen/categories", "en")).toBe("/buy/categories");
  });

  it("takes a category's path as the catalogue writes it in the new language", () => {
    expect(categoryOfPath("/kaufen/elektronik/smartphones")).toEqual({ kind: "buy", path: "elektronik/smartphones", pathLocale: "de" });
    expect(categoryOfPath("/sell/electronics/")).toEqual({ kind: "sell", path: "electronics", pathLocale: "en" });
    expect(pathInLanguage("/kaufen/elektronik/smartphones", "en", "electronics/smartphones")).toBe("/buy/electronics/smartphones");
    expect(pathInLanguage("/verkaufen/elektronik", "en", "electronics")).toBe("/sell/electronics");
    // Not found in the catalogue: the prefix at least.
    expect(pathInLanguage("/kaufen/elektronik", "en")).toBe("/buy/elektronik");
  });

  it("leaves pages without a translated prefix as they are, and finds no category on them", () => {
    for (const path of ["/", "/i12,apple-iphone-13", "/wishlist", "/my/sales", "/checkout/cart", "/tips-and-news/c/guides"]) {
      expect(pathInLanguage(path, "en", "x"), path).toBe(path);
      expect(categoryOfPath(path), path).toBeNull();
    }
    for (const path of ["/kaufen/suchen", "/buy/search", "/kaufen/sale", "/kaufen/author/goethe", "/verkaufen", "/verkaufen/suche", "/vender/top-produkte/1-1000"]) {
      expect(categoryOfPath(path), path).toBeNull();
    }
  });
});
