import type { Db } from "../client.ts";
import {
  categories,
  categoryTranslations,
  coupons,
  productMedia,
  productRelations,
  products,
  productVariants,
} from "../schema/catalogue.ts";
import { categoryRows, categoryTranslationRows } from "./categories.ts";
import { COUPONS, DEFAULT_SEED, generateProducts, type GeneratedProduct } from "./generate.ts";

export interface SeedCatalogueOptions {
  products: number;
  onProgress?: (done: number) => void;
  /** PRNG seed; the default gives the canonical demo data. */
  seed?: number;
}

/** Products per transaction: big enough to amortise round trips, small enough for PGlite's memory. */
const BATCH = 1000;
/** PostgreSQL allows 65535 bind parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function insertChunked<T extends Record<string, unknown>>(
  tx: Tx,
  table: Parameters<Tx["insert"]>[0],
  rows: T[],
  columns: number,
): Promise<void> {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are typed by the callers
    await tx.insert(table).values(rows.slice(i, i + size) as any);
  }
}

async function writeBatch(db: Db, batch: GeneratedProduct[]): Promise<void> {
  await db.transaction(async (tx) => {
    await insertChunked(tx, products, batch.map((b) => b.product), 28);
    await insertChunked(tx, productVariants, batch.flatMap((b) => b.variants), 6);
    await insertChunked(tx, productMedia, batch.flatMap((b) => b.media), 6);
    await insertChunked(tx, productRelations, batch.flatMap((b) => b.relations), 4);
  });
}

/** True when no category and no product exists yet (the seed writes categories first). */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (category) return false;
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  return !product;
}

/**
 * Writes the deterministic demo catalogue into an empty database: categories with their
 * translations, coupons, then `options.products` products (ids 1..n) in batches of 1000,
 * each batch in its own transaction.
 */
export async function seedCatalogue(db: Db, options: SeedCatalogueOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(categoryRows());
    await tx.insert(categoryTranslations).values(categoryTranslationRows());
    await tx.insert(coupons).values(COUPONS);
  });
  let batch: GeneratedProduct[] = [];
  let done = 0;
  for (const generated of generateProducts(options.products, options.seed ?? DEFAULT_SEED)) {
    batch.push(generated);
    if (batch.length === BATCH) {
      await writeBatch(db, batch);
      done += batch.length;
      batch = [];
      options.onProgress?.(done);
    }
  }
  if (batch.length) {
    await writeBatch(db, batch);
    done += batch.length;
    options.onProgress?.(done);
  }
}
