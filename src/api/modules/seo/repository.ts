import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { seoBlocks } from "../../../db/schema/content.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";

export function createSeoRepository(db: Db) {
  return {
    async block(identifier: string, locale: Locale) {
      const [row] = await db
        .select()
        .from(seoBlocks)
        .where(and(eq(seoBlocks.identifier, identifier), eq(seoBlocks.locale, locale)))
        .limit(1);
      return row;
    },
  };
}
export type SeoRepository = ReturnType<typeof createSeoRepository>;
