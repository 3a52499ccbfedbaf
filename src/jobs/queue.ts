/**
 * The one durable job queue: pg-boss on whichever database the app opened. On embedded PGlite it
 * shares the app's single connection through pg-boss's own PGlite adapter; on a server it keeps a
 * small pool of its own (same connection settings as the app's), so pg-boss's session settings
 * and LISTEN stay off the app's connections.
 */
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { PgBoss, TestClock, fromPglite, type ConstructorOptions, type Job as PgBossJob } from "pg-boss";
import type { Database } from "../db/client.ts";
import { jobFailures } from "../metrics.ts";

export interface Job {
  id: string;
  name: string;
  data: unknown;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** While a job with this (name, key) is waiting or running, another send of it is a no-op (null). */
  singletonKey?: string;
  /** Retries after the first attempt before the job is marked failed; default 5. */
  retryLimit?: number;
}

export interface JobQueue {
  /** Enqueue; `singletonKey` makes a second enqueue of the same (name, key) while one is waiting/active a no-op. startAfter delays. */
  send(name: string, data: unknown, options?: SendOptions): Promise<string | null>;
  /** Register a handler; handlers run with bounded concurrency (default 1 per name per process). */
  work(name: string, handler: JobHandler, options?: { concurrency?: number }): void;
  start(): Promise<void>;
  /** Stop taking jobs, wait (bounded, default 10 s) for running handlers; unfinished jobs become available again. */
  stop(): Promise<void>;
  /** Test helper and ops: run everything due now once, sequentially, and return how many jobs ran. */
  drain(): Promise<number>;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (pg-boss's floor is 500 ms). */
  pollIntervalMs?: number;
  /**
   * Time for the database's side too (start_after, backoff, leases). With a clock given nothing
   * polls in the background: jobs run when drain() is called, so tests decide when.
   */
  clock?: () => Date;
  log?: (msg: string, err?: unknown) => void;
  /** How long stop() waits for running handlers. */
  stopTimeoutMs?: number;
}

const DEFAULT_RETRY_LIMIT = 5;
/** Backoff before retry n is 5 s × 2^(n-1), up to twice that for jitter, capped at an hour. */
const RETRY_DELAY_SECONDS = 5;
const RETRY_DELAY_MAX_SECONDS = 60 * 60;
/** A claimed job not finished within this lease is taken to have crashed with its process. */
export const LEASE_SECONDS = 15 * 60;
/** Finished jobs stay this long for inspection, then maintenance deletes them. */
const KEEP_FINISHED_SECONDS = 7 * 24 * 60 * 60;
const DEFAULT_POLL_INTERVAL_MS = 2_000;
const DEFAULT_STOP_TIMEOUT_MS = 10_000;
/**
 * Keys of jobs sent without one. The queue policy makes (name, key) unique among waiting and
 * active jobs, so a job without a key of its own gets one nobody else has.
 */
const UNIQUE_KEY_PREFIX = "job:";

export function createJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  const log = options.log ?? ((msg: string, err?: unknown) => (err === undefined ? console.error(msg) : console.error(msg, err)));
  const pollingIntervalSeconds = Math.max(0.5, (options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS) / 1000);
  const clock = options.clock ? sharedTestClock(options.clock) : undefined;
  const handlers = new Map<string, { handler: JobHandler; concurrency: number }>();
  const queues = new Map<string, Promise<void>>();
  /** This process's worker per job name: a job sent here wakes it at once instead of at its next poll. */
  const workers = new Map<string, string>();
  let boss: PgBoss | undefined;
  let booting: Promise<PgBoss> | undefined;
  let started = false;

  function ready(): Promise<PgBoss> {
    booting ??= (async () => {
      const instance = new PgBoss({
        ...connection(database),
        ...(clock ? { clock: clock.pgBoss } : {}),
        // No cron schedules here: delays are startAfter, so the cron timekeeper need not poll.
        schedule: false,
      });
      instance.on("error", (err) => log("Job queue error", err));
      instance.on("warning", (warning) => log(`Job queue warning: ${warning.message}`));
      await instance.start();
      boss = instance;
      return instance;
    })().catch((err: unknown) => {
      booting = undefined;
      throw err;
    });
    return booting;
  }

  /** createQueue is idempotent, so each process asks once per name. */
  function ensureQueue(instance: PgBoss, name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = instance
        .createQueue(name, {
          policy: "exclusive",
          retryLimit: DEFAULT_RETRY_LIMIT,
          retryDelay: RETRY_DELAY_SECONDS,
          retryBackoff: true,
          retryDelayMax: RETRY_DELAY_MAX_SECONDS,
          expireInSeconds: LEASE_SECONDS,
          deleteAfterSeconds: KEEP_FINISHED_SECONDS,
        })
        .catch((err: unknown) => {
          queues.delete(name);
          throw err;
        });
      queues.set(name, created);
    }
    return created;
  }

  async function listen(instance: PgBoss, name: string, handler: JobHandler, concurrency: number): Promise<void> {
    await ensureQueue(instance, name);
    const workerId = await instance.work(name, { batchSize: 1, localConcurrency: concurrency, pollingIntervalSeconds }, async ([job]) => {
      if (job) await counted(name, handler)(toJob(job));
    });
    workers.set(name, workerId);
  }

  return {
    async send(name, data, sendOptions = {}) {
      const instance = await ready();
      await clock?.sync();
      await ensureQueue(instance, name);
      const id = await instance.send(name, data as object, {
        singletonKey: sendOptions.singletonKey ?? `${UNIQUE_KEY_PREFIX}${randomUUID()}`,
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.retryLimit !== undefined ? { retryLimit: sendOptions.retryLimit } : {}),
      });
      // Due now: this process's worker takes it at once (a mail leaves in a moment, not at the next poll); other instances poll.
      const worker = workers.get(name);
      if (id !== null && !sendOptions.startAfter && worker) instance.notifyWorker(worker);
      return id;
    },

    work(name, handler, workOptions = {}) {
      if (handlers.has(name)) throw new Error(`A handler for the job "${name}" is already registered`);
      const concurrency = Math.max(1, workOptions.concurrency ?? 1);
      handlers.set(name, { handler, concurrency });
      if (started && !clock && boss) {
        listen(boss, name, handler, concurrency).catch((err: unknown) => log(`Job queue could not start working on "${name}"`, err));
      }
    },

    async start() {
      const instance = await ready();
      if (started) return;
      started = true;
      if (clock) return;
      for (const [name, { handler, concurrency }] of handlers) await listen(instance, name, handler, concurrency);
    },

    async stop() {
      const instance = boss ?? (await booting?.catch(() => undefined));
      if (!instance) return;
      started = false;
      boss = undefined;
      booting = undefined;
      queues.clear();
      workers.clear();
      // After the timeout pg-boss fails what is still running, which makes it a retry: available again.
      await instance.stop({ graceful: true, timeout: options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS });
    },

    async drain() {
      const instance = await ready();
      await clock?.sync();
      for (const name of handlers.keys()) await ensureQueue(instance, name);
      // Expired leases become retries now rather than at the next maintenance pass.
      await instance.supervise();
      let ran = 0;
      // Until a whole round finds nothing: a handler may enqueue jobs of another name.
      for (let found = true; found; ) {
        found = false;
        for (const [name, { handler }] of handlers) {
          const [job] = await instance.fetch(name, { batchSize: 1 });
          if (!job) continue;
          found = true;
          ran += 1;
          // The attempt, not just the id: a stale worker whose lease expired cannot settle a later attempt.
          const attempt = { id: job.id, retryCount: job.retryCount };
          try {
            await counted(name, handler)(toJob(job));
          } catch (err) {
            await instance.fail(name, attempt, errorOutput(err));
            continue;
          }
          await instance.complete(name, attempt);
        }
      }
      return ran;
    },
  };
}

/** The handler, with its failures counted for /metrics (pg-boss retries them). */
function counted(name: string, handler: JobHandler): JobHandler {
  return async (job) => {
    try {
      await handler(job);
    } catch (err) {
      jobFailures.inc({ queue: name });
      throw err;
    }
  };
}

function toJob(job: PgBossJob<unknown>): Job {
  return { id: job.id, name: job.name, data: job.data, attempt: job.retryCount + 1 };
}

/** What a failed job keeps of its error, as pg-boss's own workers store it. */
function errorOutput(err: unknown): object {
  return err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { message: String(err) };
}

type Connection = Pick<ConstructorOptions, "db" | "backend" | "connectionString" | "max" | "application_name">;

function connection(database: Database): Connection {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === "pglite") return { db: fromPglite(client as PGlite), backend: "pglite" };
  const { connectionString } = (client as pg.Pool).options;
  if (!connectionString) throw new Error("The job queue needs the database's connection string");
  return { connectionString, max: 4, application_name: "reloop-jobs" };
}

/**
 * One TestClock per injected clock function, shared by every queue using it: pg-boss keeps the
 * database's time in a table the clock writes, and instances on one database must agree on it.
 * Its timers fire only when ticked, which nothing does, so nothing polls on its own.
 */
const testClocks = new WeakMap<() => Date, { pgBoss: TestClock; sync: () => Promise<void> }>();

function sharedTestClock(now: () => Date): { pgBoss: TestClock; sync: () => Promise<void> } {
  let shared = testClocks.get(now);
  if (!shared) {
    const pgBoss = new TestClock(now());
    // setTime refuses to overlap itself, so calls queue up.
    let last: Promise<void> = Promise.resolve();
    const sync = () => {
      const next = last.then(() => pgBoss.setTime(now()));
      last = next.catch(() => undefined);
      return next;
    };
    shared = { pgBoss, sync };
    testClocks.set(now, shared);
  }
  return shared;
}
