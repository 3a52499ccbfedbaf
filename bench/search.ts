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
import { loadConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { seedCatalogue } from "../src/demo-data/demo-catalogue.ts";
import { GRADES } from "../src/domain/catalogue/grades.ts";
import { prepareBenchDatabase } from "./bench-database.ts";
import { load, printTable, type LoadResult } from "./load.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
  },
});
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };

/** What visitors type, typos included (swapped, missing and doubled letters, compounds, other languages). */
export const QUERIES = [
  "iphone 13", "iphnoe 12", "iphone 14 pro", "ipohne 11", "iphone se", "galaxy s22", "galxy s23", "samsung galaxy", "samsnug tab",
  "pixel 7", "pixle 8", "ipad air", "ipda pro", "ipad mini", "macbook air", "macbok pro", "macbook pro m1", "thinkpad", "thinkpda t14",
  "ideapad", "apple watch", "aple watch se", "watch series 8", "sport loop", "milanese", "playstation 5", "playstaton 4", "ps5 digital",
  "switch oled", "nintendo swich", "switch lite", "kopfhörer", "wh-1000xm5", "sony wh 1000xm4", "ladekabel", "usb-c kabel", "usb c lightning",
  "magsafe charger", "power adapter", "netzteil 20w", "handyhülle", "silent garden", "golden river", "hidden kingdom", "the paper kites",
  "northern lights", "blue harbour", "secret island", "lost letters", "winter station", "anna weber", "lukas schneider", "garcia",
  "blu-ray", "paperback", "hardcover", "refurbished iphone", "geprüft", "128 gb", "256gb", "midnight", "starlight", "space grey",
];

/** The n-th search: a query, three facets (grade, in stock, a price ceiling that is new each time) and a page. */
export function searchPath(n: number): string {
  const query = encodeURIComponent(QUERIES[n % QUERIES.length]!);
  const grade = GRADES[Math.floor(n / QUERIES.length) % GRADES.length];
  const priceMax = 20_000 + ((n * 7919) % 200_000);
  return `/api/products?query=${query}&grade=${grade}&inStock=1&priceMax=${priceMax}&page=${1 + (n % 3)}`;
}

/** The n-th keystroke state: a query cut after 3 or more characters, sometimes limited to a category group. */
export function suggestPath(n: number): string {
  const full = QUERIES[n % QUERIES.length]!;
  const cut = 3 + (Math.floor(n / QUERIES.length) % Math.max(1, full.length - 2));
  const group = n % 4 === 0 ? "&groupId=1" : "";
  return `/api/search/suggestions?query=${encodeURIComponent(full.slice(0, cut))}${group}`;
}

async function serve(database: Database, dataDir?: string): Promise<{ app: FastifyInstance; address: string }> {
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "100000000",
    COOKIE_SECRET: "bench-cookie-secret-of-at-least-32-characters",
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  const app = await buildApp({ config, database, version: "bench" });
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
