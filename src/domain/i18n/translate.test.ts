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

describe("a catalogue's lookups", () => {
  it("a frozen catalogue answers as an open one, plurals, defaults and missing keys alike", () => {
    const open = createTranslator("de", structuredClone(messages), { product: "reloop" });
    const kept = createTranslator("de", Object.freeze(structuredClone(messages)), { product: "reloop" });
    for (const t of [open, kept]) {
      // Asked twice: the second answer comes from what the first found, where it is kept.
      for (let i = 0; i < 2; i++) {
        expect(t("product.title", { name: "iPhone" })).toBe("iPhone bei reloop");
        expect(t("product.inStock", { count: 1 })).toBe("1 Stück");
        expect(t("product.inStock", { count: 2 })).toBe("2 Stücke");
        expect(t("plain")).toBe("Hallo");
        expect(t("missing.key", { defaultValue: "Fallback" })).toBe("Fallback");
        expect(t("missing.key")).toBe("missing.key");
      }
    }
  });

  it("an open catalogue (the browser's) shows groups merged into it after its translator was made", () => {
    const catalogue: Record<string, unknown> = { plain: "Hallo" };
    const t = createTranslator("de", catalogue as typeof messages);
    expect(t("browse.title")).toBe("browse.title");
    Object.assign(catalogue, { browse: { title: "Stöbern" }, plain: "Guten Tag" });
    expect(t("browse.title")).toBe("Stöbern");
    expect(t("plain")).toBe("Guten Tag");
  });
});
