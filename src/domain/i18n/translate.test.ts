import { describe, expect, it } from "vitest";
import { createTranslator } from "./translate.ts";

const messages = {
  product: { inStock_one: "{{count}} Stück", inStock_other: "{{count}} Stücke", title: "{{name}} bei {{product}}" },
  fr: { item_one: "{{count}} article", item_other: "{{count}} articles" },
  plain: "Hallo",
};

describe("translate", () => {
  it("looks up nested keys and fills placeholders, with defaults", () => {
    const t = createTranslator("de", messages, { product: "reloop" });
    expect(t("plain")).toBe("Hallo");
    expect(t("product.title", { name: "iPhone" })).toBe("iPhone bei reloop");
    expect(t("product.title", { name: "iPhone", product: "x" })).toBe("iPhone bei x");
  });

  it("chooses CLDR plural forms per language", () => {
    expect(createTranslator("de", messages)("product.inStock", { count: 1 })).toBe("1 Stück");
    expect(createTranslator("de", messages)("product.inStock", { count: 0 })).toBe("0 Stücke");
    // French: 0 and 1 are both "one".
    expect(createTranslator("fr", messages)("fr.item", { count: 0 })).toBe("0 article");
    // A form the file lacks ("many") falls back to "other".
    expect(createTranslator("fr", messages)("fr.item", { count: 1_000_000 })).toBe("1000000 articles");
  });

  it("falls back to the default value, then to the key", () => {
    const t = createTranslator("en", messages);
    expect(t("missing.key", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(t("missing.key")).toBe("missing.key");
    expect(t("product")).toBe("product");
  });

  it("leaves unknown placeholders visible", () => {
    expect(createTranslator("en", { a: "x {{y}}" })("a")).toBe("x {{y}}");
  });
});
