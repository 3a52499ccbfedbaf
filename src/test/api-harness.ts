import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppOptions } from "../api/app.ts";
import { loadConfig } from "../config.ts";
import { ANY_TABLE, openDatabase, type Database } from "../db/client.ts";
import type { MemorySearchIndex } from "../search/memory-index.ts";
import { LOCALES } from "../domain/i18n/locales.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import { withDatabase } from "./database-template.ts";

export const TEST_VERSION = "0.0.0+test";

/** A fresh database cloned from the seeded template: PGlite in memory, or a new database on the server. */
async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("templateDatabase");
  if (serverUrl && template) {
    const name = `${template}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    return openDatabase({ kind: "pg", url: withDatabase(serverUrl, name), maxConnections: 5 });
  }
  const dump = readFileSync(inject("templateDump"));
  return openDatabase({ kind: "pglite", loadDataDir: new Blob([dump]) });
}

/**
 * The API on its own test database, for the whole test file; `mailer` replaces the configured one,
 * `jobs` makes the job queue (on that database) that the app enqueues to and works on.
 */
export function setupTestApp(
  options: {
    clock?: () => Date;
    mailer?: Mailer;
    env?: Record<string, string>;
    jobs?: (database: Database) => JobQueue;
    stopping?: () => boolean;
    /** Search in the in-memory index (built for every language), whatever the catalogue's size. */
    searchInMemory?: boolean;
    /** Stands in for the storefront: registers pages on the root instance, behind the rate limit as the storefront's are. */
    web?: AppOptions["web"];
  } = {},
): {
  app: () => FastifyInstance;
  database: () => Database;
  jobs: () => JobQueue;
  /** Takes every change made so far into the in-memory search index (a no-op on PostgreSQL). */
  searchIndexCurrent: () => Promise<void>;
} {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  let jobs: JobQueue | undefined;
  let searchIndex: MemorySearchIndex | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = options.jobs?.(database);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", ...(options.searchInMemory ? { SEARCH_MEMORY_FROM: "0" } : {}), ...options.env }),
      database,
      version: TEST_VERSION,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(jobs ? { jobs } : {}),
      ...(options.stopping ? { stopping: options.stopping } : {}),
      ...(options.web ? { web: options.web } : {}),
      searchIndex: (index) => (searchIndex = index),
    });
    await app.ready();
    if (options.searchInMemory) await searchIndex!.warm({ languages: [...LOCALES] });
    await jobs?.start();
  });
  afterAll(async () => {
    await app?.close();
    await jobs?.stop();
    await database?.close();
  });
  return {
    app: () => app!,
    database: () => database!,
    async searchIndexCurrent() {
      if (!options.searchInMemory) return;
      searchIndex!.changed(ANY_TABLE);
      await searchIndex!.settled();
    },
    jobs: () => {
      if (!jobs) throw new Error("setupTestApp was called without jobs");
      return jobs;
    },
  };
}
