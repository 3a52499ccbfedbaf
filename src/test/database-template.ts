import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, type Database } from "../db/client.ts";
import { seedCatalogue } from "../demo-data/demo-catalogue.ts";
import { seedContent } from "../demo-data/content.ts";
import { seedDemoCustomer } from "../demo-data/demo-customer.ts";

/** Products in every test database: enough for pagination and every category, small enough to be quick. */
const TEST_PRODUCTS = 300;

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: path of a migrated, seeded database dump to clone. */
    templateDump: string;
    /** PostgreSQL server: name of the template database to clone; clones are named after it. */
    templateDatabase: string;
  }
}

/**
 * Migrates and seeds one template database before the API suite; every test file then starts
 * from a clone of it (a PGlite dump, or CREATE DATABASE … TEMPLATE on a server).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `reloop_template_${process.pid}`;
    const { admin, database } = await createServerDatabase(serverUrl, name);
    await database.migrate();
    await seedCatalogue(database.db, { products: TEST_PRODUCTS });
    await seedContent(database.db);
    await seedDemoCustomer(database.db);
    await database.close();
    project.provide("templateDatabase", name);
    project.provide("templateDump", "");
    return async () => {
      const rows = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 || '%'`,
        [name],
      );
      for (const row of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  await seedCatalogue(database.db, { products: TEST_PRODUCTS });
  await seedContent(database.db);
  await seedDemoCustomer(database.db);
  // Written out after a checkpoint, the clones start without replaying the seed's WAL: each file's database opens about a fifth sooner.
  await database.db.execute(sql`checkpoint`);
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), "reloop-template-"));
  const file = join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("templateDump", file);
  project.provide("templateDatabase", "");
  return () => rmSync(dir, { recursive: true, force: true });
}

/** A new, empty database on the server (dropped first if a crashed run left it), with an admin connection. */
export async function createServerDatabase(serverUrl: string, name: string): Promise<{ admin: pg.Client; database: Database }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  return { admin, database: await openDatabase({ kind: "pg", url: withDatabase(serverUrl, name), maxConnections: 2 }) };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
