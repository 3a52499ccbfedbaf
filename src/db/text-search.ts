import { ilike, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Locale } from "../domain/i18n/locales.ts";
import { productSearch } from "./schema/search.ts";

/** "name contains the text", case-insensitive; %, _ and \ in the text match themselves. Served by the pg_trgm indexes. */
export function containsText(column: AnyColumn, text: string): SQL {
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** The PostgreSQL text search configuration that stems each storefront language. */
const CONFIG: Record<Locale, string> = { de: "german", en: "english", es: "spanish", fr: "french", it: "italian", nl: "dutch" };
const DOC: Record<Locale, AnyColumn> = {
  de: productSearch.docDe,
  en: productSearch.docEn,
  es: productSearch.docEs,
  fr: productSearch.docFr,
  it: productSearch.docIt,
  nl: productSearch.docNl,
};

/** Words that must all be in a product's search document (in one language); the last one may be a prefix (typing). */
export interface TextMatch {
  locale: Locale;
  /** Letters and digits only: they go into to_tsquery as they are. */
  terms: string[];
  prefix: boolean;
}

export const searchDoc = (locale: Locale): AnyColumn => DOC[locale];
/** The name of the text search configuration that stems a language. */
export const textSearchConfig = (locale: Locale): string => CONFIG[locale];

/** The match as a tsquery, stemmed by the language's configuration. */
export function tsQuery(m: TextMatch): SQL {
  const terms = m.terms.map((t) => t.replace(/[^\p{L}\p{N}]/gu, "")).filter(Boolean);
  const text = terms.map((t, i) => (m.prefix && i === terms.length - 1 ? `${t}:*` : t)).join(" & ");
  return sql`to_tsquery(${CONFIG[m.locale]}::regconfig, ${text || "''"})`;
}

/** The ids of the products whose document matches (the first `limit` the language's GIN index finds, when given). */
export function matchingIds(m: TextMatch, limit?: number): SQL {
  return sql`select ${productSearch.productId} from ${productSearch} where ${searchDoc(m.locale)} @@ ${tsQuery(m)}${limit === undefined ? sql`` : sql` limit ${limit}`}`;
}

/** "The product's document matches": ids from the language's GIN index. */
export function matchesText(productId: AnyColumn, m: TextMatch): SQL {
  if (m.terms.length === 0) return sql`false`;
  return sql`${productId} in (${matchingIds(m)})`;
}
