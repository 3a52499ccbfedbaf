import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../domain/i18n/locales.ts";

type Tree = { [key: string]: string | Tree };
const dir = join(import.meta.dirname, "messages");
/** The groups of a language's texts: core (first load) and the groups loaded with their code (see client-messages). */
const GROUPS = [dir, ...["deferred", "pages", "browse"].map((g) => join(dir, g))];
const loadGroup = (group: string, locale: string): Tree => JSON.parse(readFileSync(join(group, `${locale}.json`), "utf8")) as Tree;
const load = (locale: string): Tree => Object.assign({}, ...GROUPS.map((g) => loadGroup(g, locale))) as Tree;

/** Plural keys ("x_one", "x_other") count as one key "x". */
function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, "")}`] : keys(v, `${prefix}${k}.`),
  );
}
function placeholders(tree: Tree, prefix = ""): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === "string" ? [[`${prefix}${k}`, [...v.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort()]] : Object.entries(placeholders(v, `${prefix}${k}.`)),
    ),
  );
}

describe("translations", () => {
  it("exist for exactly the six languages, in every group", () => {
    for (const d of GROUPS) {
      expect(readdirSync(d).filter((f) => f.endsWith(".json")).map((f) => f.replace(".json", "")).sort()).toEqual([...LOCALES].sort());
    }
  });

  it("keep each top-level section in one file, so merging them loses nothing", () => {
    for (const locale of LOCALES) {
      const sections = GROUPS.flatMap((g) => Object.keys(loadGroup(g, locale)));
      expect(sections.filter((k, i) => sections.indexOf(k) !== i)).toEqual([]);
    }
  });

  const reference = new Set(keys(load("de")));
  it.each(LOCALES)("%s has every key the others have, and no empty text", (locale) => {
    const tree = load(locale);
    const own = new Set(keys(tree));
    const all = new Set(LOCALES.flatMap((l) => keys(load(l))));
    expect([...all].filter((k) => !own.has(k))).toEqual([]);
    expect([...reference].filter((k) => !own.has(k))).toEqual([]);
    expect(Object.entries(placeholders(tree)).filter(([, v]) => v === undefined)).toEqual([]);
    const texts = JSON.stringify(tree).match(/:""/g);
    expect(texts).toBeNull();
  });

  it.each(LOCALES.filter((l) => l !== "de"))("%s uses the same placeholders as de", (locale) => {
    const de = placeholders(load("de"));
    const other = placeholders(load(locale));
    for (const [key, names] of Object.entries(de)) {
      const base = key.replace(/_(one|other)$/, "");
      const match = other[key] ?? other[`${base}_other`] ?? other[base];
      expect(match, key).toBeDefined();
      expect(new Set(match!.filter((n) => n !== "count")), key).toEqual(new Set(names.filter((n) => n !== "count")));
    }
  });
});

/** Every text of a language, with its key. */
function texts(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : texts(v, `${prefix}${k}.`)));
}

/**
 * One voice per language: the shop says "du" in German, "tu" in Spanish and Italian, "je" in
 * Dutch, and "vous" in French; the other form of address is never mixed in.
 */
describe("the form of address", () => {
  /** Whole words only: \b knows no accented letters ("êtes" would hold "tes"). */
  const words = (list: string, flags = "u") => new RegExp(`(?<!\\p{L})(?:${list})(?!\\p{L})`, flags);
  const other: Record<string, RegExp[]> = {
    // "Meinten Sie", "Prüfen Sie", "Ihre Bestellung"; a "Sie" opening a sentence is "she/it" ("Sie erscheint, sobald …").
    de: [/[\p{Ll},]\s+Sie(?!\p{L})/u, words("Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres")],
    fr: [words("tu|ton|ta|tes|toi", "iu")],
    es: [words("usted|ustedes", "iu")],
    it: [/[\p{Ll},]\s+Lei(?!\p{L})/u, words("Suo|Sua|Suoi|Sue")],
    nl: [words("u|uw", "iu")],
  };
  it.each(Object.keys(other))("%s speaks to the customer in one voice", (locale) => {
    expect(texts(load(locale)).filter(([, text]) => other[locale]!.some((form) => form.test(text)))).toEqual([]);
  });
});

/** The product page, the cart and its notices call the one insurance on offer by the cart's name for it. */
describe("the transport insurance", () => {
  it.each(LOCALES)("%s has one name for it everywhere", (locale) => {
    const tree = load(locale);
    const at = (path: string) => path.split(".").reduce<string | Tree>((node, key) => (node as Tree)[key]!, tree) as string;
    const name = at("cart.insurance.title").toLowerCase();
    for (const key of ["product.insurance", "cart.totals.insurance", "repairedCart.addressDoesNotAllowInsurance", "repairedCart.multiItemOrderDoesNotAllowInsurance"]) {
      expect(at(key).toLowerCase(), key).toContain(name);
    }
  });
});

/** Every t("literal.key") in the storefront's code exists (templated keys are listed by their expansions). */
describe("keys used in code", () => {
  const sourceDir = join(import.meta.dirname, "..");
  function sources(d: string): string[] {
    return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(d, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts") ? [join(d, e.name)] : [],
    );
  }
  const used = new Set(
    sources(sourceDir).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)].map((m) => m[1]!)),
  );
  const known = new Set(keys(load("de")));
  it.each([...used])("%s is translated", (key) => {
    expect(known.has(key)).toBe(true);
  });
});
