import { and, eq, isNotNull, sql } from "drizzle-orm";
import { selectRows, type Db } from "../../../db/client.ts";
import { BY_POPULARITY } from "../../../db/catalogue-queries.ts";
import { categories, categoryTranslations, products } from "../../../db/schema/catalogue.ts";
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

    /** How many of the `walked` most popular products in stock each category holds (with its subcategories): a walk down the popularity index. */
    async popularProductCounts(walked: number): Promise<Map<number, number>> {
      const mostPopular = db
        .select({ groupIds: products.groupIds })
        .from(products)
        .where(isNotNull(products.priceMin))
        .orderBy(...BY_POPULARITY)
        .limit(walked)
        .as("most_popular");
      const rows = await selectRows<{ id: number; n: number }>(
        db,
        sql`select g as id, count(*)::int as n from ${mostPopular}, unnest(${mostPopular.groupIds}) as g group by g`,
      );
      return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
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
