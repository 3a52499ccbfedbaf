import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes.ts";
import { BUY_PAGE_SEGMENTS, SELL_PAGE_SEGMENTS } from "../domain/routing/language-switch.ts";
import { BUY_PREFIX, SEARCH_SEGMENT, SELL_PREFIX, SELL_SEARCH_SEGMENT } from "../domain/routing/paths.ts";

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
/** Every page of the table with its whole path: what a URL must reach. */
const pages = (entries: Entry[], parent = ""): { name: string; path: string }[] =>
  entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.index || entry.path !== undefined ? [{ name: entry.id ?? entry.file, path }] : [];
    return [...own, ...pages(entry.children ?? [], path)];
  });
const all = pages(routes as Entry[]);

describe("the route table", () => {
  it("names in language-switch.ts every page under a translated prefix that is not a category", () => {
    const next = (prefix: string) => [...new Set(all.filter(({ path }) => path.startsWith(`${prefix}/`)).map(({ path }) => path.split("/")[1]!))];
    expect(next(BUY_PREFIX.de).filter((s) => s !== "*" && s !== SEARCH_SEGMENT.de).sort()).toEqual([...BUY_PAGE_SEGMENTS].filter((s) => s !== "categories").sort());
    expect(next(SELL_PREFIX.de).filter((s) => s !== "*" && s !== SELL_SEARCH_SEGMENT.de).sort()).toEqual([...SELL_PAGE_SEGMENTS].sort());
  });
});

describe("matching the route table", () => {
  /** A URL of a page: each parameter a sample value, a splat two segments (or none, where it is optional). */
  const urlsOf = (path: string): string[] => {
    const filled = `/${path}`.replace(/:[\w-]+/g, "x1");
    if (filled.endsWith("/*?")) return [filled.slice(0, -3), `${filled.slice(0, -2)}a/b`];
    return [filled.endsWith("*") ? `${filled.slice(0, -1)}a/b` : filled];
  };
  /** The table as React Router's matcher takes it: the config's entries carry the id and path it reads. */
  const table = routes as unknown as RouteObject[];
  const reached = (url: string) => {
    const leaf = matchRoutes(table, url)?.at(-1)?.route as Entry | undefined;
    return leaf ? (leaf.id ?? leaf.file) : null;
  };

  it("reaches every page by its own URL, in any letter case and with a trailing slash", () => {
    expect(all.length).toBeGreaterThan(150);
    for (const { name, path } of all) {
      for (const url of urlsOf(path)) {
        expect(reached(url), url).toBe(name);
        expect(reached(url.toUpperCase()), url.toUpperCase()).toBe(name);
        if (url !== "/") expect(reached(`${url}/`), `${url}/`).toBe(name);
      }
    }
  });

  it("decodes a parameter before matching, and leaves a URL of no page to the not-found page", () => {
    expect(matchRoutes(table, "/my/orders/a%20b")?.at(-1)?.params).toEqual({ orderUuid: "a b" });
    expect(reached("/no/such/page")).toBe("routes/not-found.tsx");
    expect(reached("//my")).toBe("routes/not-found.tsx");
  });
});
