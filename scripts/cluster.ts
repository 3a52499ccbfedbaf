/**
 * N app instances behind nginx on this machine: what `npm run start:cluster`, the two-instance test
 * and the scale-out benchmark start. Each instance is a plain `node` process running the built
 * server as production does (`npm run build` first), so a signal reaches the server itself, on its
 * own port; nginx balances over them with the configuration below, the same as deploy/nginx.conf
 * apart from addresses and paths.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ClusterOptions {
  instances: number;
  /** nginx listens here; instance i on port + 1 + i. */
  port: number;
  /** The instances' environment besides PORT and HOST (DATABASE_URL, REDIS_URL, COOKIE_SECRET, …). */
  env: Record<string, string>;
  /** Where each instance's output goes; default: this process's. */
  output?: "inherit" | "ignore";
}

export interface Instance {
  port: number;
  process: ChildProcess | undefined;
}

export interface Cluster {
  /** nginx's address. */
  url: string;
  instances: Instance[];
  /** Starts instance i and waits until it is ready. */
  start(i: number): Promise<void>;
  /** SIGTERM (graceful) or SIGKILL; resolves when the process is gone. */
  stop(i: number, signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  restart(i: number): Promise<void>;
  /** Everything down, nginx too. */
  close(): Promise<void>;
}

/** The server as production runs it (scripts/build-server.ts). */
export const BUILT_SERVER = "dist/server.js";

const READY_TIMEOUT_MS = 120_000;
/** A restarted instance serves this long before the next one goes, as an orchestrator's readiness delay would. */
const SETTLE_MS = 2_500;

export function nginxBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx", "/usr/local/bin/nginx"]) if (existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
  return found || undefined;
}

/** nginx in front of the instances: keep-alive to them, failed instances skipped, requests retried where that is safe. */
export function nginxConfig(options: { listen: string; upstreams: string[]; dir: string }): string {
  return `daemon off;
worker_processes 1;
pid ${options.dir}/nginx.pid;
error_log ${options.dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${options.dir}/tmp/body;
  proxy_temp_path ${options.dir}/tmp/proxy;
  fastcgi_temp_path ${options.dir}/tmp/fastcgi;
  uwsgi_temp_path ${options.dir}/tmp/uwsgi;
  scgi_temp_path ${options.dir}/tmp/scgi;
  log_format reloop '$remote_addr [$time_local] "$request" $status $body_bytes_sent $request_time upstream=$upstream_addr $upstream_response_time request_id=$request_id';
  access_log ${options.dir}/access.log reloop buffer=64k flush=1s;
  # nginx closes a client connection after 1,000 requests by default, answering the last with
  # "Connection: close". Load tools (autocannon) write the next request regardless and read a reset
  # that no browser would see; on this local edge a connection may carry any number of requests.
  keepalive_requests 1000000;
${upstreamAndServer(options.listen, options.upstreams, "  ")}
}
`;
}

/** The part deploy/nginx.conf shares: upstream and server blocks. */
export function upstreamAndServer(listen: string, upstreams: string[], indent = ""): string {
  const block = `upstream reloop {
  # An instance is never marked down: a refused connection (restarting, crashed) is immediate and the
  # request goes to the next one, so one failure during another's restart cannot leave none "live".
${upstreams.map((u) => `  server ${u} max_fails=0;`).join("\n")}
  keepalive 64;
}
server {
  listen ${listen};
  server_tokens off;
  client_max_body_size 2m;
  # The app compresses its answers and serves its assets precompressed (.br, .gz): passed through as they are.
  gzip off;
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  # nginx is the edge: the client address is the one it saw, whatever the client claims.
  proxy_set_header X-Forwarded-For $remote_addr;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_set_header X-Forwarded-Host $http_host;
  proxy_set_header X-Request-Id $request_id;
  proxy_connect_timeout 2s;
  proxy_read_timeout 30s;
  # A request nginx could not hand over, or that met an instance shutting down, goes to the next one
  # (nginx never resends a POST once it reached an instance; those carry an Idempotency-Key instead).
  proxy_next_upstream error timeout http_502 http_503;
  proxy_next_upstream_tries 3;
  # Prometheus scrapes each instance directly, never through here.
  location = /metrics { return 404; }
  # Hashed file names: they never change, so browsers and CDNs keep them for a year.
  location /assets/ {
    proxy_pass http://reloop;
    proxy_hide_header Cache-Control;
    add_header Cache-Control "public, max-age=31536000, immutable" always;
  }
  # Receiving's photos of a parcel's damage: the sale page's form and the API take 6 files of 10 MB at once.
  location ~ ^/(api/)?ops/sales/[^/]+(/photos)?$ {
    client_max_body_size 64m;
    proxy_pass http://reloop;
  }
  location / {
    proxy_pass http://reloop;
  }
}`;
  return block
    .split("\n")
    .map((line) => indent + line)
    .join("\n");
}

async function waitUntilReady(port: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`The instance on port ${port} exited while starting`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The instance on port ${port} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

function exitOf(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (Debian: apt-get install nginx)");
  if (!existsSync(BUILT_SERVER)) throw new Error(`No built server at ${BUILT_SERVER}: run "npm run build" first.`);
  const dir = mkdtempSync(join(tmpdir(), "reloop-cluster-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, "tmp", sub), { recursive: true });
  // nginx's workers run as an unprivileged user when started as root: they must be able to write there.
  for (const path of [dir, join(dir, "tmp")]) chmodSync(path, 0o777);
  const instances: Instance[] = Array.from({ length: options.instances }, (_, i) => ({ port: options.port + 1 + i, process: undefined }));
  writeFileSync(
    join(dir, "nginx.conf"),
    nginxConfig({ listen: `127.0.0.1:${options.port}`, upstreams: instances.map((i) => `127.0.0.1:${i.port}`), dir }),
  );

  const start = async (i: number) => {
    const instance = instances[i]!;
    const child = spawn(process.execPath, [BUILT_SERVER], {
      env: { ...process.env, NODE_ENV: "production", TRUST_PROXY: "true", ...options.env, HOST: "127.0.0.1", PORT: String(instance.port) },
      stdio: ["ignore", options.output ?? "inherit", options.output ?? "inherit"],
    });
    instance.process = child;
    let exited = false;
    child.once("exit", () => (exited = true));
    await waitUntilReady(instance.port, () => exited);
  };
  const stop = async (i: number, signal: "SIGTERM" | "SIGKILL" = "SIGTERM") => {
    const child = instances[i]!.process;
    if (!child) return;
    const gone = exitOf(child);
    child.kill(signal);
    await gone;
    instances[i]!.process = undefined;
  };

  const proxy = spawn(nginx, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: ["ignore", "inherit", "inherit"] });
  const close = async () => {
    await Promise.all(instances.map((_, i) => stop(i)));
    const gone = exitOf(proxy);
    proxy.kill("SIGQUIT");
    await gone;
    // KEEP_CLUSTER_DIR=1 keeps nginx's access and error logs there for a look after the run.
    if (!process.env.KEEP_CLUSTER_DIR) rmSync(dir, { recursive: true, force: true });
  };
  try {
    // All at once, as a deployment would: the start-up lock lets one migrate and seed.
    await Promise.all(instances.map((_, i) => start(i)));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    instances,
    start,
    stop,
    /** As an orchestrator does: the next instance may go once this one is back and serving. */
    async restart(i) {
      await stop(i);
      await start(i);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    },
    close,
  };
}
