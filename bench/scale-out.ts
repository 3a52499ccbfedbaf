/**
 * Throughput of the SSR product page and api_product_list_view with 1 and 2 instances behind nginx
 * (the same configuration as deploy/nginx.conf), and what nginx adds to a request. Needs the build
 * and PostgreSQL at BENCH_DATABASE_URL; Redis at REDIS_URL when reachable.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { startCluster } from "../scripts/cluster.ts";
import { load, printTable, type LoadResult } from "./load.ts";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3240);
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASE = "reloop_bench_cluster";

async function database(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  return url.href;
}

const env = {
  DATABASE_URL: await database(),
  REDIS_URL,
  REDIS_KEY_PREFIX: `reloop-bench:${process.pid}:`,
  COOKIE_SECRET: randomBytes(32).toString("base64url"),
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_MINUTE: "100000000",
  // The measured pages are the demo catalogue's.
  SEED_DEMO: "true",
};

interface Figures {
  product: LoadResult;
  list: LoadResult;
}

interface NginxCost {
  listDirect: LoadResult;
  sequential: { direct: Sequential; nginx: Sequential };
}
interface Sequential {
  p50: number;
  mean: number;
}

/** One request after the other on one kept-alive connection (after as many to warm up): latency without queueing. */
async function sequential(url: string, count = 5_000): Promise<Sequential> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      http.get(url, { agent }, (res) => res.resume().on("end", () => resolve(Number(process.hrtime.bigint() - started) / 1e6))).on("error", reject);
    });
  for (let i = 0; i < count; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await once());
  agent.destroy();
  times.sort((x, y) => x - y);
  return { p50: times[Math.floor(count / 2)]!, mean: times.reduce((sum, t) => sum + t, 0) / count };
}

async function measure(instances: number): Promise<{ figures: Figures; nginx?: NginxCost }> {
  const cluster = await startCluster({ instances, port: PORT, env, output: "ignore" });
  try {
    const { product_slug: slug } = (await (await fetch(`${cluster.url}/api/products/346`)).json()) as { product_slug: string };
    const productPath = `/i346,${slug}`;
    const listPath = "/api/products?categoryId=1&page=1";
    // Warm up: compiled code paths and filled caches on every instance, as in a running shop.
    await load("warm-up", cluster.url + productPath, { connections: CONNECTIONS, seconds: 3 });
    await load("warm-up", cluster.url + listPath, { connections: CONNECTIONS, seconds: 2 });
    const figures = {
      product: await load(`${instances} instance(s): SSR product page`, cluster.url + productPath, { connections: CONNECTIONS, seconds: SECONDS }),
      list: await load(`${instances} instance(s): api_product_list_view`, cluster.url + listPath, { connections: CONNECTIONS, seconds: SECONDS }),
    };
    if (instances !== 1) return { figures };
    // What nginx adds: the same list answers straight to the instance under the same load, and the
    // cheapest answer one at a time on a kept-alive connection, through nginx and straight.
    const direct = `http://127.0.0.1:${cluster.instances[0]!.port}`;
    return {
      figures,
      nginx: {
        listDirect: await load("1 instance, no nginx: api_product_list_view", direct + listPath, { connections: CONNECTIONS, seconds: SECONDS }),
        sequential: { direct: await sequential(`${direct}/healthz`), nginx: await sequential(`${cluster.url}/healthz`) },
      },
    };
  } finally {
    await cluster.close();
  }
}

const one = await measure(1);
const two = await measure(2);
printTable(`Behind nginx (${CONNECTIONS} connections, ${SECONDS} s each, load generator on the same machine)`, [
  one.figures.product,
  two.figures.product,
  one.figures.list,
  two.figures.list,
]);
const ratio = (a: LoadResult, b: LoadResult) => (b.rps / a.rps).toFixed(2);
console.log(`\n2 instances / 1 instance: SSR product page ${ratio(one.figures.product, two.figures.product)}×, api_product_list_view ${ratio(one.figures.list, two.figures.list)}×`);
const { listDirect, sequential: seq } = one.nginx!;
printTable("What nginx adds under load (1 instance)", [listDirect, one.figures.list]);
console.log(`throughput through nginx: ${((100 * one.figures.list.rps) / listDirect.rps).toFixed(0)} % of straight to the instance`);
console.log(
  `one request at a time (/healthz, kept-alive): straight p50 ${seq.direct.p50.toFixed(3)} ms, mean ${seq.direct.mean.toFixed(3)} ms; ` +
    `through nginx p50 ${seq.nginx.p50.toFixed(3)} ms, mean ${seq.nginx.mean.toFixed(3)} ms: nginx adds ${(seq.nginx.p50 - seq.direct.p50).toFixed(3)} ms at the median`,
);
