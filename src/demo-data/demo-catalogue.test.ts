import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, selectRows, type Database } from "../db/client.ts";
import { categoryTranslations, products, productVariants } from "../db/schema/catalogue.ts";
import { lowestInStockPrice } from "../domain/catalogue/variants.ts";
import { ean13, seedCatalogue } from "./demo-catalogue.ts";

let a: Database;
let b: Database;
beforeAll(async () => {
  [a, b] = await Promise.all([openDatabase({ kind: "pglite" }), openDatabase({ kind: "pglite" })]);
  for (const d of [a, b]) {
    await d.migrate();
    await seedCatalogue(d.db, { products: 250 });
  }
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe("demo catalogue", () => {
  it("has the special categories, named in all six languages, with unique paths per language", async () => {
    for (const id of [1112, 1294, 1295]) {
      const rows = await a.db.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, id));
      expect(rows.map((r) => r.locale).sort()).toEqual(["de", "en", "es", "fr", "it", "nl"]);
    }
    const dupes = await selectRows(a.db, sql`select locale, path from category_translations group by locale, path having count(*) > 1`);
    expect(dupes).toEqual([]);
  });

  it("gives every product the six grades, and products to every special category", async () => {
    const counts = await selectRows(a.db, sql`select count(*)::int as n from product_variants group by product_id having count(*) <> 6`);
    expect(counts).toEqual([]);
    for (const id of [1112, 1294, 1295, 1106, 1107]) {
      const [row] = await a.db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.categoryId, id));
      expect(row!.n, `category ${id}`).toBeGreaterThan(0);
    }
  });

  it("keeps full-battery stock to grades A1–A4 of category 1112", async () => {
    const wrong = await selectRows(a.db, sql`select 1 from product_variants v join products p on p.id = v.product_id
      where v.full_battery_quantity > 0 and (v.label in ('NEW','A0') or p.category_id <> 1112 or v.full_battery_quantity > v.quantity)`);
    expect(wrong).toEqual([]);
    const some = await selectRows(a.db, sql`select 1 from product_variants where full_battery_quantity > 0 limit 1`);
    expect(some).toHaveLength(1);
  });

  it("stores the cheapest in-stock price as price_min", async () => {
    const rows = await a.db.select().from(products).orderBy(asc(products.id)).limit(60);
    for (const p of rows) {
      const variants = await a.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
      expect(p.priceMin).toBe(lowestInStockPrice(variants));
    }
  });

  it("is the same on every run", async () => {
    const q = sql`select p.id, p.name, p.ean, p.price_min, sum(v.quantity)::int as stock from products p join product_variants v on v.product_id = p.id group by p.id order by p.id`;
    expect(await selectRows(a.db, q)).toEqual(await selectRows(b.db, q));
  });

  it("writes valid EAN-13 and ISBN-13 check digits", async () => {
    expect(ean13("400638133393")).toBe("4006381333931");
    const rows = await a.db.select({ ean: products.ean, isbn: products.isbn }).from(products).limit(100);
    for (const code of rows.flatMap((r) => [r.ean, r.isbn]).filter((c): c is string => c !== null)) {
      expect(code).toMatch(/^\d{13}$/);
      expect(ean13(code.slice(0, 12))).toBe(code);
    }
  });
});
