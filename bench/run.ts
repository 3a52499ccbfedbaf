/** npm run bench: every benchmark, one after another; each prints its figures. */
import { spawnSync } from "node:child_process";

const scripts = ["bench/first-load-js.ts", "bench/lighthouse.ts", "bench/ssr-pages.ts", "bench/list-api.ts", "bench/search.ts", "bench/orders.ts", "bench/scale-out.ts"];
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  // React renders several times slower in development mode: measure what production runs.
  const run = spawnSync("./node_modules/.bin/tsx", [script, ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
