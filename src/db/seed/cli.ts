/**
 * Seeds the demo catalogue: `tsx src/db/seed/cli.ts --products N [--reset]`.
 * Uses DATABASE_URL when set, else the embedded PGlite database in DATA_DIR/db.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../config.ts";
import { openConfiguredDatabase } from "../client.ts";
import { catalogueIsEmpty, seedCatalogue } from "./catalogue.ts";

const USAGE = "usage: tsx src/db/seed/cli.ts [--products N] [--reset]";

function parse(): { products: number | undefined; reset: boolean } {
  const { values } = parseArgs({
    options: {
      products: { type: "string", short: "n" },
      reset: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const products = values.products === undefined ? undefined : Number(values.products);
  if (products !== undefined && (!Number.isInteger(products) || products < 0 || products > 100_000_000)) {
    throw new Error(`--products must be a whole number between 0 and 100000000, got "${values.products}"`);
  }
  return { products, reset: values.reset };
}

async function main(): Promise<number> {
  const args = parse();
  const config = loadConfig();
  const products = args.products ?? config.SEED_PRODUCTS;
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (args.reset) {
      // CASCADE also empties tables of other features that point at products (carts, wishlists…).
      await database.db.execute(sql`TRUNCATE product_relations, product_media, product_variants, products,
        coupons, category_translations, categories RESTART IDENTITY CASCADE`);
      console.log("Catalogue emptied.");
    } else if (!(await catalogueIsEmpty(database.db))) {
      console.error("The catalogue already holds data, so nothing was changed. Run again with --reset to replace it.");
      return 1;
    }
    const target = config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${join(config.DATA_DIR, "db")}`;
    console.log(`Seeding ${products.toLocaleString("en")} products into ${target}…`);
    const started = performance.now();
    let lastPrint = 0;
    await seedCatalogue(database.db, {
      products,
      onProgress: (done) => {
        const now = performance.now();
        if (done < products && now - lastPrint < 1000) return;
        lastPrint = now;
        const seconds = (now - started) / 1000;
        const percent = products ? Math.floor((done / products) * 100) : 100;
        console.log(`  ${done.toLocaleString("en")} / ${products.toLocaleString("en")} (${percent} %), ${seconds.toFixed(1)} s`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(products / seconds) : products;
    console.log(`Done: ${products.toLocaleString("en")} products in ${seconds.toFixed(1)} s (${rate.toLocaleString("en")}/s).`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
