/**
 * Search: a results page with three facet filters (api_product_list_view with a query) and the
 * overlay's suggestions (api_get_smart_suggestions), at the demo size on the embedded database and
 * at 100,000 and 1,000,000 products on the PostgreSQL server. The API runs in a process of its own
 * (bench/search-server.ts), as in production, so the load generator does not share its event loop.
 *   tsx bench/search.ts [--sizes 100000,1000000] [--seconds 10] [--connections 20]
 * Every request asks something new (query × filters × page), so no cache answers it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { MemoryIndexStatus } from "../src/search/memory-index.ts";
import { openDatabase } from "../src/db/client.ts";
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

interface Served {
  address: string;
  status: MemoryIndexStatus;
  readyInSeconds: number;
  rss: number;
  heapUsed: number;
}

/** Starts bench/search-server.ts on a database and waits for its address. */
async function serve(target: string): Promise<{ served: Served; server: ChildProcess }> {
  const server = spawn("./node_modules/.bin/tsx", ["bench/search-server.ts", target], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  const [line] = (await once(createInterface({ input: server.stdout! }), "line")) as [string];
  const served = JSON.parse(line) as Served;
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  console.log(
    `\nsearch on ${served.status.engine}: ${served.status.products.toLocaleString("en")} products, ${served.status.words.toLocaleString("en")} words, ` +
      `ready in ${served.readyInSeconds.toFixed(1)} s; server RSS ${mib(served.rss)} MiB, heap ${mib(served.heapUsed)} MiB`,
  );
  return { served, server };
}

async function measure(label: string, target: string): Promise<LoadResult[]> {
  const { served, server } = await serve(target);
  const address = served.address;
  let s = 0;
  let g = 0;
  // Suggestions first: a slow search run leaves queries queued for the pool that would delay what follows.
  const suggestions = await load("suggestions (new query each request)", address + suggestPath(0), { ...options, nextPath: () => suggestPath(g++) });
  const searches = await load("search + 3 facets (new query each request)", address + searchPath(0), { ...options, nextPath: () => searchPath(s++) });
  const rows = [searches, suggestions];
  printTable(`${label}, ${options.connections} connections, ${options.seconds} s each (latency in ms)`, rows);
  server.kill();
  await once(server, "exit");
  return rows;
}

// The demo catalogue on the embedded database, as `npm start` runs it.
const dataDir = mkdtempSync(join(tmpdir(), "reloop-search-bench-"));
const embedded = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") });
await embedded.migrate();
await seedCatalogue(embedded.db, { products: 2000 });
await embedded.close();
await measure("2,000 products, embedded PGlite", dataDir);

const summary: Record<number, LoadResult[]> = {};
for (const size of values.sizes.split(",").map(Number)) {
  const url = await prepareBenchDatabase(size);
  summary[size] = await measure(`${size.toLocaleString("en")} products, PostgreSQL server`, url);
}
const [small, large] = Object.keys(summary).map(Number);
if (small && large) {
  console.log(`\np95 at ${large.toLocaleString("en")} ÷ p95 at ${small.toLocaleString("en")}:`);
  summary[large]!.forEach((r, i) => console.log(`  ${r.name}: ${(r.p95 / summary[small]![i]!.p95).toFixed(2)}×`));
}
