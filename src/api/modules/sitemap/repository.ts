import { and, asc, gt, lte, max } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { categoryTranslations, products } from "../../../db/schema/catalogue.ts";
import type { CategoryPath } from "../../../domain/routing/sitemap.ts";

export function createSitemapRepository(db: Db) {
  return {
    async maxProductId(): Promise<number> {
      const [row] = await db.select({ maxId: max(products.id) }).from(products);
      return row?.maxId ?? 0;
    },

    /** Every category's path in every language it has, by category. */
    async categoryPaths(): Promise<CategoryPath[]> {
      const rows = await db
        .select({ categoryId: categoryTranslations.categoryId, locale: categoryTranslations.locale, path: categoryTranslations.path })
        .from(categoryTranslations)
        .orderBy(asc(categoryTranslations.categoryId));
      // Rows are written for the six locales only.
      return rows as CategoryPath[];
    },

    async productsInIdRange(range: { after: number; upTo: number }): Promise<{ id: number; slug: string }[]> {
      return db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(and(gt(products.id, range.after), lte(products.id, range.upTo)))
        .orderBy(asc(products.id));
    },
  };
}
export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
