import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { selectRows } from "../db/client.ts";
import { setupTestApp } from "../test/api-harness.ts";

const METRICS_TOKEN = "metrics-token-for-tests";
const { app, database } = setupTestApp({ env: { METRICS_TOKEN } });

/** Well under the lists' 5 s lifetime: only the change notification can make the new figure appear this soon. */
const NOTIFIED_WITHIN = { timeout: 3_000, interval: 50 };

async function firstListed(): Promise<{ id: number; label: string; quantity: number }> {
  const res = await app().inject({ method: "GET", url: "/api/products?categoryId=1&page=1" });
  const item = res.json().items.find((i: { variants: unknown[] }) => i.variants.length > 0);
  return { id: item.id, ...item.variants[0] };
}

describe("caches hear every committed change, from any process on the database", () => {
  it("drops cached lists when stock changes outside this app", async () => {
    const before = await firstListed();
    const changed = before.quantity + 7;
    // Straight SQL, as another instance (or staff tooling) would: nothing in this process is told.
    await database().db.execute(sql`update product_variants set quantity = ${changed} where product_id = ${before.id} and label = ${before.label}`);
    await vi.waitFor(async () => expect((await firstListed()).quantity).toBe(changed), NOTIFIED_WITHIN);
  });

  it("drops the cached category tree when a category is renamed", async () => {
    const nameOf = async () => (await app().inject({ method: "GET", url: "/api/navigation?locale=en" })).json().categories[0].name as string;
    const before = await nameOf();
    const [row] = await selectRows<{ id: number }>(database().db, sql`select category_id as id from category_translations where locale = 'en' and name = ${before}`);
    await database().db.execute(sql`update category_translations set name = ${`${before} (renamed)`} where category_id = ${row!.id} and locale = 'en'`);
    await vi.waitFor(async () => expect(await nameOf()).toBe(`${before} (renamed)`), NOTIFIED_WITHIN);
  });
});

describe("/metrics", () => {
  it("does not exist for the public", async () => {
    expect((await app().inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect((await app().inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer wrong-token-of-same-size" } })).statusCode).toBe(404);
  });

  it("tells a scraper with the token requests, caches, jobs, orders and sales in Prometheus's format", async () => {
    await app().inject({ method: "GET", url: "/api/products?categoryId=1&page=1" });
    const res = await app().inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toMatch(/reloop_http_request_duration_seconds_bucket\{[^}]*route="\/api\/products"[^}]*status="200"/);
    expect(res.body).toMatch(/reloop_cache_lookups_total\{cache="product_list",result="(hit|miss)"\}/);
    // The embedded database has no pool to watch; on a server the app's queries and connections are reported.
    if (database().driver === "pg") {
      expect(res.body).toMatch(/reloop_db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
      expect(res.body).toMatch(/reloop_db_pool_connections [1-9]/);
    }
    for (const name of ["reloop_cache_invalidations_total", "reloop_jobs", "reloop_orders", "reloop_sales", "reloop_ssr_render_duration_seconds", "reloop_job_failures_total"]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
  });
});
