import { DEFAULT_LOCALE, LOCALES, type Locale, type Translated } from "../i18n/locales.ts";
import { SEARCH_SEGMENT, SELL_SEARCH_SEGMENT, slugify } from "../routing/paths.ts";

/**
 * The rules of the catalogue as staff edit it: a product's address and texts, its pictures' limits
 * and sizes, and where a category sits in the tree with its paths. Pure: the products module
 * applies them in its transactions.
 */

/** A product's slug (the part of /i{id},{slug} after the comma): from its name, never empty. */
export function productSlug(name: string): string {
  return slugify(name).slice(0, 120).replace(/-+$/, "") || "product";
}

/** A description per language with the blank ones left out: a language without its text shows the default language's. */
export function productTexts(description: Partial<Record<Locale, string | undefined>>): Partial<Translated> {
  return Object.fromEntries(LOCALES.flatMap((locale) => (description[locale]?.trim() ? [[locale, description[locale].trim()]] : [])));
}

/** The attributes as the product keeps them (key → value), from the ordered pairs staff edit; null names the first key given twice. */
export function attributesOf(pairs: readonly { key: string; value: string }[]): { attributes: Record<string, string> } | { duplicate: number } {
  const attributes: Record<string, string> = {};
  for (const [index, { key, value }] of pairs.entries()) {
    if (Object.hasOwn(attributes, key)) return { duplicate: index };
    attributes[key] = value;
  }
  return { attributes };
}

/** Pictures staff upload for a product: how many, how large as sent, and the two sizes the storefront shows. */
export const PRODUCT_PICTURE_LIMITS = {
  /** Files in one upload (one form). */
  perUpload: 6,
  /** Pictures (uploaded and generated) one product shows at most. */
  perProduct: 20,
  /** One file as sent: a camera's photo fits. */
  fileBytes: 10 * 1024 * 1024,
  /** The longer side of the large picture: the product page's main image (800 × 800) and the cards. */
  maxEdge: 800,
  /** The longer side of the thumbnail: the gallery's thumbnails (64 px, sharp on a 2× screen and more). */
  thumbEdge: 160,
} as const;

/** What the shop pays at first for a unit of a new product in the best grade, as a share of its new price, until finance sets the purchase prices. */
export const STARTING_PURCHASE_SHARE = 0.45;
export function startingPurchasePrice(bluePrice: number): number {
  return Math.round(bluePrice * STARTING_PURCHASE_SHARE);
}

/** One row of the category tree: enough to walk up from any category. */
export interface TreeLink {
  id: number;
  parentId: number | null;
}

/** The category and its ancestors, itself first (a product's group_ids). A broken chain (a loop) stops where it repeats. */
export function lineageIds(categoryId: number, tree: readonly TreeLink[]): number[] {
  const parentOf = new Map(tree.map((c) => [c.id, c.parentId]));
  const chain: number[] = [];
  for (let id: number | null | undefined = categoryId; id !== null && id !== undefined && !chain.includes(id); id = parentOf.get(id)) {
    if (!parentOf.has(id)) break;
    chain.push(id);
  }
  return chain;
}

/** The category and everything below it. */
export function subtreeIds(categoryId: number, tree: readonly TreeLink[]): number[] {
  const children = new Map<number, number[]>();
  for (const c of tree) if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const found: number[] = [];
  const visit = (id: number) => {
    if (found.includes(id)) return;
    found.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(categoryId);
  return found;
}

/** Whether a category may hang below this parent: not below itself or anything below it (the tree would become a loop). */
export function mayMoveUnder(categoryId: number, parentId: number | null, tree: readonly TreeLink[]): boolean {
  return parentId === null || !subtreeIds(categoryId, tree).includes(parentId);
}

/** A path segment: lower-case letters and digits in words joined by hyphens, as category URLs are written. */
export const PATH_SEGMENT_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const PATH_SEGMENT_MAX = 80;

/**
 * First segments under the buy and sell prefixes that pages already take (search, landing pages,
 * authors, rankings; see web/routes.ts): a top-level category there would never be reached. Every
 * language's words count, since every translation resolves in every language.
 */
export const RESERVED_ROOT_SEGMENTS: ReadonlySet<string> = new Set([
  ...Object.values(SEARCH_SEGMENT),
  ...Object.values(SELL_SEARCH_SEGMENT),
  "sale",
  "apple",
  "theme",
  "author",
  "autorinnen-und-autoren-welt",
  "top-produkte",
]);

/** A category's full path in a language: its parent's path and its own segment. */
export function categoryPath(parentPath: string | null, segment: string): string {
  return parentPath === null ? segment : `${parentPath}/${segment}`;
}

/** The last segment of a path: the category's own. */
export function ownSegment(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** A path below `oldBase` moved under `newBase` (a descendant's path when its ancestor's changed). */
export function rebasePath(path: string, oldBase: string, newBase: string): string {
  return path === oldBase ? newBase : path.startsWith(`${oldBase}/`) ? `${newBase}${path.slice(oldBase.length)}` : path;
}

export interface CategoryText {
  name: string;
  /** The category's own path segment; from the name when left out. */
  segment?: string | undefined;
}

/**
 * A category's name and segment in every language. The default language's are required; a
 * language left out takes them, so the category shows in every language's tree.
 */
export function completeCategoryTexts(texts: Partial<Record<Locale, CategoryText | undefined>>): Translated<{ name: string; segment: string }> {
  const fallback = texts[DEFAULT_LOCALE];
  if (!fallback) throw new Error(`A category needs its ${DEFAULT_LOCALE} name`);
  const complete = (text: CategoryText) => ({ name: text.name, segment: text.segment || slugify(text.name).slice(0, PATH_SEGMENT_MAX).replace(/-+$/, "") });
  return Object.fromEntries(LOCALES.map((locale) => [locale, complete(texts[locale] ?? fallback)])) as Translated<{ name: string; segment: string }>;
}

/** Where an uploaded picture is served in each size; its address never changes (a new upload is a new picture), so it is cached for good. */
export function productPictureUrl(pictureId: string, size: "large" | "thumb"): string {
  return `/media/product-pictures/${pictureId}/${size}.webp`;
}

/** Why a category's segment in a language cannot be: not a segment, or a top-level word the storefront's pages take. */
export type SegmentProblem = "invalid" | "reserved";

/** What a new or changed category's place and segments make of the tree's paths. */
export interface PathPlan {
  /** The new full path per language of the category and of everything below it. */
  paths: Map<number, Translated>;
  /** Segments that cannot be, by language. */
  problems: Partial<Record<Locale, SegmentProblem>>;
  /** Languages in which one of the new paths is another category's. */
  taken: Locale[];
}

/**
 * The paths a category gets below its parent with its segments, and its descendants' paths moved
 * along; and what stands in the way. `paths` are the tree's paths as they are (the category's own
 * absent when it is new).
 */
export function planCategoryPaths(input: {
  categoryId: number;
  parentId: number | null;
  segments: Translated;
  tree: readonly TreeLink[];
  paths: ReadonlyMap<number, Partial<Translated>>;
}): PathPlan {
  const moving = subtreeIds(input.categoryId, input.tree);
  const plan: PathPlan = { paths: new Map(moving.map((id) => [id, {} as Translated])), problems: {}, taken: [] };
  for (const locale of LOCALES) {
    const segment = input.segments[locale];
    if (!PATH_SEGMENT_PATTERN.test(segment) || segment.length > PATH_SEGMENT_MAX) plan.problems[locale] = "invalid";
    else if (input.parentId === null && RESERVED_ROOT_SEGMENTS.has(segment)) plan.problems[locale] = "reserved";
    const parentPaths = input.parentId === null ? undefined : input.paths.get(input.parentId);
    const parentPath = input.parentId === null ? null : (parentPaths?.[locale] ?? parentPaths?.[DEFAULT_LOCALE] ?? null);
    const path = categoryPath(parentPath, segment);
    const old = input.paths.get(input.categoryId)?.[locale];
    for (const id of moving) {
      const before = id === input.categoryId ? undefined : input.paths.get(id)?.[locale];
      plan.paths.get(id)![locale] = before === undefined ? path : old === undefined ? before : rebasePath(before, old, path);
    }
    const others = new Set([...input.paths].filter(([id]) => !moving.includes(id)).map(([, texts]) => texts[locale]));
    if (moving.some((id) => others.has(plan.paths.get(id)![locale]))) plan.taken.push(locale);
  }
  return plan;
}
