import { INTL_TAG, type Locale } from "./locales.ts";

/** Message files: nested keys, `{{name}}` placeholders, CLDR plural forms as `key_one`, `key_other`, … */
export type Messages = { [key: string]: string | Messages };
type TranslateParams = { count?: number; defaultValue?: string; [name: string]: unknown };
export type Translate = (key: string, params?: TranslateParams) => string;

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Plural rules per language, made once: every page render makes a translator, and Intl's constructors are costly. */
const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralRulesOf(locale: Locale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_TAG[locale]);
    pluralRules.set(locale, rules);
  }
  return rules;
}

/**
 * The templates found in a frozen catalogue, by key: it never changes, so a key is looked up once
 * per process (the server renders every page with one of these). The browser's catalogue takes in
 * message groups as they load, so it is read anew each time.
 */
const foundInFrozen = new WeakMap<Messages, Map<string, string>>();
function templateFinder(messages: Messages): (key: string) => string | undefined {
  if (!Object.isFrozen(messages)) return (key) => lookup(messages, key);
  let found = foundInFrozen.get(messages);
  if (!found) foundInFrozen.set(messages, (found = new Map()));
  const known = found;
  return (key) => {
    let template = known.get(key);
    if (template === undefined) {
      template = lookup(messages, key);
      // Only keys the catalogue holds: the set stays as small as the catalogue.
      if (template !== undefined) known.set(key, template);
    }
    return template;
  };
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The translator the storefront uses on server and browser alike (the same output on both, so
 * hydration matches). It reads the i18next JSON format, with plurals from Intl.PluralRules; it is
 * ours because a general i18n runtime costs more first-load JavaScript than the budget allows.
 */
export function createTranslator(locale: Locale, messages: Messages, defaults: Record<string, string | number> = {}): Translate {
  const plurals = pluralRulesOf(locale);
  const find = templateFinder(messages);
  return (key, params) => {
    let template: string | undefined;
    if (typeof params?.count === "number") {
      template = find(`${key}_${plurals.select(params.count)}`) ?? find(`${key}_other`);
    }
    template ??= find(key) ?? params?.defaultValue ?? key;
    if (!template.includes("{{")) return template;
    return template.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = params?.[name] ?? defaults[name];
      return value === undefined || value === null ? placeholder : String(value);
    });
  };
}
