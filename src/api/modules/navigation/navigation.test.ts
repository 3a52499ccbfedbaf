import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";
import { asc, desc, isNotNull } from "drizzle-orm";
import { products } from "../../../db/schema/catalogue.ts";
import type { NavigationNode } from "./schemas.ts";
import { POPULAR_PRODUCTS } from "./service.ts";

const { app, database } = setupTestApp();

function flatten(nodes: NavigationNode[]): NavigationNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe("api_get_navigation_view", () => {
  it("returns the whole category tree, with the special categories", async () => {
    const res = await app().inject({ method: "GET", url: "/api/navigation" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.locale).toBe("de");
    const ids = flatten(body.categories).map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining([1112, 1294, 1295]));
    expect(body.categories.length).toBeGreaterThanOrEqual(2);
  });

  it("translates names and paths into the requested language", async () => {
    const de = (await app().inject({ method: "GET", url: "/api/navigation?categoryId=1294" })).json();
    const it = (await app().inject({ method: "GET", url: "/api/navigation?categoryId=1294", cookies: { "reloop-language": "it" } })).json();
    expect(it.locale).toBe("it");
    expect(de.breadcrumbs.map((b: { id: number }) => b.id)).toEqual(it.breadcrumbs.map((b: { id: number }) => b.id));
    expect(de.breadcrumbs[0].path).not.toBe(it.breadcrumbs[0].path);
    expect(de.breadcrumbs.at(-1).id).toBe(1294);
  });

  it("finds a category by its path in any language", async () => {
    const de = (await app().inject({ method: "GET", url: "/api/navigation?categoryId=1112" })).json();
    const path = de.breadcrumbs.at(-1).path as string;
    const res = await app().inject({ method: "GET", url: `/api/navigation?path=${path}&pathLocale=de&locale=nl` });
    expect(res.statusCode).toBe(200);
    expect(res.json().categories[0].id).toBe(1112);
    expect(res.json().locale).toBe("nl");
  });

  it("answers an unknown category with 404, and bad parameters with 400", async () => {
    const unknown = await app().inject({ method: "GET", url: "/api/navigation?categoryId=987654" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe("CATEGORY_DOESNT_EXIST");
    const bad = await app().inject({ method: "GET", url: "/api/navigation?categoryId=abc&locale=xx" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["query.categoryId", "query.locale"]);
    const badPath = await app().inject({ method: "GET", url: "/api/navigation?path=../etc" });
    expect(badPath.statusCode).toBe(400);
    const tooLarge = await app().inject({ method: "GET", url: "/api/navigation?categoryId=2147483648" });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors[0]).toMatchObject({ reference: "query.categoryId", message: "Category id is too large" });
  });
});

describe("api_get_popular_categories", () => {
  it("offers second-level categories, those holding the most of the most popular products in stock first, in the language asked", async () => {
    const tree = (await app().inject({ method: "GET", url: "/api/navigation?locale=en" })).json() as { categories: NavigationNode[] };
    const secondLevel = tree.categories.flatMap((root) => root.children).filter((c) => !c.isAccessory);
    const mostPopular = await database()
      .db.select({ groupIds: products.groupIds })
      .from(products)
      .where(isNotNull(products.priceMin))
      .orderBy(desc(products.popularity), asc(products.id))
      .limit(POPULAR_PRODUCTS);
    const holding = (id: number) => mostPopular.filter((p) => p.groupIds.includes(id)).length;
    const expected = [...secondLevel].sort((a, b) => holding(b.id) - holding(a.id)).slice(0, 3);
    // The demo catalogue's popularity is not the menu's order, so the order is the counts'.
    expect(expected.map((c) => c.id)).not.toEqual(secondLevel.slice(0, 3).map((c) => c.id));

    const res = await app().inject({ method: "GET", url: "/api/navigation/popular?limit=3&locale=en" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: "en", categories: expected.map((c) => ({ id: c.id, name: c.name, path: c.path })) });
  });

  it("refuses a bad limit or language with 400", async () => {
    for (const query of ["limit=0", "limit=21", "limit=x", "locale=xx"]) {
      const res = await app().inject({ method: "GET", url: `/api/navigation/popular?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].code).toBeDefined();
    }
  });
});
