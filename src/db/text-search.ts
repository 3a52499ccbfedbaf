import { ilike, type AnyColumn, type SQL } from "drizzle-orm";

/** "name contains the text", case-insensitive; %, _ and \ in the text match themselves. Served by the pg_trgm indexes. */
export function containsText(column: AnyColumn, text: string): SQL {
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
