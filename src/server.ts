import { readFileSync } from "node:fs";
import { buildApp } from "./api/app.ts";
import { DEVELOPMENT_COOKIE_SECRET, loadConfig } from "./config.ts";
import { openConfiguredDatabase } from "./db/client.ts";
import { catalogueIsEmpty, seedCatalogue } from "./demo-data/demo-catalogue.ts";
import { seedContent } from "./demo-data/content.ts";
import { loadStorefront } from "./ssr/storefront.ts";

const packageVersion = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** config → database → migrations → demo data on an empty catalogue → app → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const storefront = await loadStorefront(config, packageVersion);
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const app = await buildApp({
    config,
    database,
    version: storefront.version,
    logger: { level: config.LOG_LEVEL },
    web: (root, limitRequests) => storefront.register(root, limitRequests),
  });
  if (await catalogueIsEmpty(database.db)) {
    app.log.info({ products: config.SEED_PRODUCTS }, "empty catalogue: seeding demo data");
    const started = Date.now();
    await seedCatalogue(database.db, { products: config.SEED_PRODUCTS });
    app.log.info({ ms: Date.now() - started }, "demo data seeded");
  }
  await seedContent(database.db);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
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
