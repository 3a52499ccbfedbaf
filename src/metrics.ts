/**
 * What an instance tells Prometheus at /metrics. The counters live in this process; figures that
 * belong to the whole shop (queue depth, orders and sales by state) are read from the database at
 * each scrape, so every instance reports the same and one scrape target is enough for them.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "reloop_" });

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestSeconds = new Histogram({
  name: "reloop_http_request_duration_seconds",
  help: "HTTP requests by method, route pattern and status, with their duration",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const ssrRenderSeconds = new Histogram({
  name: "reloop_ssr_render_duration_seconds",
  help: "Server rendering of storefront pages, loaders included",
  labelNames: ["status"] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const dbQuerySeconds = new Histogram({
  name: "reloop_db_query_duration_seconds",
  help: "Database queries of the app's pool, from sending to the answer",
  labelNames: ["outcome"] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

const cacheLookups = new Counter({
  name: "reloop_cache_lookups_total",
  help: "Lookups of the in-process caches by cache and result (hit ratio = hit / all)",
  labelNames: ["cache", "result"] as const,
  registers: [metricsRegistry],
});

export const cacheInvalidations = new Counter({
  name: "reloop_cache_invalidations_total",
  help: "Caches dropped because their data changed (on any instance)",
  labelNames: ["cache"] as const,
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: "reloop_job_failures_total",
  help: "Job attempts that failed in this process (each is retried with backoff until its limit)",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
});

export function recordCacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? "hit" : "miss" });
}

/** The app pool's connections: all, idle, and requests waiting for one. */
export function observePool(pool: { totalCount: number; idleCount: number; waitingCount: number }): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [metricsRegistry],
      collect() {
        this.set(read());
      },
    });
  metricsRegistry.removeSingleMetric("reloop_db_pool_connections");
  metricsRegistry.removeSingleMetric("reloop_db_pool_idle_connections");
  metricsRegistry.removeSingleMetric("reloop_db_pool_waiting_requests");
  gauge("reloop_db_pool_connections", "Open connections of the app's database pool", () => pool.totalCount);
  gauge("reloop_db_pool_idle_connections", "Idle connections of the app's database pool", () => pool.idleCount);
  gauge("reloop_db_pool_waiting_requests", "Queries waiting for a free connection", () => pool.waitingCount);
}

export interface ShopFigures {
  /** Jobs by queue and state (waiting, active, failed). */
  jobs(): Promise<{ queue: string; state: string; count: number }[]>;
  orders(): Promise<{ status: string; count: number; total: number }[]>;
  sales(): Promise<{ status: string; count: number }[]>;
}

/** Gauges read from the database when Prometheus scrapes. */
export function observeShop(figures: ShopFigures): void {
  for (const name of ["reloop_jobs", "reloop_orders", "reloop_orders_total_cents", "reloop_sales"]) metricsRegistry.removeSingleMetric(name);
  new Gauge({
    name: "reloop_jobs",
    help: "Jobs in the durable queue by queue and state",
    labelNames: ["queue", "state"] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const row of await figures.jobs()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: "reloop_orders",
    help: "Orders by status",
    labelNames: ["status"] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      orderTotals.reset();
      for (const row of await figures.orders()) {
        this.set({ status: row.status }, row.count);
        orderTotals.set({ status: row.status }, row.total);
      }
    },
  });
  // Set by the orders gauge's collect, which Prometheus reads first (registration order).
  const orderTotals = new Gauge({
    name: "reloop_orders_total_cents",
    help: "Sum of order totals by order status, in cents",
    labelNames: ["status"] as const,
    registers: [metricsRegistry],
  });
  new Gauge({
    name: "reloop_sales",
    help: "Sales (trade-ins) by status",
    labelNames: ["status"] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const row of await figures.sales()) this.set({ status: row.status }, row.count);
    },
  });
}
