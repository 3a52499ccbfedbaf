import { sql } from "drizzle-orm";
import { selectRows, type Db } from "../../../db/client.ts";
import type { ShopFigures } from "../../../metrics.ts";

/** The shop-wide figures /metrics reports, read at each scrape (small grouped counts). */
export function createShopFiguresRepository(db: Db): ShopFigures {
  return {
    // No job table before the queue first started (and never in tests without jobs): then there are no jobs.
    jobs: () =>
      selectRows<{ queue: string; state: string; count: number }>(
        db,
        sql`select name as queue, state::text as state, count(*)::int as count from pgboss.job where state <> 'completed' group by name, state`,
      ).catch(() => []),
    orders: () =>
      selectRows<{ status: string; count: number; total: number }>(
        db,
        sql`select status::text as status, count(*)::int as count, coalesce(sum(total), 0)::bigint::float8 as total from orders group by status`,
      ),
    sales: () => selectRows<{ status: string; count: number }>(db, sql`select status::text as status, count(*)::int as count from sales group by status`),
  };
}
