import { describe, expect, it } from "vitest";
import { ancestorsOf, buildCategoryTree, findNode } from "./category-tree.ts";

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
