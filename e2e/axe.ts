import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type * as Axe from "axe-core";
import { expect } from "./fixtures.ts";

/** axe-core's bundle, read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Axe's violations on the page, or within the elements `include` selects, each as its rule and
 * its first three elements. Axe runs in the page itself and reports violations only: the
 * Playwright wrapper's default opens a blank page per check to merge frames' results (our pages
 * have no frames) and injects axe twice, which took three times as long.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Colours are measured as they end up: nothing loading, no fade (a list dimmed while it loads) half-way.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity));
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const { violations } = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ["violations"] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  }, include);
}

/** Fails the test with every violation axe finds on the page (or within `include`). */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  expect(await axeViolations(page, include)).toEqual([]);
}
