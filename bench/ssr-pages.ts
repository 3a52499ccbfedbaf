/**
 * What a server-rendered page costs: SSR pages and api_product_view under load (20 connections,
 * 10 s each), beside a bare Fastify JSON hello measured in the same run, each shown as a share of
 * the hello's throughput. The app and the hello run in their own processes, apart from the load
 * generator. Embedded database always; the PostgreSQL server too when it answers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import pg from "pg";
import { load, type LoadResult } from "./load.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const TARGETS: [string, string][] = [
  ["SSR home /", "/"],
  ["SSR category /kaufen/elektronik/smartphones", "/kaufen/elektronik/smartphones"],
  ["SSR product /i346,…", "/i346,x"],
  ["SSR search /kaufen/suchen?query=iphone", "/kaufen/suchen?query=iphone"],
  ["api_product_view /api/products/346", "/api/products/346"],
];

/** Starts a bench server script and resolves with the address it prints. */
function start(script: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn("./node_modules/.bin/tsx", [script], { env: { ...process.env, NODE_ENV: "production", ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", (address) => resolve({ child, address: address.trim() }));
    child.once("exit", (code) => reject(new Error(`${script} ended with ${code}`)));
  });
}

async function serverDatabase(): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
    const name = "reloop_bench_ssr";
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    return url.href;
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
}

function print(title: string, hello: LoadResult, rows: LoadResult[]): void {
  console.log(`\n${title} (${CONNECTIONS} connections, ${SECONDS} s each)`);
  console.log("target".padEnd(46) + "req/s".padStart(8) + "of hello".padStart(10) + "p50".padStart(8) + "p99".padStart(8) + "  non-2xx");
  for (const r of [hello, ...rows]) {
    const share = `${((100 * r.rps) / hello.rps).toFixed(2)} %`;
    console.log(r.name.padEnd(46) + String(r.rps).padStart(8) + share.padStart(10) + r.p50.toFixed(0).padStart(8) + r.p99.toFixed(0).padStart(8) + `  ${r.non2xx}`);
  }
}

const hello = await start("bench/hello-server.ts");
try {
  const databases: [string, Record<string, string>][] = [["embedded database (PGlite)", {}]];
  const url = await serverDatabase();
  if (url) databases.push(["PostgreSQL server", { BENCH_SSR_DATABASE_URL: url }]);
  for (const [title, env] of databases) {
    const app = await start("bench/app-server.ts", env);
    try {
      // The product's canonical address, so the load measures the page rather than a redirect to it.
      const { product_slug: slug } = (await (await fetch(`${app.address}/api/products/346`)).json()) as { product_slug: string };
      const targets = TARGETS.map(([name, path]): [string, string] => [name, path.replace("/i346,x", `/i346,${slug}`)]);
      // Warm up: code paths compiled, caches filled, as in a running shop.
      for (const [, path] of targets) await load("warm-up", app.address + path, { connections: 4, seconds: 2 });
      const helloResult = await load("bare Fastify JSON hello", hello.address, { connections: CONNECTIONS, seconds: SECONDS });
      const rows: LoadResult[] = [];
      for (const [name, path] of targets) rows.push(await load(name, app.address + path, { connections: CONNECTIONS, seconds: SECONDS }));
      print(title, helloResult, rows);
    } finally {
      app.child.kill();
    }
  }
} finally {
  hello.child.kill();
}
