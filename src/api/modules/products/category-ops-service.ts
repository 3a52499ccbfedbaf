import { completeCategoryTexts, lineageIds, mayMoveUnder, ownSegment, planCategoryPaths, subtreeIds, type CategoryText } from "../../../domain/catalogue/catalogue-editing.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale, type Translated } from "../../../domain/i18n/locales.ts";
import type { ErrorCode } from "../../error-codes.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import { PathTaken, type CategoryOpsRepository, type CategoryRow, type CategoryWriter, type TranslationRow } from "./category-ops-repository.ts";
import type { CategoryInput, OpsCategory, OpsCategoryNode, OpsCategoryTree } from "./category-ops-schemas.ts";
import { CATALOGUE_ROLES } from "./ops-service.ts";

type Tree = Awaited<ReturnType<CategoryOpsRepository["tree"]>>;
type Problem = { code: ErrorCode; message: string; reference: string };

const categoryNotFound = (categoryId: number) => AppError.notFound("CATEGORY_DOESNT_EXIST", `There is no category ${categoryId}.`, "params.categoryId");

/** Every category's texts by id and language. */
function textsById(tree: Tree): Map<number, Partial<Record<Locale, { name: string; path: string }>>> {
  const texts = new Map<number, Partial<Record<Locale, { name: string; path: string }>>>();
  for (const row of tree.translations) texts.set(row.categoryId, { ...texts.get(row.categoryId), [row.locale]: { name: row.name, path: row.path } });
  return texts;
}

/** The tree depth first, siblings by position (then id), as the storefront's menus order them. */
function depthFirst(rows: readonly CategoryRow[]): { row: CategoryRow; depth: number }[] {
  const children = new Map<number | null, CategoryRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of [...rows].sort((a, b) => a.position - b.position || a.id - b.id)) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const out: { row: CategoryRow; depth: number }[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const row of children.get(parent) ?? []) {
      out.push({ row, depth });
      visit(row.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/**
 * The category tree as staff edit it: names and path segments per language, place (parent and
 * position), new categories. A category's full path in each language is its parent's path and its
 * segment, so a move or a new segment moves every path below it, and a move gives the products
 * below it their new lineage (group_ids) and the lists' facet groups, all in one transaction with
 * the audit row. A path another category has is refused at the language's field.
 */
export function createCategoryOpsService(repo: CategoryOpsRepository) {
  /** A change of the tree in one transaction; a path the database refuses after all (the paths are checked first) is said as taken. */
  const changeTree = <T>(work: (tx: CategoryWriter) => Promise<T>): Promise<T> =>
    repo.inTransaction(work).catch((error: unknown) => {
      if (error instanceof PathTaken) throw new AppError(409, "CATEGORY_PATH_TAKEN", "Another category has one of these paths: choose other segments.", "body.translations");
      throw error;
    });
  function nodeOf(row: CategoryRow, depth: number, texts: ReturnType<typeof textsById>, counts: Map<number, number>, locale: Locale): OpsCategoryNode {
    const text = texts.get(row.id)?.[locale] ?? texts.get(row.id)?.[DEFAULT_LOCALE];
    return { ...row, depth, name: text?.name ?? String(row.id), path: text?.path ?? "", productCount: counts.get(row.id) ?? 0 };
  }

  async function view(categoryId: number, locale: Locale): Promise<OpsCategory> {
    const [tree, counts] = await Promise.all([repo.tree(), repo.productCounts()]);
    const found = depthFirst(tree.categories).find((c) => c.row.id === categoryId);
    if (!found) throw categoryNotFound(categoryId);
    const texts = textsById(tree);
    const own = texts.get(categoryId) ?? {};
    const fallback = own[DEFAULT_LOCALE] ?? { name: String(categoryId), path: String(categoryId) };
    const translations = Object.fromEntries(LOCALES.map((l) => [l, { ...(own[l] ?? fallback), segment: ownSegment((own[l] ?? fallback).path) }])) as OpsCategory["translations"];
    const ancestors = lineageIds(categoryId, tree.categories).slice(1).reverse();
    const nameOf = (id: number) => texts.get(id)?.[locale]?.name ?? texts.get(id)?.[DEFAULT_LOCALE]?.name ?? String(id);
    return { ...nodeOf(found.row, found.depth, texts, counts, locale), translations, ancestors: ancestors.map((id) => ({ id, name: nameOf(id) })), imageKind: found.row.imageKind };
  }

  /**
   * The category's paths in every language, or the problems with them, each at its language's field;
   * a language that took the default language's segment (`fromDefault`) is said at the default's.
   */
  function planned(tree: Tree, categoryId: number, parentId: number | null, texts: Translated<{ name: string; segment: string }>, fromDefault: ReadonlySet<Locale> = new Set()) {
    const paths = new Map([...textsById(tree)].map(([id, byLocale]) => [id, Object.fromEntries(Object.entries(byLocale).map(([l, t]) => [l, t.path]))]));
    const segments = Object.fromEntries(LOCALES.map((l) => [l, texts[l].segment])) as Translated;
    const plan = planCategoryPaths({ categoryId, parentId, segments, tree: tree.categories, paths });
    const at = (locale: Locale) => `body.translations.${fromDefault.has(locale) ? DEFAULT_LOCALE : locale}.segment`;
    const once = (problems: Problem[]) => problems.filter((p, i) => problems.findIndex((q) => q.reference === p.reference) === i);
    const problems = (Object.entries(plan.problems) as [Locale, string][]).map(([locale, problem]): Problem => {
      const message = problem === "reserved" ? `"${segments[locale]}" is taken by the shop's own pages at the top level: choose another segment.` : "Give a path segment: lower-case letters and digits, words joined by hyphens.";
      return { code: "VALIDATION_FAILED", message, reference: at(locale) };
    });
    if (problems.length > 0) throw AppError.many(400, once(problems));
    if (plan.taken.length > 0) {
      const taken = plan.taken.map((locale): Problem => ({ code: "CATEGORY_PATH_TAKEN", message: `Another category has the path "${plan.paths.get(categoryId)?.[locale]}" in ${locale}: choose another segment.`, reference: at(locale) }));
      throw AppError.many(409, once(taken));
    }
    return plan.paths;
  }

  /** The parent as given: one that exists, and for a change not the category itself or one below it. */
  function checkParent(tree: Tree, categoryId: number, parentId: number | null): CategoryRow | null {
    if (parentId === null) return null;
    const parent = tree.categories.find((c) => c.id === parentId);
    if (!parent) throw AppError.badRequest("CATEGORY_DOESNT_EXIST", `There is no category ${parentId}.`, "body.parentId");
    if (!mayMoveUnder(categoryId, parentId, tree.categories)) throw AppError.badRequest("CATEGORY_MOVE_NOT_ALLOWED", "A category cannot be placed below itself or one of its own subcategories.", "body.parentId");
    return parent;
  }

  const rowsOf = (paths: Map<number, Translated>, names: ReadonlyMap<number, Partial<Translated>>): TranslationRow[] =>
    [...paths].flatMap(([categoryId, byLocale]) => LOCALES.map((locale) => ({ categoryId, locale, name: names.get(categoryId)?.[locale] ?? "", path: byLocale[locale] })));

  return {
    async tree(actor: StaffActor, locale: Locale): Promise<OpsCategoryTree> {
      requireRole(actor, ...CATALOGUE_ROLES);
      const [tree, counts] = await Promise.all([repo.tree(), repo.productCounts()]);
      const texts = textsById(tree);
      return { categories: depthFirst(tree.categories).map(({ row, depth }) => nodeOf(row, depth, texts, counts, locale)) };
    },

    async view(actor: StaffActor, categoryId: number, locale: Locale): Promise<OpsCategory> {
      requireRole(actor, ...CATALOGUE_ROLES);
      return view(categoryId, locale);
    },

    async create(actor: StaffActor, input: CategoryInput, locale: Locale): Promise<OpsCategory> {
      requireRole(actor, ...CATALOGUE_ROLES);
      const id = await changeTree(async (tx) => {
        const tree = await tx.lockedTree();
        const categoryId = Math.max(0, ...tree.categories.map((c) => c.id)) + 1;
        const parent = checkParent(tree, categoryId, input.parentId);
        const texts = completeCategoryTexts(input.translations);
        const paths = planned(tree, categoryId, input.parentId, texts, new Set(LOCALES.filter((l) => !input.translations[l])));
        const siblings = tree.categories.filter((c) => c.parentId === input.parentId).map((c) => c.position);
        const row: CategoryRow = {
          id: categoryId,
          parentId: input.parentId,
          position: input.position ?? Math.max(-1, ...siblings) + 1,
          rootKind: parent?.rootKind ?? input.rootKind ?? "electronics",
          isAccessory: input.isAccessory,
          imageKind: parent?.imageKind ?? "box",
        };
        const names = new Map([[categoryId, Object.fromEntries(LOCALES.map((l) => [l, texts[l].name]))]]);
        const translations = rowsOf(paths, names);
        await tx.insertCategory(row, translations);
        await tx.audit(actor, { action: "category.create", entityType: "category", entityId: String(categoryId), before: null, after: { ...row, translations } });
        return categoryId;
      });
      return view(id, locale);
    },

    async update(actor: StaffActor, categoryId: number, input: CategoryInput, locale: Locale): Promise<OpsCategory> {
      requireRole(actor, ...CATALOGUE_ROLES);
      await changeTree(async (tx) => {
        const tree = await tx.lockedTree();
        const before = tree.categories.find((c) => c.id === categoryId);
        if (!before) throw categoryNotFound(categoryId);
        const parent = checkParent(tree, categoryId, input.parentId);
        const was = textsById(tree);
        const current = was.get(categoryId) ?? {};
        // A language left out keeps its name and segment.
        const given: Partial<Record<Locale, CategoryText>> = Object.fromEntries(
          LOCALES.flatMap((l) => {
            const text = input.translations[l] ?? (current[l] && { name: current[l].name, segment: ownSegment(current[l].path) });
            return text ? [[l, text]] : [];
          }),
        );
        const texts = completeCategoryTexts(given);
        const paths = planned(tree, categoryId, input.parentId, texts);
        const moved = before.parentId !== input.parentId;
        const subtree = subtreeIds(categoryId, tree.categories);
        const rootKind = parent?.rootKind ?? input.rootKind ?? before.rootKind;
        const after: CategoryRow = { ...before, parentId: input.parentId, position: input.position ?? before.position, isAccessory: input.isAccessory, rootKind };
        // Below a new root, the whole subtree is of the root's kind.
        const below = tree.categories.filter((c) => c.id !== categoryId && subtree.includes(c.id) && c.rootKind !== rootKind).map((c) => ({ ...c, rootKind }));
        await tx.updateCategories([after, ...below]);
        const names = new Map([...was].map(([id, byLocale]) => [id, Object.fromEntries(Object.entries(byLocale).map(([l, t]) => [l, t.name]))]));
        names.set(categoryId, Object.fromEntries(LOCALES.map((l) => [l, texts[l].name])));
        const translations = rowsOf(paths, names).filter((row) => {
          const old = was.get(row.categoryId)?.[row.locale as Locale];
          return !old || old.name !== row.name || old.path !== row.path;
        });
        await tx.updateTranslations(translations);
        if (moved) {
          const movedTree = tree.categories.map((c) => (c.id === categoryId ? after : c));
          await tx.regroupProducts(new Map(subtree.map((id) => [id, lineageIds(id, movedTree)])));
        }
        const beforeTexts = LOCALES.map((l) => ({ locale: l, ...current[l] }));
        await tx.audit(actor, { action: "category.update", entityType: "category", entityId: String(categoryId), before: { ...before, translations: beforeTexts }, after: { ...after, translations } });
      });
      return view(categoryId, locale);
    },
  };
}
export type CategoryOpsService = ReturnType<typeof createCategoryOpsService>;
