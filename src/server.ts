import { Redis } from "ioredis";
import { buildApp } from "./api/app.ts";
import { trackConnectionsForDrain } from "./api/drain.ts";
import { createLogger } from "./api/plugins/observability.ts";
import { DEVELOPMENT_COOKIE_SECRET, loadConfig } from "./config.ts";
import { openConfiguredDatabase } from "./db/client.ts";
import { createJobQueue } from "./jobs/queue.ts";
import { seedStartingData } from "./demo-data/starting-data.ts";
import { loadStorefront } from "./ssr/storefront.ts";
// Inlined by the build: dist/server.js carries the version it was built from and reads no file for it.
import packageJson from "../package.json" with { type: "json" };

const packageVersion = packageJson.version;

/**
 * config → database → migrations and demo data (one instance at a time) → app → job queue → listen.
 * On SIGTERM: /readyz turns 503, the listener closes, requests in flight finish (bounded), running
 * jobs finish or go back to the queue, then the process exits.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, pretty: config.dev });
  const storefront = await loadStorefront(config, packageVersion);
  const database = await openConfiguredDatabase(config);
  const redis = config.REDIS_URL ? { client: new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 }), keyPrefix: config.REDIS_KEY_PREFIX } : undefined;
  redis?.client.on("error", (err) => logger.warn({ err }, "Redis connection problem"));
  await redis?.client.connect();
  // Instances starting together: the first migrates and seeds, the others wait and find it done.
  await database.exclusive(async () => {
    await database.migrate();
    await seedStartingData(database.db, config, logger);
  });
  // The queue logs to the console until the app's logger exists.
  let logJobs = (msg: string, err?: unknown) => console.error(msg, err);
  const jobs = createJobQueue(database, { log: (msg, err) => logJobs(msg, err) });
  let stopping = false;
  const app = await buildApp({
    config,
    database,
    version: storefront.version,
    loggerInstance: logger,
    stopping: () => stopping,
    ...(redis ? { redis } : {}),
    web: (root, limitRequests) => storefront.register(root, limitRequests, (listener) => database.onChange(listener)),
    jobs,
    // PostgreSQL answers searches until the index is built.
    searchIndex: (index) =>
      void index.warm().then(
        (status) => logger.info(status, `search runs on ${status.engine}`),
        (err: unknown) => logger.error({ err }, "search index not built: search runs on PostgreSQL"),
      ),
  });
  logJobs = (msg, err) => app.log.error({ err }, msg);
  const drain = trackConnectionsForDrain(app.server);
  await jobs.start();
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: no new connections, finishing requests in flight");
    await drain(config.SHUTDOWN_TIMEOUT_MS, () => app.log.warn("requests still running after SHUTDOWN_TIMEOUT_MS: closing their connections"));
    // Only now: a closing app refuses the in-process API calls pages in flight still make.
    await app.close();
    // After the app (no request enqueues any more), before the database (running jobs finish or go back to the queue).
    await jobs.stop();
    await redis?.client.quit().catch(() => undefined);
    await database.close();
    app.log.info("stopped");
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  if (config.COOKIE_SECRET === DEVELOPMENT_COOKIE_SECRET) app.log.warn("COOKIE_SECRET is the development default: set your own before going live");
  if (config.PAYMENT_SANDBOX) {
    const where = config.DATABASE_URL ? "PAYMENT_SANDBOX=true is set" : "the embedded demo has it by default";
    app.log.warn(`PAYMENT SANDBOX IS ON (${where}): its payment page approves every payment without taking money. Never on a live shop.`);
  }
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Reloop ${storefront.version} listening on ${address} (${database.driver})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
