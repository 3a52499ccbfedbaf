import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, selectRows, type Database } from "../db/client.ts";
import { createServerDatabase, withDatabase } from "../test/database-template.ts";
import { createJobQueue, LEASE_SECONDS, type Job, type JobQueue } from "./queue.ts";

const SECOND = 1000;

/** A clock the test moves by hand. */
function manualClock(start = new Date("2030-03-01T09:00:00Z")) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** Everything opened in a test, closed after it whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function queueOn(database: Database, clock: () => Date): JobQueue {
  const queue = createJobQueue(database, { clock, log: () => {} });
  cleanups.push(() => queue.stop());
  return queue;
}

async function jobRow(database: Database, id: string) {
  const [row] = await selectRows<{ state: string; retry_count: number; output: { message?: string } | null }>(
    database.db,
    sql`select state, retry_count, output from pgboss.job where id = ${id}`,
  );
  return row;
}

/** A new, empty database on the server, and how to drop it. */
async function serverDatabase(): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `reloop_jobs_${process.pid}_${randomBytes(3).toString("hex")}`;
  const { admin, database } = await createServerDatabase(serverUrl, name);
  return {
    database,
    url: withDatabase(serverUrl, name),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

type OpenDatabase = () => Promise<{ database: Database; drop?: () => Promise<void> }>;
const drivers: [string, OpenDatabase][] = [["embedded PGlite", async () => ({ database: await openDatabase({ kind: "pglite" }) })]];
if (process.env.TEST_DATABASE_URL) drivers.push(["PostgreSQL server", serverDatabase]);

describe.each(drivers)("job queue on %s", (_driver, open) => {
  // One database for these tests (each uses its own job names): opening PGlite is the slow part.
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, drop } = await open());
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it("runs a job once, with its data", async () => {
    const clock = manualClock();
    const queue = queueOn(database, clock.now);
    const seen: Job[] = [];
    queue.work("mail.welcome", async (job) => {
      seen.push(job);
    });
    await queue.start();

    const id = await queue.send("mail.welcome", { to: "ada@example.org" });
    expect(id).toEqual(expect.any(String));
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(seen).toEqual([{ id, name: "mail.welcome", data: { to: "ada@example.org" }, attempt: 1 }]);
    expect((await jobRow(database, id!))?.state).toBe("completed");
  });

  it("deletes finished jobs after a week, keeping the table bounded", async () => {
    const clock = manualClock();
    const queue = queueOn(database, clock.now);
    queue.work("mail.digest", async () => {});
    const id = (await queue.send("mail.digest", {}))!;
    expect(await queue.drain()).toBe(1);
    clock.advance(6 * 24 * 60 * 60 * SECOND);
    await queue.drain();
    expect((await jobRow(database, id))?.state).toBe("completed");
    clock.advance(2 * 24 * 60 * 60 * SECOND);
    await queue.drain();
    expect(await jobRow(database, id)).toBeUndefined();
  });

  it("ignores a second send of the same singleton key while the first waits, and takes it again once done", async () => {
    const clock = manualClock();
    const queue = queueOn(database, clock.now);
    const runs: unknown[] = [];
    queue.work("alert.price", async (job) => {
      runs.push(job.data);
    });

    const first = await queue.send("alert.price", { product: 1 }, { singletonKey: "product-1" });
    expect(first).toEqual(expect.any(String));
    expect(await queue.send("alert.price", { product: 1, again: true }, { singletonKey: "product-1" })).toBeNull();
    // Another key, and jobs without one, are not held back.
    expect(await queue.send("alert.price", { product: 2 }, { singletonKey: "product-2" })).toEqual(expect.any(String));
    expect(await queue.send("alert.price", { plain: 1 })).toEqual(expect.any(String));
    expect(await queue.send("alert.price", { plain: 2 })).toEqual(expect.any(String));

    expect(await queue.drain()).toBe(4);
    expect(runs).toHaveLength(4);
    expect(runs).toContainEqual({ product: 1 });

    const again = await queue.send("alert.price", { product: 1, later: true }, { singletonKey: "product-1" });
    expect(again).toEqual(expect.any(String));
    expect(again).not.toBe(first);
  });

  it("holds a job back until startAfter on the injected clock", async () => {
    const clock = manualClock();
    const queue = queueOn(database, clock.now);
    const runs: Job[] = [];
    queue.work("payment.timeout", async (job) => {
      runs.push(job);
    });

    await queue.send("payment.timeout", { order: 7 }, { startAfter: new Date(clock.now().getTime() + 60 * 60 * SECOND) });
    expect(await queue.drain()).toBe(0);
    clock.advance(59 * 60 * SECOND);
    expect(await queue.drain()).toBe(0);
    clock.advance(60 * SECOND);
    expect(await queue.drain()).toBe(1);
    expect(runs.map((job) => job.data)).toEqual([{ order: 7 }]);
  });

  it("retries a failing handler with growing delays, then marks the job failed with the last error", async () => {
    const clock = manualClock();
    const queue = queueOn(database, clock.now);
    const attempts: number[] = [];
    queue.work("mail.receipt", async (job) => {
      attempts.push(job.attempt);
      throw new Error(`SMTP refused (attempt ${job.attempt})`);
    });

    const id = (await queue.send("mail.receipt", {}, { retryLimit: 2 }))!;
    expect(await queue.drain()).toBe(1);
    // The first retry waits 5–10 s (5 s × 2^0, plus jitter).
    clock.advance(4 * SECOND);
    expect(await queue.drain()).toBe(0);
    clock.advance(7 * SECOND);
    expect(await queue.drain()).toBe(1);
    // The second waits 10–20 s.
    clock.advance(9 * SECOND);
    expect(await queue.drain()).toBe(0);
    clock.advance(12 * SECOND);
    expect(await queue.drain()).toBe(1);
    // retryLimit 2: three attempts, then no more.
    clock.advance(24 * 60 * 60 * SECOND);
    expect(await queue.drain()).toBe(0);

    expect(attempts).toEqual([1, 2, 3]);
    const row = await jobRow(database, id);
    expect(row?.state).toBe("failed");
    expect(row?.output?.message).toBe("SMTP refused (attempt 3)");
  });

  it("gives a job whose worker died mid-run to another instance once the lease expires", async () => {
    const clock = manualClock();
    // The crashed instance claims the job and never finishes it.
    const crashed = queueOn(database, clock.now);
    let claimed!: () => void;
    const wasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    crashed.work("counteroffer.deadline", async () => {
      claimed();
      await hung;
    });
    const survivor = queueOn(database, clock.now);
    const runs: Job[] = [];
    survivor.work("counteroffer.deadline", async (job) => {
      runs.push(job);
    });

    const id = (await survivor.send("counteroffer.deadline", { offer: 3 }))!;
    const crashedDrain = crashed.drain();
    await wasClaimed;

    // While the lease holds, nobody else takes the job.
    clock.advance((LEASE_SECONDS - 60) * SECOND);
    expect(await survivor.drain()).toBe(0);
    // Past it the job goes back as a retry, due after the first retry delay.
    clock.advance(2 * 60 * SECOND);
    expect(await survivor.drain()).toBe(0);
    expect((await jobRow(database, id))?.state).toBe("retry");
    clock.advance(11 * SECOND);
    expect(await survivor.drain()).toBe(1);
    expect(runs).toEqual([{ id, name: "counteroffer.deadline", data: { offer: 3 }, attempt: 2 }]);

    // The stale worker coming back cannot undo the survivor's result.
    release();
    await crashedDrain;
    expect((await jobRow(database, id))?.state).toBe("completed");
  });

  it("runs handlers in the background after start(), and stop() waits for a running one", async () => {
    const queue = createJobQueue(database, { pollIntervalMs: 500, log: () => {} });
    cleanups.push(() => queue.stop());
    let finished = 0;
    const started = new Promise<void>((resolve) => {
      queue.work("mail.newsletter", async () => {
        resolve();
        await new Promise((done) => setTimeout(done, 200));
        finished += 1;
      });
    });
    await queue.start();
    const id = (await queue.send("mail.newsletter", { issue: 12 }))!;
    await started;
    await queue.stop();
    expect(finished).toBe(1);
    expect((await jobRow(database, id))?.state).toBe("completed");
  });

  it("wakes this process's idle worker when a job is sent, rather than at its next poll", async () => {
    // A poll a minute: only the wake-up can run the job within the test's time.
    const queue = createJobQueue(database, { pollIntervalMs: 60_000, log: () => {} });
    cleanups.push(() => queue.stop());
    const ran: unknown[] = [];
    const done = new Promise<void>((resolve) => {
      queue.work("mail.welcome", async (job) => {
        ran.push(job.data);
        resolve();
      });
    });
    await queue.start();
    // The worker has made its first look and sleeps now.
    await new Promise((settle) => setTimeout(settle, 300));
    await queue.send("mail.welcome", { to: "a@example.com" });
    await Promise.race([done, new Promise((_, fail) => setTimeout(() => fail(new Error("the worker slept through the send")), 20_000))]);
    expect(ran).toEqual([{ to: "a@example.com" }]);
  });

  it("gives back a job whose handler outlives stop()'s wait, as a retry", async () => {
    const queue = createJobQueue(database, { pollIntervalMs: 500, stopTimeoutMs: 300, log: () => {} });
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    cleanups.push(async () => release());
    const started = new Promise<void>((resolve) => {
      queue.work("mail.slow", async () => {
        resolve();
        await hung;
      });
    });
    await queue.start();
    const id = (await queue.send("mail.slow", {}))!;
    await started;
    await queue.stop();
    expect((await jobRow(database, id))?.state).toBe("retry");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("job queue (PostgreSQL server)", () => {
  it("runs each of 200 jobs exactly once across two instances on two pools draining at once", async () => {
    const { database: first, url, drop } = await serverDatabase();
    cleanups.push(drop);
    cleanups.push(() => first.close());
    const second = await openDatabase({ kind: "pg", url, maxConnections: 2 });
    cleanups.push(() => second.close());

    const runs = new Map<number, number>();
    const ranBy = { a: 0, b: 0 };
    const queues = { a: createJobQueue(first, { log: () => {} }), b: createJobQueue(second, { log: () => {} }) };
    for (const [label, queue] of Object.entries(queues) as ["a" | "b", JobQueue][]) {
      cleanups.push(() => queue.stop());
      queue.work("bulk", async (job) => {
        const n = (job.data as { n: number }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        ranBy[label] += 1;
        // Yield, so the two instances interleave.
        await new Promise((resolve) => setImmediate(resolve));
      });
    }
    // Not started: only the two drains take jobs.
    for (let n = 0; n < 200; n++) await queues.a.send("bulk", { n });

    const [a, b] = await Promise.all([queues.a.drain(), queues.b.drain()]);
    expect(a + b).toBe(200);
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(ranBy.a).toBeGreaterThan(0);
    expect(ranBy.b).toBeGreaterThan(0);
  });
});
