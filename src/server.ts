import { readFileSync } from "node:fs";
import { buildApp } from "./api/app.ts";
import { DEVELOPMENT_COOKIE_SECRET, loadConfig } from "./config.ts";
import { openConfiguredDatabase } from "./db/client.ts";
import { createJobQueue } from "./jobs/queue.ts";
import { catalogueIsEmpty, seedCatalogue } from "./demo-data/demo-catalogue.ts";
import { seedContent } from "./demo-data/content.ts";
import { loadStorefront } from "./ssr/storefront.ts";

const packageVersion = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** config → database → migrations → app → demo data on an empty catalogue → job queue → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const storefront = await loadStorefront(config, packageVersion);
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  // The queue logs to the console until the app's logger exists.
  let logJobs = (msg: string, err?: unknown) => console.error(msg, err);
  const jobs = createJobQueue(database, { log: (msg, err) => logJobs(msg, err) });
  const app = await buildApp({
    config,
    database,
    version: storefront.version,
    logger: { level: config.LOG_LEVEL },
    web: (root, limitRequests) => storefront.register(root, limitRequests),
    jobs,
  });
  logJobs = (msg, err) => app.log.error({ err }, msg);
  if (await catalogueIsEmpty(database.db)) {
    app.log.info({ products: config.SEED_PRODUCTS }, "empty catalogue: seeding demo data");
    const started = Date.now();
    await seedCatalogue(database.db, { products: config.SEED_PRODUCTS });
    app.log.info({ ms: Date.now() - started }, "demo data seeded");
  }
  await seedContent(database.db);
  await jobs.start();
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    // After the app (no request enqueues any more), before the database (running jobs finish first).
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  if (config.COOKIE_SECRET === DEVELOPMENT_COOKIE_SECRET) app.log.warn("COOKIE_SECRET is the development default: set your own before going live");
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Reloop ${storefront.version} listening on ${address} (${database.driver})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
