import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * The end-to-end suite in two halves side by side (playwright.config.ts, E2E_HALF): the storefront's
 * pages on a phone and the desktop, and every other flow on the desktop. Each half has an app,
 * database, mail server and identity providers of its own, ten ports apart, so no test sees the
 * other half's data. One run at a time left a third of the two cores idle, the browser and the
 * server waiting on each other. Arguments go to both halves' `playwright test`.
 */
const HALVES = [
  { name: "pages", port: 3210 },
  { name: "flows", port: 3220 },
] as const;

function runHalf(half: (typeof HALVES)[number]): Promise<{ name: string; code: number; summary: string[] }> {
  return new Promise((resolve) => {
    const child = spawn("./node_modules/.bin/playwright", ["test", ...process.argv.slice(2)], {
      env: { ...process.env, E2E_HALF: half.name, E2E_PORT: String(half.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const summary: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        // Each line named by its half, as the two interleave; the counts at the end are repeated below.
        console.log(`[${half.name}] ${line}`);
        if (/^\s+\d+ (passed|failed|flaky|skipped|did not run)\b/.test(line)) summary.push(line.trim());
      });
    }
    child.on("exit", (code, signal) => resolve({ name: half.name, code: code ?? (signal ? 1 : 0), summary }));
  });
}

const results = await Promise.all(HALVES.map(runHalf));
console.log("\n== end-to-end, both halves");
for (const { name, code, summary } of results) console.log(`  ${name}: ${summary.join(", ") || "no summary"}${code === 0 ? "" : ` (exit ${code})`}`);
process.exit(Math.max(...results.map((r) => r.code)));
