/**
 * Overselling under load, on the PostgreSQL server: in each round 200 buyers with their own carts
 * order the last 5 units of one grade at the same moment, and every order is sent twice with the
 * same Idempotency-Key (a double click, a retried request). 20 rounds. Prints what sold, what was
 * refused, the stock left and the latencies; exits non-zero when a unit was sold twice.
 */
import pg from "pg";
import { and, eq, inArray, sql } from "drizzle-orm";
import { buildApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { products, productVariants } from "../src/db/schema/catalogue.ts";
import { orderItems, orders } from "../src/db/schema/orders.ts";
import { catalogueIsEmpty, seedCatalogue } from "../src/demo-data/demo-catalogue.ts";
import { setStock } from "../src/test/shop-fixtures.ts";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const UNITS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const NAME = "reloop_bench_orders";

const admin = new pg.Client({ connectionString: SERVER_URL });
try {
  await admin.connect();
} catch {
  console.log(`no PostgreSQL server at ${SERVER_URL}: skipped`);
  process.exit(0);
}
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
await admin.end();
const url = new URL(SERVER_URL);
url.pathname = `/${NAME}`;

const database = await openDatabase({ kind: "pg", url: url.href, maxConnections: 20 });
await database.migrate();
if (await catalogueIsEmpty(database.db)) await seedCatalogue(database.db, { products: 200 });
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: url.href, PAYMENT_SANDBOX: "true", RATE_LIMIT_PER_MINUTE: "100000000", COOKIE_SECRET: "bench-cookie-secret-of-at-least-32-characters" });
const app = await buildApp({ config, database, version: "bench" });
const base = await app.listen({ host: "127.0.0.1", port: 0 });

const HOME = { firstName: "Lena", lastName: "Graf", street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE" };
async function call(method: string, path: string, cookie: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(base + path, {
    method,
    headers: { ...headers, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, setCookie: response.headers.get("set-cookie"), ms: performance.now() - started };
}

/** One buyer: a cart with one unit, an address and a payment method; what the order request must say. */
async function buyer(productId: number, i: number) {
  const added = await call("POST", "/api/cart/items", undefined, { id: productId, productVariantLabel: "A1", withFullBattery: false });
  if (added.status !== 201) throw new Error(`add failed: ${JSON.stringify(added.body)}`);
  const cookie = added.setCookie!.split(";")[0]!;
  await call("PUT", "/api/checkout/address", cookie, { email: `buyer${i}@example.com`, billingAddress: HOME });
  const view = (await call("PUT", "/api/cart/options", cookie, { paymentMethod: "sandbox" })).body;
  return { cookie, body: { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true } };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const candidates = await database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(ROUNDS);
let failed = false;
const latencies: number[] = [];
console.log(`${BUYERS} buyers order the last ${UNITS} units at once, each request sent twice with one Idempotency-Key; ${ROUNDS} rounds on the PostgreSQL server`);
console.log("round".padEnd(7) + "orders".padStart(8) + "refused".padStart(9) + "replays same".padStart(14) + "stock left".padStart(12) + "oversold".padStart(10) + "p50 ms".padStart(8) + "p99 ms".padStart(8));
const totals = { orders: 0, refused: 0, oversold: 0, keysWithTwoOrders: 0, negative: 0 };
for (let round = 0; round < ROUNDS; round += 1) {
  const productId = candidates[round]!.id;
  const variant = and(eq(productVariants.productId, productId), eq(productVariants.label, "A1"));
  await setStock(database, productId, "A1", BUYERS, 0, 10_000);
  const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(productId, round * BUYERS + i)));
  await setStock(database, productId, "A1", UNITS, 0);

  const answers = await Promise.all(
    buyers.flatMap((b, i) => {
      const key = `bench-${round}-${i}`;
      return [0, 1].map(() => call("POST", "/api/checkout/orders", b.cookie, b.body, { "idempotency-key": key }).then((a) => ({ key, ...a })));
    }),
  );
  latencies.push(...answers.map((a) => a.ms));
  const byKey = new Map<string, typeof answers>();
  for (const a of answers) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
  const created = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.orderUuid as string));
  // Both answers of one key name the same order (or neither is an order).
  const sameAnswers = [...byKey.values()].filter(([a, b]) => a!.status === b!.status && (a!.status !== 201 || a!.body.orderUuid === b!.body.orderUuid)).length;
  const unexpected = answers.filter((a) => ![201, 409].includes(a.status));
  const [stock] = await database.db.select({ quantity: productVariants.quantity }).from(productVariants).where(variant);
  const [sold] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.uuid, orderItems.orderUuid))
    .where(and(eq(orderItems.productId, productId), inArray(orders.status, ["pending_payment", "awaiting_transfer", "paid"])));
  // Every sold item holds its own unit, and the counter is the units left in stock.
  const [units] = await database.db.execute<{ held: number; in_stock: number }>(sql`
    select count(*) filter (where status = 'reserved')::int as held, count(*) filter (where status = 'in_stock')::int as in_stock
    from units where product_id = ${productId} and grade = 'A1'`).then((r) => (r as unknown as { rows: { held: number; in_stock: number }[] }).rows);
  const oversold = Math.max(0, sold!.n - UNITS, units!.held - UNITS);
  if (units!.held !== sold!.n || units!.in_stock !== stock!.quantity) failed = true;
  totals.orders += created.size;
  totals.refused += [...byKey.values()].filter(([a]) => a!.status === 409).length;
  totals.oversold += oversold;
  totals.keysWithTwoOrders += [...byKey.values()].filter(([a, b]) => a!.status === 201 && b!.status === 201 && a!.body.orderUuid !== b!.body.orderUuid).length;
  if (stock!.quantity < 0) totals.negative += 1;
  if (oversold > 0 || created.size !== UNITS || stock!.quantity !== 0 || sameAnswers !== BUYERS || unexpected.length > 0) failed = true;
  if (unexpected.length) console.log(`  unexpected answers: ${JSON.stringify(unexpected.slice(0, 3).map((a) => [a.status, a.body]))}`);
  const roundMs = answers.map((a) => a.ms);
  console.log(
    String(round + 1).padEnd(7) +
      String(created.size).padStart(8) +
      String(BUYERS - created.size).padStart(9) +
      `${sameAnswers}/${BUYERS}`.padStart(14) +
      String(stock!.quantity).padStart(12) +
      String(oversold).padStart(10) +
      percentile(roundMs, 50).toFixed(0).padStart(8) +
      percentile(roundMs, 99).toFixed(0).padStart(8),
  );
}
console.log(
  `\nall rounds: ${totals.orders} orders for ${ROUNDS * UNITS} units, ${totals.oversold} oversold, stock below 0 in ${totals.negative} rounds, ` +
    `${totals.keysWithTwoOrders} keys with two orders; ${ROUNDS * BUYERS * 2} order requests, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
);
await app.close();
await database.close();
if (failed) {
  console.log("FAILED: a round sold more or fewer units than it had, or answered a key twice differently");
  process.exit(1);
}
