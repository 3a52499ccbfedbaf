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
 * The translator the storefront uses on server and browser alike (the same output on both, so
 * hydration matches). It reads the i18next JSON format, with plurals from Intl.PluralRules; it is
 * ours because a general i18n runtime costs more first-load JavaScript than the budget allows.
 */
export function createTranslator(locale: Locale, messages: Messages, defaults: Record<string, string | number> = {}): Translate {
  const plurals = pluralRulesOf(locale);
  return (key, params = {}) => {
    let template: string | undefined;
    if (typeof params.count === "number") {
      template = lookup(messages, `${key}_${plurals.select(params.count)}`) ?? lookup(messages, `${key}_other`);
    }
    template ??= lookup(messages, key) ?? params.defaultValue ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
      const value = params[name] ?? defaults[name];
      return value === undefined || value === null ? placeholder : String(value);
    });
  };
}
