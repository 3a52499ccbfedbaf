import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, selectRows } from "../src/db/client.ts";
import { seedCatalogue } from "../src/demo-data/demo-catalogue.ts";
import { seedContent } from "../src/demo-data/content.ts";
import { seedDemoCustomer } from "../src/demo-data/demo-customer.ts";

/** The server's default database, where bench databases are created. */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The URL of reloop_bench_<size> on the server: created, migrated and seeded the first time, then reused. */
export async function prepareBenchDatabase(size: number, serverUrl = benchServerUrl): Promise<string> {
  const name = `reloop_bench_${size}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ kind: "pg", url, maxConnections: 4 });
  await database.migrate();
  const [row] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
  if (row?.n !== size) {
    console.log(`seeding ${size.toLocaleString("en")} products into ${name}…`);
    const started = Date.now();
    await database.db.execute(sql`truncate products, reviews, product_facet_groups, product_variants, product_media, product_relations, coupons, category_translations, categories, announcements, landing_pages, search_words restart identity cascade`);
    await seedCatalogue(database.db, { products: size });
    await seedContent(database.db);
    await seedDemoCustomer(database.db);
    // Bulk inserts leave GIN pending lists and no visibility map: vacuum before measuring anything.
    await database.db.execute(sql`vacuum analyze`);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await database.close();
  return url;
}
