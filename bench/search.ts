/**
 * Search: a results page with three facet filters (api_product_list_view with a query) and the
 * overlay's suggestions (api_get_smart_suggestions), at the demo size on the embedded database and
 * at 100,000 and 1,000,000 products on the PostgreSQL server.
 *   tsx bench/search.ts [--sizes 100000,1000000] [--seconds 10] [--connections 20]
 * Every request asks something new (query × filters × page), so no cache answers it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/api/app.ts";
import type { MemoryIndexStatus } from "../src/api/modules/search/memory-index.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { seedCatalogue } from "../src/demo-data/demo-catalogue.ts";
import { prepareBenchDatabase } from "./bench-database.ts";
import { searchPath, suggestPath } from "./search-queries.ts";
import { load, printTable, type LoadResult } from "./load.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
  },
});
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };

async function serve(database: Database, dataDir?: string): Promise<{ app: FastifyInstance; address: string }> {
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "100000000",
    COOKIE_SECRET: "bench-cookie-secret-of-at-least-32-characters",
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  let warming: Promise<MemoryIndexStatus> | undefined;
  const started = performance.now();
  const app = await buildApp({ config, database, version: "bench", searchIndex: (index) => (warming = index.warm()) });
  // As the server does at start; the load waits for the index, which a real instance would not.
  const status = await warming!;
  const { rss, heapUsed } = process.memoryUsage();
  console.log(
    `\nsearch on ${status.engine}: ${status.products.toLocaleString("en")} products, ${status.words.toLocaleString("en")} words, ready in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `process RSS ${(rss / 2 ** 20).toFixed(0)} MiB, heap ${(heapUsed / 2 ** 20).toFixed(0)} MiB`,
  );
  return { app, address: await app.listen({ host: "127.0.0.1", port: 0 }) };
}

async function measure(label: string, database: Database, dataDir?: string): Promise<LoadResult[]> {
  const { app, address } = await serve(database, dataDir);
  let s = 0;
  let g = 0;
  // Suggestions first: a slow search run leaves queries queued for the pool that would delay what follows.
  const suggestions = await load("suggestions (new query each request)", address + suggestPath(0), { ...options, nextPath: () => suggestPath(g++) });
  const searches = await load("search + 3 facets (new query each request)", address + searchPath(0), { ...options, nextPath: () => searchPath(s++) });
  const rows = [searches, suggestions];
  printTable(`${label}, ${options.connections} connections, ${options.seconds} s each (latency in ms)`, rows);
  await app.close();
  await database.close();
  return rows;
}

// The demo catalogue on the embedded database, as `npm start` runs it.
const dataDir = mkdtempSync(join(tmpdir(), "reloop-search-bench-"));
const embedded = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") });
await embedded.migrate();
await seedCatalogue(embedded.db, { products: 2000 });
await measure("2,000 products, embedded PGlite", embedded, dataDir);

const summary: Record<number, LoadResult[]> = {};
for (const size of values.sizes.split(",").map(Number)) {
  const url = await prepareBenchDatabase(size);
  summary[size] = await measure(`${size.toLocaleString("en")} products, PostgreSQL server`, await openDatabase({ kind: "pg", url, maxConnections: 20 }));
}
const [small, large] = Object.keys(summary).map(Number);
if (small && large) {
  console.log(`\np95 at ${large.toLocaleString("en")} ÷ p95 at ${small.toLocaleString("en")}:`);
  summary[large]!.forEach((r, i) => console.log(`  ${r.name}: ${(r.p95 / summary[small]![i]!.p95).toFixed(2)}×`));
}
