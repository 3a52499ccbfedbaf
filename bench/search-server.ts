/**
 * The API for bench/search.ts, in a process of its own as it runs in production (the load generator
 * then does not share its event loop): opens the database given as argument, builds the app, waits
 * for the search index and prints one JSON line with its address, then serves until killed.
 *   tsx bench/search-server.ts <postgres url | embedded data dir>
 */
import { join } from "node:path";
import { buildApp } from "../src/api/app.ts";
import type { MemoryIndexStatus } from "../src/search/memory-index.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";

const target = process.argv[2]!;
const embedded = !target.startsWith("postgres");
const database = embedded ? await openDatabase({ kind: "pglite", dataDir: join(target, "db") }) : await openDatabase({ kind: "pg", url: target, maxConnections: 20 });
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  RATE_LIMIT_PER_MINUTE: "100000000",
  COOKIE_SECRET: "bench-cookie-secret-of-at-least-32-characters",
  ...(embedded ? { DATA_DIR: target } : {}),
});
let warming: Promise<MemoryIndexStatus> | undefined;
const started = performance.now();
const app = await buildApp({ config, database, version: "bench", searchIndex: (index) => (warming = index.warm()) });
// As the server does at start; the load waits for the index, which a real instance would not.
const status = await warming!;
const readyInSeconds = (performance.now() - started) / 1000;
const address = await app.listen({ host: "127.0.0.1", port: 0 });
const { rss, heapUsed } = process.memoryUsage();
console.log(JSON.stringify({ address, status, readyInSeconds, rss, heapUsed }));
// Exit normally when the benchmark is done, so a --cpu-prof profile gets written.
process.once("SIGTERM", () => process.exit(0));
