/**
 * The whole product (production build) in its own process for a load test, on a fresh embedded
 * database with the demo catalogue, or on the PostgreSQL server at BENCH_SSR_DATABASE_URL.
 * Prints its address.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { seedContent } from "../src/demo-data/content.ts";
import { catalogueIsEmpty, seedCatalogue } from "../src/demo-data/demo-catalogue.ts";
import { serveForBench } from "./serve.ts";
import { seedDemoCustomer } from "../src/demo-data/demo-customer.ts";

const url = process.env.BENCH_SSR_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), "reloop-ssr-bench-"));
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  RATE_LIMIT_PER_MINUTE: "100000000",
  COOKIE_SECRET: "bench-cookie-secret-of-at-least-32-characters",
  // Checkouts in the benchmark pay on the sandbox's page, on the PostgreSQL server too.
  PAYMENT_SANDBOX: "true",
  ...(url ? { DATABASE_URL: url } : {}),
});
const database = url ? await openDatabase({ kind: "pg", url, maxConnections: 20 }) : await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") });
await database.migrate();
if (await catalogueIsEmpty(database.db)) await seedCatalogue(database.db, { products: 2000 });
await seedContent(database.db);
await seedDemoCustomer(database.db);
const { address } = await serveForBench(config, database);
console.log(address);
process.once("SIGINT", () => process.exit(0));
