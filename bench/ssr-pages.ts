/**
 * What a server-rendered page costs: SSR pages and api_product_view under load (20 connections,
 * 10 s each), beside a bare Fastify JSON hello measured in the same run, each shown as a share of
 * the hello's throughput. The app and the hello run in their own processes, apart from the load
 * generator. Embedded database always; the PostgreSQL server too when it answers.
 *   BENCH_RUNTIME=node (default): both servers bundled as production builds the server
 *     (scripts/build-server.ts, into dist/bench/) and run by node; tsx: the TypeScript sources under tsx.
 *   BENCH_ONLY=product-rendered,…: only these targets (keys below), beside the hello.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { buildServer } from "../scripts/build-server.ts";
import { load, type LoadResult } from "./load.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const RUNTIME = process.env.BENCH_RUNTIME ?? "node";
if (RUNTIME !== "node" && RUNTIME !== "tsx") throw new Error("BENCH_RUNTIME is node or tsx");
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : undefined;

/** Key, name, path. */
const PAGES: [string, string, string][] = [
  ["home", "home /", "/"],
  ["category", "category /kaufen/elektronik/smartphones", "/kaufen/elektronik/smartphones"],
  ["product", "product /i346,…", "/i346,x"],
  ["search", "search /kaufen/suchen?query=iphone", "/kaufen/suchen?query=iphone"],
];
/** A cookie the page cache does not know: the page is rendered for every request, as for a visitor with a cart. */
const RENDER_EVERY_TIME = { cookie: "bench-render=1" };

interface Target {
  key: string;
  name: string;
  path: string;
  headers?: Record<string, string>;
  nextPath?: () => string;
}

/** What runs each bench server: node on its bundle, or tsx on its source. */
const SCRIPTS = ["bench/app-server.ts", "bench/hello-server.ts"];
if (RUNTIME === "node") await buildServer({ entryPoints: SCRIPTS, outdir: "dist/bench" });
const command = (script: string): [string, string[]] =>
  RUNTIME === "node" ? [process.execPath, [join("dist", "bench", `${basename(script, ".ts")}.js`)]] : ["./node_modules/.bin/tsx", [script]];

/** Starts a bench server script and resolves with the address it prints. */
function start(script: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; address: string }> {
  const [file, args] = command(script);
  const child = spawn(file, args, { env: { ...process.env, NODE_ENV: "production", ...env }, stdio: ["ignore", "pipe", "inherit"] });
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

/** The canonical paths of the first products (ids 1…count), so a load visits pages rather than redirects. */
async function canonicalProductPaths(address: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let id = 1; id <= count; id++) {
    const response = await fetch(`${address}/api/products/${id}`);
    if (response.ok) paths.push(`/i${id},${((await response.json()) as { product_slug: string }).product_slug}`);
  }
  return paths;
}

function print(title: string, hello: LoadResult, rows: LoadResult[]): void {
  console.log(`\n${title}, ${RUNTIME === "node" ? "node on the built JavaScript" : "tsx on the TypeScript sources"} (${CONNECTIONS} connections, ${SECONDS} s each)`);
  console.log("target".padEnd(52) + "req/s".padStart(8) + "of hello".padStart(10) + "p50".padStart(8) + "p99".padStart(8) + "  non-2xx");
  for (const r of [hello, ...rows]) {
    const share = `${((100 * r.rps) / hello.rps).toFixed(2)} %`;
    console.log(r.name.padEnd(52) + String(r.rps).padStart(8) + share.padStart(10) + r.p50.toFixed(0).padStart(8) + r.p99.toFixed(0).padStart(8) + `  ${r.non2xx}`);
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
      const selected = (key: string) => !ONLY || ONLY.has(key);
      const productPaths = selected("product-new") ? await canonicalProductPaths(app.address, 600) : [];
      let next = 0;
      const targets: Target[] = [
        ...PAGES.map(([key, name, path]) => ({ key: `${key}-kept`, name: `SSR ${name}, page cache`, path: path.replace("/i346,x", `/i346,${slug}`) })),
        ...PAGES.map(([key, name, path]) => ({ key: `${key}-rendered`, name: `SSR ${name}, rendered`, path: path.replace("/i346,x", `/i346,${slug}`), headers: RENDER_EVERY_TIME })),
        { key: "product-new", name: "SSR product, a new product every request", path: productPaths[0] ?? "/", nextPath: () => productPaths[next++ % productPaths.length]! },
        { key: "api-product-view", name: "api_product_view /api/products/346", path: "/api/products/346" },
      ].filter((target) => selected(target.key));
      if (targets.length === 0) throw new Error(`BENCH_ONLY names no target: ${[...ONLY!].join(", ")}`);
      // Warm up: code paths compiled, caches filled, as in a running shop.
      for (const target of targets) await load("warm-up", app.address + target.path, { connections: 4, seconds: 2, ...(target.headers ? { headers: target.headers } : {}) });
      const helloResult = await load("bare Fastify JSON hello", hello.address, { connections: CONNECTIONS, seconds: SECONDS });
      const rows: LoadResult[] = [];
      for (const target of targets) {
        const { headers, nextPath } = target;
        rows.push(await load(target.name, app.address + target.path, { connections: CONNECTIONS, seconds: SECONDS, ...(headers ? { headers } : {}), ...(nextPath ? { nextPath } : {}) }));
      }
      print(title, helloResult, rows);
    } finally {
      app.child.kill();
    }
  }
} finally {
  hello.child.kill();
}
