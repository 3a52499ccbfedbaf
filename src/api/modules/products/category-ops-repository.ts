import { and, eq, sql } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import { arrayLiteral, selectRows, type Db } from "../../../db/client.ts";
import { isUniqueViolation } from "../../../db/errors.ts";
import { refreshFacetGroupsOf } from "../../../db/facet-groups.ts";
import { categories, categoryTranslations, productFacetGroups, products } from "../../../db/schema/catalogue.ts";

export interface CategoryRow {
  id: number;
  parentId: number | null;
  position: number;
  rootKind: "electronics" | "media";
  isAccessory: boolean;
  imageKind: string;
}
export interface TranslationRow {
  categoryId: number;
  locale: string;
  name: string;
  path: string;
}

/** A category path in one language that another category has. */
export class PathTaken extends Error {}

const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  position: categories.position,
  rootKind: categories.rootKind,
  isAccessory: categories.isAccessory,
  imageKind: categories.imageKind,
};

/** The whole tree with every language's texts: a few hundred categories at most, read whole. */
async function treeOf(db: Db): Promise<{ categories: CategoryRow[]; translations: TranslationRow[] }> {
  const [rows, texts] = await Promise.all([db.select(categoryColumns).from(categories), db.select().from(categoryTranslations)]);
  return { categories: rows, translations: texts };
}

/** Statements in a change of the tree's transaction (the products module owns the categories and the products' group_ids). */
function createCategoryWriter(db: Db) {
  return {
    /** The tree as it is, held until the transaction ends: changes of the tree take turns, so paths and lineages are checked against what is committed. */
    async lockedTree() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('categories'))`);
      return treeOf(db);
    },
    async insertCategory(row: CategoryRow, texts: readonly TranslationRow[]): Promise<void> {
      await db.insert(categories).values(row);
      await db.insert(categoryTranslations).values([...texts]);
    },
    async updateCategories(rows: readonly CategoryRow[]): Promise<void> {
      for (const { id, ...fields } of rows) await db.update(categories).set(fields).where(eq(categories.id, id));
    },
    async updateTranslations(texts: readonly TranslationRow[]): Promise<void> {
      for (const { categoryId, locale, name, path } of texts) {
        await db
          .update(categoryTranslations)
          .set({ name, path })
          .where(and(eq(categoryTranslations.categoryId, categoryId), eq(categoryTranslations.locale, locale)));
      }
    },
    /** The products of these categories take their category's new lineage as group_ids; the lists' facet groups follow. */
    async regroupProducts(lineages: ReadonlyMap<number, readonly number[]>): Promise<void> {
      for (const [categoryId, lineage] of lineages) {
        await db.update(products).set({ groupIds: sql`${arrayLiteral([...lineage])}::int[]` }).where(eq(products.categoryId, categoryId));
      }
      await refreshFacetGroupsOf(db, [...lineages.keys()]);
    },
    /** Appends a staff action's audit row (db/audit-log.ts) in this transaction. */
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
  };
}
export type CategoryWriter = ReturnType<typeof createCategoryWriter>;

export function createCategoryOpsRepository(db: Db) {
  return {
    tree: () => treeOf(db),
    /** How many products each category holds with its subcategories, summed from the lists' facet groups (not a scan of the products). */
    async productCounts(): Promise<Map<number, number>> {
      const rows = await selectRows<{ id: number; n: number }>(
        db,
        sql`select g as id, sum(${productFacetGroups.n})::int as n from ${productFacetGroups}, unnest(${productFacetGroups.groupIds}) as g group by g`,
      );
      return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
    },
    /** The change in one transaction; a path the unique index refuses after all (the service checks them first) is PathTaken, not our bug. */
    async inTransaction<T>(work: (writer: CategoryWriter) => Promise<T>): Promise<T> {
      try {
        return await db.transaction((tx) => work(createCategoryWriter(tx as unknown as Db)));
      } catch (error) {
        if (isUniqueViolation(error)) throw new PathTaken();
        throw error;
      }
    },
  };
}
export type CategoryOpsRepository = ReturnType<typeof createCategoryOpsRepository>;
