import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { categories, categoryTranslations } from "../../../db/schema/catalogue.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";

export interface CategoryRow {
  id: number;
  parentId: number | null;
  position: number;
  isAccessory: boolean;
  name: string;
  path: string;
}

export function createNavigationRepository(db: Db) {
  return {
    /** All categories with their texts in one language (a few hundred rows at most). */
    async categoriesIn(locale: Locale): Promise<CategoryRow[]> {
      return db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          position: categories.position,
          isAccessory: categories.isAccessory,
          name: categoryTranslations.name,
          path: categoryTranslations.path,
        })
        .from(categories)
        .innerJoin(
          categoryTranslations,
          and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
        )
        .orderBy(categories.position, categories.id);
    },

    /** The category's URL path in every language. */
    async pathsOf(categoryId: number): Promise<Record<string, string>> {
      const rows = await db
        .select({ locale: categoryTranslations.locale, path: categoryTranslations.path })
        .from(categoryTranslations)
        .where(eq(categoryTranslations.categoryId, categoryId));
      return Object.fromEntries(rows.map((r) => [r.locale, r.path]));
    },

    async categoryIdByPath(locale: Locale, path: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: categoryTranslations.categoryId })
        .from(categoryTranslations)
        .where(and(eq(categoryTranslations.locale, locale), eq(categoryTranslations.path, path)))
        .limit(1);
      return row?.id;
    },
  };
}
export type NavigationRepository = ReturnType<typeof createNavigationRepository>;
