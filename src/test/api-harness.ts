import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../api/app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
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

/** The API on its own test database, for the whole test file; `mailer` replaces the configured one. */
export function setupTestApp(options: { clock?: () => Date; mailer?: Mailer; env?: Record<string, string> } = {}): {
  app: () => FastifyInstance;
  database: () => Database;
} {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", ...options.env }),
      database,
      version: TEST_VERSION,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return { app: () => app!, database: () => database! };
}
