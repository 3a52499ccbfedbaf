import { describe, expect, it } from "vitest";
import { ancestorsOf, buildCategoryTree, findNode, popularCategories } from "./category-tree.ts";

const rows = [
  { id: 1, parentId: null, name: "Electronics", path: "electronics", isAccessory: false },
  { id: 2, parentId: 1, name: "Phones", path: "electronics/phones", isAccessory: false },
  { id: 3, parentId: 2, name: "iPhone", path: "electronics/phones/iphone", isAccessory: false },
  { id: 4, parentId: null, name: "Media", path: "media", isAccessory: false },
];

describe("category tree", () => {
  it("nests children under parents, keeping order", () => {
    const tree = buildCategoryTree(rows);
    expect(tree.map((n) => n.id)).toEqual([1, 4]);
    expect(tree[0]!.children[0]!.children[0]!.name).toBe("iPhone");
    expect(findNode(tree, 3)?.path).toBe("electronics/phones/iphone");
  });
  it("lists ancestors root first, itself last", () => {
    expect(ancestorsOf(rows, 3).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(ancestorsOf(rows, 99)).toEqual([]);
  });
  it("survives a cycle in bad data", () => {
    const cyclic = [{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }];
    expect(ancestorsOf(cyclic, 1).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe("popularCategories", () => {
  const row = (id: number, parentId: number | null, isAccessory = false) => ({ id, parentId, name: `c${id}`, path: `c${id}`, isAccessory });
  // Departments 1 and 2; second level 10–13 (13 an accessory category); 100 a leaf below 10.
  const rows = [row(1, null), row(2, null), row(10, 1), row(11, 1), row(12, 2), row(13, 2, true), row(100, 10)];

  it("offers second-level categories by how many popular products they hold, leaving out departments, leaves and accessories", () => {
    const counts = new Map([[1, 90], [2, 80], [100, 70], [13, 60], [12, 50], [10, 20], [11, 30]]);
    expect(popularCategories(rows, counts, 2).map((c) => c.id)).toEqual([12, 11]);
  });

  it("fills up with the menu order when too few hold popular products", () => {
    expect(popularCategories(rows, new Map([[12, 5]]), 3).map((c) => c.id)).toEqual([12, 10, 11]);
    expect(popularCategories(rows, new Map(), 8).map((c) => c.id)).toEqual([10, 11, 12]);
  });
});
