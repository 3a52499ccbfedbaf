/**
 * Two instances of the built app on one PostgreSQL server and Redis, behind nginx on 127.0.0.1:
 * whatever one instance learns, the other knows; restarts lose no request; a crash mid-order
 * leaves no half order. Needs `npm run build` first (npm test runs it in its end-to-end step).
 */
import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BUILT_SERVER, nginxBinary, startCluster, type Cluster } from "../../scripts/cluster.ts";
import { openDatabase } from "../db/client.ts";
import { DEMO_CUSTOMER, DEMO_STAFF } from "../demo-data/demo-customer.ts";
import { totpCode } from "../test/staff-session.ts";
import { formatMoney } from "../domain/money.ts";
import { searchSolution } from "../domain/protection/verification.ts";
import { createJobQueue } from "../jobs/queue.ts";
import { withDatabase } from "../test/database-template.ts";
import { HOME } from "../test/shop-fixtures.ts";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 3240);
const RUN = `${process.pid}_${randomBytes(3).toString("hex")}`;
const DATABASE = `reloop_cluster_${RUN}`;
const REDIS_PREFIX = `reloop-cluster-test:${RUN}:`;

/** What this test needs from the machine; outside CI a missing piece skips it, in CI it fails. */
async function missingPrerequisites(): Promise<string[]> {
  const missing: string[] = [];
  if (!nginxBinary()) missing.push("nginx (apt-get install nginx)");
  if (!existsSync("build/server/index.js") || !existsSync(BUILT_SERVER)) missing.push("the build (npm run build)");
  const db = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2_000 });
  await db.connect().then(
    () => db.end(),
    () => missing.push(`PostgreSQL at ${SERVER_URL}`),
  );
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => undefined);
  await redis.connect().then(
    () => redis.quit(),
    () => missing.push(`Redis at ${REDIS_URL}`),
  );
  return missing;
}

const missing = await missingPrerequisites();
if (missing.length > 0 && process.env.CI === "true") throw new Error(`The two-instance test needs ${missing.join(", ")}`);
if (missing.length > 0) console.warn(`Skipping the two-instance test: missing ${missing.join(", ")}`);

type Jar = Record<string, string>;
interface Answer {
  status: number;
  headers: Headers;
  body: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP request with a cookie jar: the cookies it sets are kept in it. */
async function call(base: string, method: string, path: string, jar: Jar = {}, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const cookie = Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  const res = await fetch(base + path, {
    method,
    redirect: "manual",
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  for (const set of res.headers.getSetCookie()) {
    const [pair = ""] = set.split(";");
    const at = pair.indexOf("=");
    jar[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) };
}

describe.skipIf(missing.length > 0)("two instances behind nginx on one PostgreSQL and Redis", () => {
  let cluster: Cluster;
  let admin: pg.Client;
  let dataDir: string;
  const url = withDatabase(SERVER_URL, DATABASE);
  const a = () => `http://127.0.0.1:${cluster.instances[0]!.port}`;
  const b = () => `http://127.0.0.1:${cluster.instances[1]!.port}`;
  const staff: Jar = {};
  /** A product on the first page of category 1 with a grade in stock. */
  let product: { id: number; slug: string; label: string };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    dataDir = mkdtempSync(join(tmpdir(), "reloop-cluster-data-"));
    cluster = await startCluster({
      instances: 2,
      port: PORT,
      output: "ignore",
      env: {
        DATABASE_URL: url,
        REDIS_URL,
        REDIS_KEY_PREFIX: REDIS_PREFIX,
        COOKIE_SECRET: randomBytes(32).toString("base64url"),
        SEED_PRODUCTS: "300",
        // A shop on a PostgreSQL server has neither unless asked: this one tries the demo's logins and payments.
        SEED_DEMO: "true",
        PAYMENT_SANDBOX: "true",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // High: the load below comes from one address; the counting is checked with the counters' headers.
        RATE_LIMIT_PER_MINUTE: "1000000",
        VERIFICATION_DIFFICULTY: "8",
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      },
    });
    expect((await call(a(), "POST", "/api/customer/login", staff, { credentials: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } })).status).toBe(200);
    expect((await call(a(), "POST", "/api/ops/second-factor", staff, { code: await totpCode(DEMO_STAFF.totpSecret) })).status).toBe(200);
    const listed = (await call(cluster.url, "GET", "/api/products?categoryId=1&page=1")).json();
    const item = listed.items.find((i: { variants: unknown[] }) => i.variants.length > 0);
    product = { id: item.id, slug: item.slug, label: item.variants[0].label };
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin?.end();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("migrated and seeded once, though both started together", async () => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const migrations = (await readdir("src/db/migrations")).filter((f) => f.endsWith(".sql")).length;
    expect((await db.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n).toBe(migrations);
    expect((await db.query(`select count(*)::int as n from products`)).rows[0].n).toBe(300);
    await db.end();
  });

  it("keeps a login made through one instance valid on the other", async () => {
    const jar: Jar = {};
    expect((await call(a(), "POST", "/api/customer/login", jar, { credentials: DEMO_CUSTOMER })).status).toBe(200);
    const meta = await call(b(), "POST", "/api/user-meta", jar, {});
    expect(meta.json().user).toMatchObject({ email: DEMO_CUSTOMER.email });
  });

  it("counts the rate limit of a client over both instances together", async () => {
    // The address nginx would forward; each instance trusts it (TRUST_PROXY) and counts it in Redis.
    const client = { "x-forwarded-for": "198.51.100.23" };
    const remaining: number[] = [];
    for (const base of [a(), b(), a(), b()]) remaining.push(Number((await call(base, "GET", "/api/announcements", {}, undefined, client)).headers.get("x-ratelimit-remaining")));
    expect(remaining.map((r) => remaining[0]! - r)).toEqual([0, 1, 2, 3]);
  });

  it("spends a solved verification challenge once, whichever instance it is shown to", async () => {
    const client = { "x-forwarded-for": "198.51.100.24", "user-agent": "cluster test browser" };
    const challenge = (await call(a(), "GET", "/api/verification/challenge", {}, undefined, client)).json().challenge as string;
    const solution = searchSolution(challenge, 8, 0, 1_000_000)!;
    const confirm = (base: string) =>
      fetch(`${base}/api/verification`, {
        method: "POST",
        redirect: "manual",
        headers: { ...client, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ next: "/", challenge, solution: String(solution) }).toString(),
      });
    expect((await confirm(a())).status).toBe(303);
    const replay = await confirm(b());
    expect([replay.status, (await replay.json()).errors[0].code]).toEqual([400, "VERIFICATION_CHALLENGE_SPENT"]);
  });

  it("shows a stock and price change made through one instance on the other's list and product page within a second", async () => {
    const listOnB = async () => {
      const listed = (await call(b(), "GET", "/api/products?categoryId=1&page=1")).json();
      return listed.items.find((i: { id: number }) => i.id === product.id).variants.find((v: { label: string }) => v.label === product.label);
    };
    const before = await listOnB(); // now in B's list cache, which would keep it for 5 s
    const quantity = before.quantity + 5;
    const price = before.price + 1_234;
    expect((await call(a(), "PUT", `/api/ops/products/${product.id}/variants/${product.label}`, staff, { quantity, price })).status).toBe(200);
    await vi.waitFor(async () => expect(await listOnB()).toMatchObject({ quantity, price }), { timeout: 1_000, interval: 25 });
    const page = await call(b(), "GET", `/i${product.id},${product.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.replaceAll("\u00a0", " ")).toContain(formatMoney(price, "de").replaceAll("\u00a0", " "));
  });

  it("shows a content change made through one instance on the other's pages for visitors within a second", async () => {
    const list = (await call(a(), "GET", "/api/ops/content?type=legal", staff)).json();
    const id = list.items.find((i: { key: string }) => i.key === "imprint").id;
    const doc = (await call(a(), "GET", `/api/ops/content/${id}`, staff)).json();
    const line = `Aufsichtsbehörde ${RUN}`;
    // B keeps the anonymous page (5 s) once it has rendered it.
    expect((await call(b(), "GET", "/legal/imprint")).body).not.toContain(line);
    const de = { ...doc.translations.de, body: `${doc.translations.de.body}\n\n${line}` };
    expect((await call(a(), "PUT", `/api/ops/content/${id}`, staff, { translations: { de } })).status).toBe(200);
    await vi.waitFor(async () => expect((await call(b(), "GET", "/legal/imprint")).body).toContain(line), { timeout: 1_000, interval: 25 });
  });

  it("runs a job enqueued twice once, on whichever instance takes it", async () => {
    const database = await openDatabase({ kind: "pg", url, maxConnections: 2 });
    const queue = createJobQueue(database);
    const key = `now:${product.id}:${RUN}`;
    // Two senders at once, as two instances reacting to the same change would.
    const ids = await Promise.all([1, 2].map(() => queue.send("alerts.sweep", { productId: product.id }, { singletonKey: key, retryLimit: 0 })));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await vi.waitFor(async () => expect((await db.query(`select state from pgboss.job where singleton_key = $1`, [key])).rows).toEqual([{ state: "completed" }]), {
      timeout: 30_000,
      interval: 200,
    });
    await db.end();
    await queue.stop();
    await database.close();
  });

  it("loses no request during 20 s of load at 20 connections while the instances restart one after the other", async () => {
    const load = autocannon({
      url: cluster.url,
      connections: 20,
      duration: 20,
      requests: [{ path: "/api/products?categoryId=1&page=1" }, { path: `/i${product.id},${product.slug}` }, { path: "/api/navigation?locale=de" }, { path: `/api/products/${product.id}` }],
    });
    // What a failed request met, to be told beside the counts.
    const failures = new Map<string, number>();
    // The promise autocannon answers is also the run's event emitter.
    (load as unknown as EventEmitter).on("reqError", (error: Error) => failures.set(error.message, (failures.get(error.message) ?? 0) + 1));
    const began = Date.now();
    const restarts = (async () => {
      // A second of load first, then both restarts well within the 20 s.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await cluster.restart(0);
      const first = Date.now() - began;
      await cluster.restart(1);
      return [first, Date.now() - began];
    })();
    const [result, restarted] = await Promise.all([load, restarts]);
    console.log(`instances back after ${restarted.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(" and ")} of the load; load during rolling restart: ${result.requests.total} requests, ${result["2xx"]} 2xx, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts, statuses ${JSON.stringify(result.statusCodeStats)}, errors met ${JSON.stringify(Object.fromEntries(failures))}`);
    expect(result.requests.total).toBeGreaterThan(0);
    expect({ non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, resets: result.resets }).toEqual({ non2xx: 0, errors: 0, timeouts: 0, resets: 0 });
    expect(result["2xx"]).toBe(result.requests.total);
  }, 120_000);

  it("leaves no half order when an instance is killed during checkout: the other serves the retry with the same key", async () => {
    expect((await call(a(), "PUT", `/api/ops/products/${product.id}/variants/${product.label}`, staff, { quantity: 5 })).status).toBe(200);
    const jar: Jar = {};
    const email = `crash-${RUN}@example.com`;
    expect((await call(cluster.url, "POST", "/api/cart/items", jar, { id: product.id, productVariantLabel: product.label, withFullBattery: false })).status).toBeLessThan(300);
    await call(cluster.url, "PUT", "/api/checkout/address", jar, { email, billingAddress: HOME });
    const view = (await call(cluster.url, "PUT", "/api/cart/options", jar, { paymentMethod: "sandbox" })).json();
    const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
    const key = { "idempotency-key": `crash-${RUN}` };

    // Sent to A alone, which dies a moment later: the order may or may not have committed.
    const onA = call(a(), "POST", "/api/checkout/orders", jar, body, key).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 15));
    await cluster.stop(0, "SIGKILL");
    await onA;

    const retried = await call(cluster.url, "POST", "/api/checkout/orders", jar, body, key);
    expect([200, 201]).toContain(retried.status);
    const again = await call(cluster.url, "POST", "/api/checkout/orders", jar, body, key);
    expect(again.json().orderUuid).toBe(retried.json().orderUuid);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const orders = (await db.query(`select uuid from orders where email = $1`, [email])).rows;
    expect(orders).toHaveLength(1);
    expect((await db.query(`select count(*)::int as n from order_items where order_uuid = $1`, [orders[0].uuid])).rows[0].n).toBe(1);
    expect((await db.query(`select quantity from product_variants where product_id = $1 and label = $2`, [product.id, product.label])).rows[0].quantity).toBe(4);
    // The order holds exactly one unit, and the units left in stock are what the storefront counts.
    const held = await db.query(`select count(*)::int as n from units u join order_items i on i.uuid = u.order_item_uuid where i.order_uuid = $1 and u.status = 'reserved'`, [orders[0].uuid]);
    expect(held.rows[0].n).toBe(1);
    const inStock = await db.query(`select count(*)::int as n from units where product_id = $1 and grade = $2 and status = 'in_stock'`, [product.id, product.label]);
    expect(inStock.rows[0].n).toBe(4);
    await db.end();
    await cluster.start(0);
  }, 120_000);
});
