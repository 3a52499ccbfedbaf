import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Config } from "../config.ts";
import * as catalogue from "./schema/catalogue.ts";
import * as content from "./schema/content.ts";
import * as reviews from "./schema/reviews.ts";
import * as newsletter from "./schema/newsletter.ts";

const schema = { ...catalogue, ...content, ...reviews, ...newsletter };
type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "pg";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to clone test databases from. */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

type DatabaseTarget =
  | { kind: "pg"; url: string; maxConnections?: number }
  /** dataDir undefined = in memory; loadDataDir = a dump to start from (test templates). */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "pg") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 20 });
    // An idle connection the server closes (restart, failover, a dropped database) must not take the
    // process down: the pool discards it and opens a new one for the next query.
    pool.on("error", (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: "pg",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    dump: async () => client.dumpDataDir("none"),
  };
}

/** The server when DATABASE_URL is set, else the embedded database under DATA_DIR/db. */
export function openConfiguredDatabase(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: "pg", url: config.DATABASE_URL })
    : openDatabase({ kind: "pglite", dataDir: join(config.DATA_DIR, "db") });
}

/** Rows of a raw SQL query, whichever driver ran it (both answer with `rows`). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
