/**
 * What a server-rendered page costs: SSR pages and api_product_view under load (20 connections,
 * 10 s each), beside a bare Fastify JSON hello measured in the same run, each shown as a share of
 * the hello's throughput. The app and the hello run in their own processes, apart from the load
 * generator. Embedded database always; the PostgreSQL server too when it answers.
 *   BENCH_RUNTIME=node (default): the servers bundled as production builds the server
 *     (scripts/build-server.ts, into dist/bench/) and run by node; tsx: the TypeScript sources under
 *     tsx; tsx,node: an app of each side by side, loaded in turn, so other work on the machine
 *     weighs on both alike (the hello runs on the first).
 *   BENCH_ROUNDS=3: each target loaded that often per app, in turn; the row gives the mean req/s
 *     and the median p50 and p99 of the rounds.
 *   BENCH_ONLY=product-rendered,…: only these targets (keys below), beside the hello.
 * "CPU ms/req" is the CPU time the server's process spent per answer (Linux): unlike req/s and
 * latency it hardly moves when other work shares the machine's cores.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { buildServer } from "../scripts/build-server.ts";
import { load, type LoadResult } from "./load.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
type Runtime = "node" | "tsx";
const RUNTIMES = (process.env.BENCH_RUNTIME ?? "node").split(",") as Runtime[];
if (RUNTIMES.length === 0 || RUNTIMES.some((r) => r !== "node" && r !== "tsx")) throw new Error("BENCH_RUNTIME is node, tsx or both, comma-separated");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
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

const RUNTIME_NAMES: Record<Runtime, string> = { node: "node on the built JavaScript", tsx: "tsx on the TypeScript sources" };

/** What runs each bench server: node on its bundle, or node with tsx's hooks on its source (one process either way). */
const SCRIPTS = ["bench/app-server.ts", "bench/hello-server.ts"];
if (RUNTIMES.includes("node")) await buildServer({ entryPoints: SCRIPTS, outdir: "dist/bench" });
const command = (runtime: Runtime, script: string): [string, string[]] =>
  runtime === "node" ? [process.execPath, [join("dist", "bench", `${basename(script, ".ts")}.js`)]] : [process.execPath, ["--import", "tsx", script]];

/** Starts a bench server script and resolves with the address it prints. */
function start(runtime: Runtime, script: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; address: string }> {
  const [file, args] = command(runtime, script);
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

/** The cookies a response set, as the browser would send them back. */
function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/**
 * A visitor with a cart (its cookie) and the demo customer signed in with a filled cart (session
 * and cart cookies), each with the language and consent cookies a returning visitor has.
 */
async function personalVisitors(address: string): Promise<{ cart: string; customer: string }> {
  const returning = ["reloop-language=de", "reloop-consent=necessary"];
  const { product } = (await (await fetch(`${address}/api/products/346`)).json()) as { product: { variantPicker: { label: string; quantity: number }[] } };
  const label = product.variantPicker.find((variant) => variant.quantity > 0)?.label;
  if (!label) throw new Error("product 346 has nothing in stock to put in a cart");
  const addToCart = async (cookies: string[]) => {
    const response = await fetch(`${address}/api/cart/items`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookies.join("; ") },
      body: JSON.stringify({ id: 346, productVariantLabel: label }),
    });
    if (!response.ok) throw new Error(`adding to the cart answered ${response.status}: ${await response.text()}`);
    return cookiesOf(response);
  };
  const cart = await addToCart(returning);
  const login = await fetch(`${address}/api/customer/login`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: returning.join("; ") },
    body: JSON.stringify({ credentials: { email: "demo@reloop.local", password: "reloop-demo" } }),
  });
  if (!login.ok) throw new Error(`the demo customer's login answered ${login.status}`);
  const session = cookiesOf(login);
  const customerCart = await addToCart([...returning, ...session]);
  return { cart: [...returning, ...cart].join("; "), customer: [...returning, ...session, ...customerCart.filter((c) => !session.some((s) => s.split("=")[0] === c.split("=")[0]))].join("; ") };
}

type Row = LoadResult & { cpuMs?: number; dataBytes?: number };

/**
 * The size of a page's loader data as React Router serialises it for a client-side visit to it
 * (its `.data` request, with the target's cookies): what the page carries beside its HTML.
 */
async function loaderDataBytes(address: string, path: string, headers?: Record<string, string>): Promise<number | undefined> {
  const url = new URL(path, address);
  url.pathname = url.pathname === "/" ? "/_.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  const response = await fetch(url, { headers: headers ?? {} });
  return response.ok ? (await response.arrayBuffer()).byteLength : undefined;
}

/** CPU seconds a process has used so far (user + system), or undefined where /proc does not tell. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name; clock ticks of 1/100 s.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** One load of a server's target, with the CPU time the server spent per answer. */
async function measure(name: string, child: ChildProcess, url: string, options: Parameters<typeof load>[2]): Promise<Row> {
  const before = cpuSeconds(child.pid);
  const result = await load(name, url, options);
  const after = cpuSeconds(child.pid);
  return { ...result, ...(before !== undefined && after !== undefined && result.requests > 0 ? { cpuMs: (1000 * (after - before)) / result.requests } : {}) };
}

/** Several rounds of one target as one row: mean req/s, median percentiles, all non-2xx, CPU per answer over all rounds. */
function combine(rounds: Row[]): Row {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  return {
    name: rounds[0]!.name,
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    rps: Math.round(rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length),
    p50: median(rounds.map((r) => r.p50)),
    p95: median(rounds.map((r) => r.p95)),
    p99: median(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    ...(rounds.every((r) => r.cpuMs !== undefined)
      ? { cpuMs: rounds.reduce((sum, r) => sum + r.cpuMs! * r.requests, 0) / rounds.reduce((sum, r) => sum + r.requests, 0) }
      : {}),
  };
}

function print(title: string, hello: Row, rows: Row[]): void {
  const rounds = ROUNDS > 1 ? `, ${ROUNDS} rounds` : "";
  console.log(`\n${title}, ${RUNTIMES.map((r) => RUNTIME_NAMES[r]).join(" and ")} (${CONNECTIONS} connections, ${SECONDS} s each${rounds})`);
  console.log("target".padEnd(52) + "req/s".padStart(8) + "of hello".padStart(10) + "p50".padStart(8) + "p99".padStart(8) + "CPU ms/req".padStart(12) + "  non-2xx" + "  loader data");
  for (const r of [hello, ...rows]) {
    const share = `${((100 * r.rps) / hello.rps).toFixed(2)} %`;
    const cpu = r.cpuMs === undefined ? "–" : r.cpuMs.toFixed(r.cpuMs < 1 ? 3 : 2);
    const data = r.dataBytes === undefined ? "–" : `${(r.dataBytes / 1024).toFixed(1)} KB`;
    console.log(r.name.padEnd(52) + String(r.rps).padStart(8) + share.padStart(10) + r.p50.toFixed(0).padStart(8) + r.p99.toFixed(0).padStart(8) + cpu.padStart(12) + `  ${String(r.non2xx).padEnd(7)}` + `  ${data}`);
  }
}

const hello = await start(RUNTIMES[0]!, "bench/hello-server.ts");
try {
  const databases: [string, Record<string, string>][] = [["embedded database (PGlite)", {}]];
  const url = await serverDatabase();
  if (url) databases.push(["PostgreSQL server", { BENCH_SSR_DATABASE_URL: url }]);
  for (const [title, env] of databases) {
    // One after the other: the first seeds the PostgreSQL server's database, the next finds it seeded.
    const apps: { runtime: Runtime; child: ChildProcess; address: string }[] = [];
    try {
      for (const runtime of RUNTIMES) apps.push({ runtime, ...(await start(runtime, "bench/app-server.ts", env)) });
      const { address } = apps[0]!;
      // The product's canonical address, so the load measures the page rather than a redirect to it.
      const { product_slug: slug } = (await (await fetch(`${address}/api/products/346`)).json()) as { product_slug: string };
      const selected = (key: string) => !ONLY || ONLY.has(key);
      const productPaths = selected("product-new") ? await canonicalProductPaths(address, 600) : [];
      let next = 0;
      const visitors = await personalVisitors(address);
      const productPath = `/i346,${slug}`;
      const targets: Target[] = [
        ...PAGES.map(([key, name, path]) => ({ key: `${key}-kept`, name: `SSR ${name}, page cache`, path: path.replace("/i346,x", `/i346,${slug}`) })),
        ...PAGES.map(([key, name, path]) => ({ key: `${key}-rendered`, name: `SSR ${name}, rendered`, path: path.replace("/i346,x", `/i346,${slug}`), headers: RENDER_EVERY_TIME })),
        { key: "product-cart", name: "SSR product, a visitor with a cart", path: productPath, headers: { cookie: visitors.cart } },
        { key: "product-customer", name: "SSR product, a customer with a cart", path: productPath, headers: { cookie: visitors.customer } },
        { key: "my-customer", name: "SSR /my, a customer with a cart", path: "/my", headers: { cookie: visitors.customer } },
        { key: "cart-customer", name: "SSR /checkout/cart, a customer with a filled cart", path: "/checkout/cart", headers: { cookie: visitors.customer } },
        { key: "product-new", name: "SSR product, a new product every request", path: productPaths[0] ?? "/", nextPath: () => productPaths[next++ % productPaths.length]! },
        { key: "api-product-view", name: "api_product_view /api/products/346", path: "/api/products/346" },
      ].filter((target) => selected(target.key));
      if (targets.length === 0) throw new Error(`BENCH_ONLY names no target: ${[...ONLY!].join(", ")}`);
      // Warm up: code paths compiled, caches filled, as in a running shop.
      for (const target of targets) {
        for (const app of apps) await load("warm-up", app.address + target.path, { connections: 4, seconds: 2, ...(target.headers ? { headers: target.headers } : {}) });
      }
      const helloResult = await measure("bare Fastify JSON hello", hello.child, hello.address, { connections: CONNECTIONS, seconds: SECONDS });
      const rows: Row[] = [];
      for (const target of targets) {
        const { headers, nextPath } = target;
        const rounds = new Map<Runtime, Row[]>(RUNTIMES.map((r) => [r, []]));
        for (let round = 0; round < ROUNDS; round++) {
          for (const app of apps) {
            const name = apps.length > 1 ? `${target.name} [${app.runtime}]` : target.name;
            rounds.get(app.runtime)!.push(await measure(name, app.child, app.address + target.path, { connections: CONNECTIONS, seconds: SECONDS, ...(headers ? { headers } : {}), ...(nextPath ? { nextPath } : {}) }));
          }
        }
        const dataBytes = await loaderDataBytes(apps[0]!.address, target.path, headers);
        for (const results of rounds.values()) rows.push({ ...combine(results), ...(dataBytes !== undefined ? { dataBytes } : {}) });
      }
      print(title, helloResult, rows);
    } finally {
      for (const app of apps) app.child.kill();
    }
  }
} finally {
  hello.child.kill();
}
