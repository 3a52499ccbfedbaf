import { runCommand } from "./side-by-side.ts";

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

async function runHalf(half: (typeof HALVES)[number]): Promise<{ name: string; code: number; summary: string[] }> {
  const summary: string[] = [];
  const code = await runCommand(
    { label: half.name, command: "./node_modules/.bin/playwright", args: ["test", ...process.argv.slice(2)], env: { ...process.env, E2E_HALF: half.name, E2E_PORT: String(half.port) } },
    {
      labelled: true,
      // The counts at the end are repeated below, as the two halves interleave.
      onLine: (line) => {
        if (/^\s+\d+ (passed|failed|flaky|skipped|did not run)\b/.test(line)) summary.push(line.trim());
      },
    },
  );
  return { name: half.name, code, summary };
}

const results = await Promise.all(HALVES.map(runHalf));
console.log("\n== end-to-end, both halves");
for (const { name, code, summary } of results) console.log(`  ${name}: ${summary.join(", ") || "no summary"}${code === 0 ? "" : ` (exit ${code})`}`);
process.exit(Math.max(...results.map((r) => r.code)));
