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
import { dbQuerySeconds, observePool } from "../metrics.ts";
import * as catalogue from "./schema/catalogue.ts";
import * as content from "./schema/content.ts";
import * as reviews from "./schema/reviews.ts";
import * as newsletter from "./schema/newsletter.ts";

const schema = { ...catalogue, ...content, ...reviews, ...newsletter };
type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The channel the catalogue's and content's triggers notify on (migration 0021); the payload is the table's name. */
export const CHANGE_CHANNEL = "reloop_changes";
/** What a change listener hears after it may have missed notifications (a lost connection): anything may have changed. */
export const ANY_TABLE = "*";
/** Key of the advisory lock under which one instance at a time migrates and seeds. */
const STARTUP_LOCK_KEY = 7_319_004_211;

export interface Database {
  db: Db;
  driver: "pglite" | "pg";
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, seeding) while holding a database-wide advisory lock, so
   * instances starting together do it one after the other and the later ones find it done.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Hears every committed change of the tables with a change trigger, from any process on this
   * database (LISTEN/NOTIFY); ANY_TABLE after a reconnect. Returns the unsubscribe.
   */
  onChange(listener: (table: string) => void): () => void;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to clone test databases from. */
  dump?: () => Promise<Blob>;
}

/** Beside this module in src/db, beside the bundle in dist/ (scripts/build-server.ts copies them there). */
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

type DatabaseTarget =
  | { kind: "pg"; url: string; maxConnections?: number }
  /** dataDir undefined = in memory; loadDataDir = a dump to start from (test templates). */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "pg") {
    // Short queries from many connections at once: parallel workers cost more to start (~100 ms
    // measured at 1M products) than they save, and JIT compiles for far longer than these queries run.
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 20, options: "-c jit=off -c max_parallel_workers_per_gather=0" });
    // An idle connection the server closes (restart, failover, a dropped database) must not take the
    // process down: the pool discards it and opens a new one for the next query.
    pool.on("error", (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
    timeQueries(pool);
    pool.on("connect", timeQueries);
    observePool(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const feed = changeFeed(target.url);
    return {
      db,
      driver: "pg",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      async exclusive(work) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      onChange: feed.subscribe,
      async close() {
        await feed.close();
        await pool.end();
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const listeners = new Set<(table: string) => void>();
  let listening: Promise<unknown> | undefined;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // One process owns the embedded database: nobody to wait for.
    exclusive: (work) => work(),
    onChange(listener) {
      listening ??= client.listen(CHANGE_CHANNEL, (table) => listeners.forEach((l) => l(table)));
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => client.close(),
    dump: async () => client.dumpDataDir("none"),
  };
}

/**
 * One connection of its own that LISTENs for change notifications, opened at the first subscriber.
 * A lost connection is reopened after a second, and listeners then hear ANY_TABLE, because
 * notifications sent meanwhile are gone.
 */
function changeFeed(url: string) {
  const listeners = new Set<(table: string) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const emit = (table: string) => listeners.forEach((listener) => listener(table));
  const connect = (reconnected: boolean) => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: "reloop-changes" });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next || closed) return;
      client = undefined;
      if (error) process.emitWarning(`Change notifications interrupted: ${error.message}`);
      void next.end().catch(() => undefined);
      retry = setTimeout(() => connect(true), 1_000);
    };
    next.on("notification", (message) => emit(message.payload ?? ANY_TABLE));
    next.on("error", lost);
    next.on("end", () => lost(new Error("connection ended")));
    next
      .connect()
      .then(() => next.query(`listen ${CHANGE_CHANNEL}`))
      .then(() => reconnected && emit(ANY_TABLE), lost);
  };
  return {
    subscribe(listener: (table: string) => void): () => void {
      if (!client && !retry) connect(false);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Times every promise-style query for /metrics: the pool's own (drizzle's plain queries) and those
 * of a checked-out connection (transactions). The pool hands its connections callbacks, which are
 * not timed again.
 */
function timeQueries(target: { query: unknown }): void {
  const query = (target.query as (...args: unknown[]) => unknown).bind(target);
  target.query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      const done = dbQuerySeconds.startTimer();
      result.then(
        () => done({ outcome: "ok" }),
        () => done({ outcome: "error" }),
      );
    }
    return result;
  };
}

/** The server when DATABASE_URL is set, else the embedded database under DATA_DIR/db. */
export function openConfiguredDatabase(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: "pg", url: config.DATABASE_URL })
    : openDatabase({ kind: "pglite", dataDir: join(config.DATA_DIR, "db") });
}

/** Rows of a raw SQL query, whichever driver ran it (both answer with `rows`). */
/** A PostgreSQL array literal of the values, passed as one parameter (drizzle spreads a JS array into one parameter per element). */
export function arrayLiteral(values: readonly (number | string)[]): string {
  return `{${values.map((v) => (typeof v === "number" ? String(v) : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;
}

export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
