import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { serveForBench } from "./serve.ts";
import { prepareBenchDatabase } from "./bench-database.ts";
import { load, printTable, type LoadResult } from "./load.ts";

/**
 * The list API and the SSR category page at 100,000 and 1,000,000 products on a PostgreSQL server.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test tsx bench/list-api.ts --sizes 100000,1000000
 * Databases reloop_bench_<size> are created and seeded once, then reused.
 */
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
  },
});
if (process.env.NODE_ENV !== "production") console.warn("NODE_ENV is not production: React renders in development mode and the SSR figures will be too slow. Use npm run bench.");
const sizes = values.sizes.split(",").map(Number);
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };

const summary: Record<number, LoadResult[]> = {};
for (const size of sizes) {
  const url = await prepareBenchDatabase(size);
  const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: url, LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000", COOKIE_SECRET: "bench-cookie-secret-of-at-least-32-characters" });
  const database = await openDatabase({ kind: "pg", url, maxConnections: 20 });
  const { app, address } = await serveForBench(config, database);
  // Repeated lists are answered from the 5-second list cache; "every request a new page" is what no cache holds.
  let n = 0;
  const distinctPage = () => `/api/products?categoryId=${[1, 2, 10, 11, 12, 13, 20][n % 7]}&sort=${["relevance", "price_asc", "newest"][n % 3]}&page=${1 + (n++ % 200)}`;
  const scenarios: [string, string, (() => string)?][] = [
    ["list: top category (Media, the largest)", "/api/products?categoryId=2"],
    ["list: deep category + 3 filters", "/api/products?categoryId=1112&grade=A2&inStock=1&rom=128%20GB"],
    ["list: top category, page 50", "/api/products?categoryId=2&page=50"],
    ["list: every request a new page (uncached)", "/api/products", distinctPage],
    ["SSR: category page /kaufen/elektronik/smartphones", "/kaufen/elektronik/smartphones"],
  ];
  const rows: LoadResult[] = [];
  const single: LoadResult[] = [];
  for (const [name, path, nextPath] of scenarios) {
    rows.push(await load(name, address + path, { ...options, ...(nextPath ? { nextPath } : {}) }));
    // One connection at a time shows what a request costs without queueing behind 49 others.
    single.push(await load(name, address + path, { connections: 1, seconds: Math.min(3, options.seconds), ...(nextPath ? { nextPath } : {}) }));
  }
  printTable(`${size.toLocaleString("en")} products, ${options.connections} connections, ${options.seconds} s each (latency in ms)`, rows);
  printTable(`${size.toLocaleString("en")} products, 1 connection (latency in ms)`, single);
  summary[size] = rows;
  await app.close();
  await database.close();
}
if (sizes.length === 2) {
  const [small, large] = sizes as [number, number];
  console.log(`\np95 at ${large.toLocaleString("en")} ÷ p95 at ${small.toLocaleString("en")}:`);
  summary[large]!.forEach((r, i) => console.log(`  ${r.name}: ${(r.p95 / summary[small]![i]!.p95).toFixed(2)}×`));
}
