import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, selectRows, type Database } from "./client.ts";
import { createServerDatabase } from "../test/database-template.ts";

async function tables(database: Database): Promise<string[]> {
  const rows = await selectRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function checkMigrations(database: Database) {
  expect(await tables(database)).toEqual([]);
  await database.migrate();
  const created = await tables(database);
  expect(created).toEqual(expect.arrayContaining(["categories", "category_translations", "products", "product_variants", "product_media", "product_relations", "coupons", "announcements"]));
  const ext = await selectRows(database.db, sql`select extname from pg_extension where extname = 'pg_trgm'`);
  expect(ext).toHaveLength(1);
  // A second start applies nothing and breaks nothing.
  await database.migrate();
  expect(await tables(database)).toEqual(created);
}

describe("migrations on an empty database", () => {
  it("create the schema on embedded PGlite, and are idempotent", async () => {
    const database = await openDatabase({ kind: "pglite" });
    expect(database.driver).toBe("pglite");
    try {
      await checkMigrations(database);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("create the schema on a PostgreSQL server, and are idempotent", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `reloop_migrations_${process.pid}`;
    const { admin, database } = await createServerDatabase(serverUrl, name);
    expect(database.driver).toBe("pg");
    try {
      await checkMigrations(database);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("survive the server closing an idle connection: the next query opens a new one", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `reloop_idle_${process.pid}`;
    const { admin, database } = await createServerDatabase(serverUrl, name);
    try {
      await selectRows(database.db, sql`select 1`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      // Give the pool time to notice; without its error handler this is an unhandled error.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await selectRows<{ n: number }>(database.db, sql`select 2 as n`)).toEqual([{ n: 2 }]);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
