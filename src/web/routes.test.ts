import { describe, expect, it } from "vitest";
import routes from "./routes.ts";
import { BUY_PAGE_SEGMENTS, SELL_PAGE_SEGMENTS } from "../domain/routing/language-switch.ts";
import { BUY_PREFIX, SEARCH_SEGMENT, SELL_PREFIX, SELL_SEARCH_SEGMENT } from "../domain/routing/paths.ts";

describe("the route table", () => {
  it("names in language-switch.ts every page under a translated prefix that is not a category", () => {
    type Entry = { path?: string; children?: Entry[] };
    const paths = (entries: Entry[]): string[] => entries.flatMap((e) => [...(e.path ? [e.path] : []), ...paths(e.children ?? [])]);
    const all = paths(routes as Entry[]);
    const next = (prefix: string) => [...new Set(all.filter((p) => p.startsWith(`${prefix}/`)).map((p) => p.split("/")[1]!))];
    expect(next(BUY_PREFIX.de).filter((s) => s !== "*" && s !== SEARCH_SEGMENT.de).sort()).toEqual([...BUY_PAGE_SEGMENTS].filter((s) => s !== "categories").sort());
    expect(next(SELL_PREFIX.de).filter((s) => s !== "*" && s !== SELL_SEARCH_SEGMENT.de).sort()).toEqual([...SELL_PAGE_SEGMENTS].sort());
  });
});
