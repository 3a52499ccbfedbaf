import { describe, expect, it } from "vitest";
import { experimentActive, macbookInStockRedirect } from "./experiments.ts";

describe("MacBook in-stock experiment", () => {
  it("adds inStock=1 and preselected=1 on 1294 and 1295 when active and no in-stock filter is set", () => {
    expect(macbookInStockRedirect(1294, new URLSearchParams("sort=newest"), true)).toBe("?sort=newest&inStock=1&preselected=1");
    expect(macbookInStockRedirect(1295, new URLSearchParams(""), true)).toBe("?inStock=1&preselected=1");
  });
  it("stays when inactive, on other categories, or once an in-stock choice exists", () => {
    expect(macbookInStockRedirect(1294, new URLSearchParams(""), false)).toBeNull();
    expect(macbookInStockRedirect(1112, new URLSearchParams(""), true)).toBeNull();
    expect(macbookInStockRedirect(1294, new URLSearchParams("inStock=0"), true)).toBeNull();
    expect(macbookInStockRedirect(1294, new URLSearchParams("preselected=1"), true)).toBeNull();
  });
  it("assigns visitors to stable halves in split mode", () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `visitor-${i}`);
    const active = keys.filter((k) => experimentActive("split", "macbook", k)).length;
    expect(active).toBeGreaterThan(400);
    expect(active).toBeLessThan(600);
    expect(keys.every((k) => experimentActive("split", "macbook", k) === experimentActive("split", "macbook", k))).toBe(true);
    expect(experimentActive("on", "macbook", "x")).toBe(true);
    expect(experimentActive("off", "macbook", "x")).toBe(false);
  });
});
