/** Pure tree building over flat category rows. */
interface FlatCategory {
  id: number;
  parentId: number | null;
  name: string;
  path: string;
  isAccessory: boolean;
}
interface CategoryNode {
  id: number;
  name: string;
  path: string;
  isAccessory: boolean;
  children: CategoryNode[];
}

/** Builds the forest, keeping the input order among siblings. Orphans become roots. */
export function buildCategoryTree(rows: readonly FlatCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const r of rows) nodes.set(r.id, { id: r.id, name: r.name, path: r.path, isAccessory: r.isAccessory, children: [] });
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The chain root → … → the category itself; empty when the id is unknown. */
export function ancestorsOf<T extends { id: number; parentId: number | null }>(rows: readonly T[], id: number): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: T[] = [];
  let current = byId.get(id);
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return chain;
}

export function findNode(forest: readonly CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of forest) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The categories to offer when a search finds nothing: those of the second level (below the
 * departments, which are too broad, and above the narrow leaves) that hold the most of the shop's
 * most popular products in stock, most first; accessories are left out. When too few hold any (a
 * catalogue with little in stock), the rest of the second level follows in menu order.
 */
export function popularCategories<T extends FlatCategory>(rows: readonly T[], popularProducts: ReadonlyMap<number, number>, limit: number): T[] {
  const roots = new Set(rows.filter((r) => r.parentId === null).map((r) => r.id));
  const secondLevel = rows.filter((r) => r.parentId !== null && roots.has(r.parentId) && !r.isAccessory);
  const count = (r: T) => popularProducts.get(r.id) ?? 0;
  // Array.prototype.sort is stable: equal counts keep the menu order.
  return [...secondLevel].sort((a, b) => count(b) - count(a)).slice(0, limit);
}
