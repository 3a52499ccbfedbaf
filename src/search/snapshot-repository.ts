import { sql } from "drizzle-orm";
import { arrayLiteral, selectRows, type Db } from "../db/client.ts";
import { searchDoc, textSearchConfig } from "../db/text-search.ts";
import { productSearch } from "../db/schema/search.ts";
import type { Locale } from "../domain/i18n/locales.ts";
import { int32sOf, NO_VALUE, UNIT_SEPARATOR, type PackedProductColumns } from "./core/product-columns.ts";
import type { PackedPostings } from "./core/text-postings.ts";

const EMPTY = new Uint8Array(0);
const bytes = (value: Uint8Array | null) => value ?? EMPTY;

/**
 * What the in-memory search index is built from. Each read is one statement that packs a whole
 * column into one binary value (PostgreSQL's int4send and friends, in id order), so a million
 * products cross the connection as a few megabytes instead of a million rows to parse.
 */
export function createSearchSnapshotRepository(db: Db) {
  return {
    async productCount(): Promise<number> {
      const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from products`);
      return Number(row?.n ?? 0);
    },

    /** The products' columns that lists filter, count and order by: all products', or those of the given ids. */
    async productColumns(ids?: readonly number[]): Promise<PackedProductColumns> {
      const [row] = await selectRows<{
        count: number;
        max_id: number;
        ids: Uint8Array | null;
        price_min: Uint8Array | null;
        grades: Uint8Array | null;
        popularity: Uint8Array | null;
        created_at: Uint8Array | null;
        on_sale: Uint8Array | null;
        group_counts: Uint8Array | null;
        groups: Uint8Array | null;
        brand: string | null;
        color: string | null;
        rom: string | null;
      }>(
        db,
        // An ordered subquery feeds the aggregates in id order (one sort instead of one per column).
        sql`select count(*)::int as count, coalesce(max(id), 0)::int as max_id,
          string_agg(int4send(id), '') as ids,
          string_agg(int4send(coalesce(price_min, -1)), '') as price_min,
          string_agg(int2send(grades_in_stock), '') as grades,
          string_agg(int4send(popularity), '') as popularity,
          string_agg(int8send((extract(epoch from created_at) * 1000000)::int8), '') as created_at,
          string_agg(case when on_sale then '\\x01'::bytea else '\\x00'::bytea end, '') as on_sale,
          string_agg(int2send(cardinality(group_ids)::int2), '') as group_counts,
          string_agg((select string_agg(int4send(g), '') from unnest(group_ids) g), '') as groups,
          string_agg(brand, ${UNIT_SEPARATOR}) as brand,
          string_agg(coalesce(prop_color, ${NO_VALUE}), ${UNIT_SEPARATOR}) as color,
          string_agg(coalesce(prop_rom, ${NO_VALUE}), ${UNIT_SEPARATOR}) as rom
        from (select id, price_min, grades_in_stock, popularity, created_at, on_sale, group_ids, brand, prop_color, prop_rom from products
          ${ids === undefined ? sql`` : sql`where id = any(${arrayLiteral(ids)}::int[])`} order by id) p`,
      );
      return {
        count: Number(row?.count ?? 0),
        maxId: Number(row?.max_id ?? 0),
        ids: bytes(row?.ids ?? null),
        priceMin: bytes(row?.price_min ?? null),
        gradesInStock: bytes(row?.grades ?? null),
        popularity: bytes(row?.popularity ?? null),
        createdAt: bytes(row?.created_at ?? null),
        onSale: bytes(row?.on_sale ?? null),
        groupCounts: bytes(row?.group_counts ?? null),
        groups: bytes(row?.groups ?? null),
        brand: row?.brand ?? "",
        color: row?.color ?? "",
        rom: row?.rom ?? "",
      };
    },

    /** Product ids, most popular first: the documents' numbering. */
    async productsByPopularity(): Promise<Int32Array> {
      const [row] = await selectRows<{ ids: Uint8Array | null }>(db, sql`select string_agg(int4send(id), '') as ids from (select id from products order by popularity desc, id) p`);
      return int32sOf(bytes(row?.ids ?? null));
    },

    /** Every lexeme of one language's documents with the products holding it, and those holding it in the name (weight A). */
    async postings(locale: Locale): Promise<PackedPostings[]> {
      const rows = await selectRows<{ lexeme: string; all_ids: Uint8Array; name_ids: Uint8Array | null }>(
        db,
        sql`select u.lexeme, string_agg(int4send(${productSearch.productId}), '') as all_ids,
              string_agg(int4send(${productSearch.productId}), '') filter (where 'A' = any(u.weights)) as name_ids
            from ${productSearch}, unnest(${searchDoc(locale)}) u group by u.lexeme`,
      );
      return rows.map((r) => ({ lexeme: r.lexeme, all: r.all_ids, name: r.name_ids }));
    },

    /** Every catalogue word (what typos are corrected to). */
    async words(): Promise<string[]> {
      return (await selectRows<{ word: string }>(db, sql`select word from search_words`)).map((r) => r.word);
    },

    /** The lexemes each word stems to in a language (none for a stop word), as the documents were stemmed. */
    async stems(locale: Locale, words: string[]): Promise<Map<string, string[]>> {
      if (words.length === 0) return new Map();
      const rows = await selectRows<{ word: string; lexemes: string[] }>(
        db,
        sql`select w as word, tsvector_to_array(to_tsvector(${textSearchConfig(locale)}::regconfig, w)) as lexemes from unnest(${arrayLiteral(words)}::text[]) w`,
      );
      return new Map(rows.map((r) => [r.word, r.lexemes]));
    },
  };
}
export type SearchSnapshotRepository = ReturnType<typeof createSearchSnapshotRepository>;
