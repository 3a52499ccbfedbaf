import { ancestorsOf, buildCategoryTree, findNode, popularCategories } from "../../../domain/catalogue/category-tree.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import { LRUCache } from "lru-cache";
import { recordCacheLookup } from "../../../metrics.ts";
import type { CategoryRow, NavigationRepository } from "./repository.ts";
import type { CategoryRef, NavigationView, PopularCategoriesView } from "./schemas.ts";

/** The tree is read on every page and product view but changes rarely: one read per language a minute, or until it changes. */
const TREE_TTL_MS = 60_000;
/** Popular categories follow the popularity of products, which moves slowly: counted at most once in ten minutes. */
const POPULAR_TTL_MS = 600_000;
/** How many of the most popular products in stock decide which categories are popular. */
export const POPULAR_PRODUCTS = 500;

export function createNavigationService(repo: NavigationRepository) {
  const cache = new LRUCache<Locale, CategoryRow[]>({ max: 6, ttl: TREE_TTL_MS });
  // A read that started before a change must not put the old tree back.
  let generation = 0;
  const categoriesIn = async (locale: Locale): Promise<CategoryRow[]> => {
    const hit = cache.get(locale);
    recordCacheLookup("category_tree", hit !== undefined);
    if (hit) return hit;
    const started = generation;
    const rows = await repo.categoriesIn(locale);
    if (started === generation) cache.set(locale, rows);
    return rows;
  };
  const popularCounts = new LRUCache<"counts", Map<number, number>>({ max: 1, ttl: POPULAR_TTL_MS, fetchMethod: () => repo.popularProductCounts(POPULAR_PRODUCTS) });
  return {
    /** Forgets the tree and the popular categories: the categories changed. */
    invalidate(): void {
      generation += 1;
      cache.clear();
      popularCounts.clear();
    },

    /** The categories offered when a search finds nothing (see popularCategories). */
    async popular(locale: Locale, limit: number): Promise<PopularCategoriesView> {
      const [rows, counts] = await Promise.all([categoriesIn(locale), popularCounts.fetch("counts")]);
      return { locale, categories: popularCategories(rows, counts ?? new Map(), limit).map(toRef) };
    },

    async view(locale: Locale, categoryId?: number): Promise<NavigationView> {
      const rows = await categoriesIn(locale);
      const tree = buildCategoryTree(rows);
      if (categoryId === undefined) return { locale, categories: tree, breadcrumbs: [], alternates: {} };
      const node = findNode(tree, categoryId);
      if (!node) throw AppError.notFound("CATEGORY_DOESNT_EXIST", `Category ${categoryId} does not exist`, "query.categoryId");
      return { locale, categories: [node], breadcrumbs: ancestorsOf(rows, categoryId).map(toRef), alternates: await repo.pathsOf(categoryId) };
    },

    async idByPath(pathLocale: Locale, path: string): Promise<number> {
      const id = await repo.categoryIdByPath(pathLocale, path);
      if (id === undefined) throw AppError.notFound("CATEGORY_DOESNT_EXIST", `No category at "${path}"`, "query.path");
      return id;
    },

    /** The breadcrumb chain of one category in a language. */
    async breadcrumbs(locale: Locale, categoryId: number): Promise<CategoryRef[]> {
      return ancestorsOf(await categoriesIn(locale), categoryId).map(toRef);
    },
  };
}
export type NavigationService = ReturnType<typeof createNavigationService>;

function toRef(row: { id: number; name: string; path: string }): CategoryRef {
  return { id: row.id, name: row.name, path: row.path };
}
