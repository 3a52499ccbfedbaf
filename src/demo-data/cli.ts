import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config.ts";
import { openConfiguredDatabase } from "../db/client.ts";
import { catalogueIsEmpty, seedCatalogue } from "./demo-catalogue.ts";
import { seedContent } from "./content.ts";
import { seedDemoCustomer } from "./demo-customer.ts";

/** npm run seed -- --products 1000000 [--reset]: the demo catalogue at any size, e.g. for benchmarks. */
const { values } = parseArgs({
  options: { products: { type: "string", default: "2000" }, reset: { type: "boolean", default: false } },
});
const count = Number(values.products);
if (!Number.isInteger(count) || count < 0 || count > 10_000_000) {
  console.error("--products takes a whole number from 0 to 10,000,000");
  process.exit(2);
}

// The seed signs nothing: a throwaway secret keeps production settings from asking for one.
const config = loadConfig({ COOKIE_SECRET: randomBytes(32).toString("base64url"), ...process.env });
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  if (values.reset) {
    await database.db.execute(sql`truncate products, reviews, product_facet_groups, product_variants, product_media, product_relations, coupons, category_translations, categories, announcements, landing_pages restart identity cascade`);
    // SEO blocks are written from the catalogue: they go with it.
    await database.db.execute(sql`delete from content_documents where type = 'seo'`);
  } else if (!(await catalogueIsEmpty(database.db))) {
    console.error("The catalogue is not empty. Add --reset to replace it.");
    process.exit(1);
  }
  const started = Date.now();
  let last = 0;
  await seedCatalogue(database.db, {
    products: count,
    onProgress: (done) => {
      if (done - last >= 50_000 || done === count) {
        last = done;
        console.log(`${done.toLocaleString("en")} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
    },
  });
  await seedContent(database.db);
  await seedDemoCustomer(database.db);
  // Bulk inserts leave GIN pending lists and no visibility map: vacuum before measuring anything.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`Seeded ${count.toLocaleString("en")} products on ${database.driver} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
