import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../domain/i18n/locales.ts";
import { openDatabase, selectRows, type Database } from "../client.ts";
import { catalogueIsEmpty, seedCatalogue } from "./catalogue.ts";
import { CATEGORIES, categoryPath, productKindOf } from "./categories.ts";
import { generateProducts } from "./generate.ts";
import { ean13CheckDigit, isValidEan13 } from "./identifiers.ts";

const PRODUCTS = 300;
let a: Database;
let b: Database;
let emptyBefore = false;
const progress: number[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([openDatabase({ kind: "pglite" }), openDatabase({ kind: "pglite" })]);
  await a.migrate();
  await b.migrate();
  emptyBefore = await catalogueIsEmpty(a.db);
  await seedCatalogue(a.db, { products: PRODUCTS, onProgress: (done) => progress.push(done) });
  await seedCatalogue(b.db, { products: PRODUCTS });
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const rows = <T>(query: ReturnType<typeof sql>, db = a) => selectRows<T>(db.db, query);

describe("category tree", () => {
  it("has 25–40 categories, at most three levels deep, with the SPEC ids", () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(25);
    expect(CATEGORIES.length).toBeLessThanOrEqual(40);
    for (const c of CATEGORIES) expect(categoryPath(c.id, "en").split("/").length).toBeLessThanOrEqual(3);
    expect(categoryPath(1112, "de")).toBe("elektronik/smartphones/iphone");
    expect(categoryPath(1294, "fr")).toBe("electronique/ordinateurs-portables/macbook-air");
    expect(categoryPath(2100, "de")).toBe("medien/bucher");
    expect(productKindOf(1112)).toBe("smartphone");
    expect(productKindOf(1295)).toBe("laptop");
    expect(productKindOf(999_999)).toBe("box");
  });

  it("stores 1112, 1294 and 1295 with names in all six languages and unique paths per language", async () => {
    const named = await rows<{ category_id: number; locales: string[] }>(sql`
      select category_id, array_agg(locale order by locale) as locales from category_translations
      where category_id in (1112, 1294, 1295) group by category_id order by category_id`);
    expect(named).toEqual([1112, 1294, 1295].map((id) => ({ category_id: id, locales: [...LOCALES] })));
    const dupes = await rows(sql`select locale, path from category_translations group by locale, path having count(*) > 1`);
    expect(dupes).toEqual([]);
    const [all] = await rows<{ n: number }>(sql`select count(*)::int as n from category_translations`);
    expect(all?.n).toBe(CATEGORIES.length * LOCALES.length);
  });

  it("marks a watch-case and a wristband category, and gives every category an image kind", async () => {
    const flags = await rows<{ id: number; is_wristband: boolean; is_accessory: boolean; image_kind: string }>(sql`
      select id, is_wristband, is_accessory, image_kind from categories where is_watch_case or is_wristband order by id`);
    expect(flags).toEqual([
      { id: 1310, is_wristband: false, is_accessory: false, image_kind: "watch-case" },
      { id: 1311, is_wristband: true, is_accessory: true, image_kind: "wristband" },
    ]);
  });
});

describe("seeded products", () => {
  it("reports progress and fills an empty catalogue with consecutive ids", async () => {
    expect(emptyBefore).toBe(true);
    expect(await catalogueIsEmpty(a.db)).toBe(false);
    expect(progress).toEqual([PRODUCTS]);
    const [ids] = await rows<{ n: number; lo: number; hi: number }>(sql`select count(*)::int as n, min(id) as lo, max(id) as hi from products`);
    expect(ids).toEqual({ n: PRODUCTS, lo: 1, hi: PRODUCTS });
  });

  it("puts products into every leaf, and plenty into the special categories", async () => {
    const counts = await rows<{ category_id: number; n: number }>(sql`select category_id, count(*)::int as n from products group by category_id`);
    const n = new Map(counts.map((c) => [c.category_id, c.n]));
    for (const id of [1112, 1294, 1295, 1310, 1311]) expect(n.get(id) ?? 0, `category ${id}`).toBeGreaterThanOrEqual(8);
    expect(counts.length).toBe(CATEGORIES.filter((c) => !CATEGORIES.some((d) => d.parentId === c.id)).length);
  });

  it("gives every product exactly the six grades, priced from NEW down to A4", async () => {
    const wrong = await rows(sql`
      select product_id from product_variants group by product_id
      having array_agg(label::text order by label) <> array['NEW','A0','A1','A2','A3','A4']`);
    expect(wrong).toEqual([]);
    const [variants] = await rows<{ n: number }>(sql`select count(*)::int as n from product_variants`);
    expect(variants?.n).toBe(PRODUCTS * 6);
    const unordered = await rows(sql`
      select v.product_id from product_variants v join product_variants w on w.product_id = v.product_id and w.label > v.label
      where w.price >= v.price limit 5`);
    expect(unordered).toEqual([]);
  });

  it("keeps full-battery stock to grades A1–A4 of category 1112", async () => {
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from product_variants v join products p on p.id = v.product_id
      where v.full_battery_quantity > 0 and (v.label in ('NEW', 'A0') or p.category_id <> 1112)
         or v.full_battery_quantity > v.quantity or v.full_battery_quantity < 0`);
    expect(bad?.n).toBe(0);
    const [some] = await rows<{ n: number }>(sql`select count(*)::int as n from product_variants v join products p on p.id = v.product_id
      where p.category_id = 1112 and v.full_battery_quantity > 0 and v.full_battery_price > 0`);
    expect(some?.n).toBeGreaterThan(0);
  });

  it("stores price_min as the cheapest in-stock price, null when nothing is in stock", async () => {
    const mismatches = await rows(sql`
      select p.id from products p
      where p.price_min is distinct from (select min(v.price) from product_variants v where v.product_id = p.id and v.quantity > 0)`);
    expect(mismatches).toEqual([]);
    const [out] = await rows<{ n: number }>(sql`select count(*)::int as n from products where price_min is null`);
    expect(out?.n).toBeGreaterThan(0);
    expect(out?.n).toBeLessThan(PRODUCTS * 0.2);
  });

  it("has valid EAN-13 and ISBN-13 check digits", async () => {
    const codes = await rows<{ ean: string | null; isbn: string | null; kind: string }>(sql`
      select p.ean, p.isbn, c.image_kind as kind from products p join categories c on c.id = p.category_id`);
    for (const { ean, isbn, kind } of codes) {
      if (kind === "book") {
        expect(ean).toBeNull();
        expect(isbn).toMatch(/^978/);
        expect(isValidEan13(isbn!), isbn!).toBe(true);
      } else {
        expect(isbn).toBeNull();
        expect(isValidEan13(ean ?? ""), `${ean}`).toBe(true);
      }
    }
    expect(ean13CheckDigit("400638133393")).toBe(1);
    expect(isValidEan13("9780306406157")).toBe(true);
    expect(isValidEan13("9780306406158")).toBe(false);
  });

  it("has 3–4 images per product, a few videos, and all four relation kinds", async () => {
    const badMedia = await rows(sql`select product_id from product_media where not is_video group by product_id having count(*) not between 3 and 4`);
    expect(badMedia).toEqual([]);
    const [media] = await rows<{ url: string; thumbnail_url: string; content_type: string }>(sql`
      select url, thumbnail_url, content_type from product_media where product_id = 5 and position = 1`);
    expect(media).toEqual({ url: "/media/products/5/1.svg", thumbnail_url: "/media/products/5/1.svg?size=thumb", content_type: "image/svg+xml" });
    const kinds = await rows<{ kind: string; from_kind: string; to_kind: string }>(sql`
      select distinct r.kind::text as kind, cf.image_kind as from_kind, ct.image_kind as to_kind from product_relations r
      join products f on f.id = r.product_id join categories cf on cf.id = f.category_id
      join products t on t.id = r.related_product_id join categories ct on ct.id = t.category_id order by 1, 2, 3`);
    const pairs = kinds.map((k) => `${k.kind}:${k.from_kind}>${k.to_kind}`);
    expect(pairs).toEqual(expect.arrayContaining([
      "accessory:smartphone>charger", "accessory:smartphone>cable", "wristband:watch-case>wristband",
      "storage:smartphone>smartphone", "colour:laptop>laptop",
    ]));
    for (const k of kinds) {
      if (k.kind === "storage" || k.kind === "colour") expect(k.from_kind).toBe(k.to_kind);
      if (k.kind === "accessory") expect(["charger", "cable"]).toContain(k.to_kind);
      if (k.kind === "wristband") expect([k.from_kind, k.to_kind]).toEqual(["watch-case", "wristband"]);
    }
  });

  it("seeds coupons that are valid, expired and upcoming", async () => {
    const coupons = await rows<{ state: string }>(sql`
      select case when valid_to < date '2026-06-01' then 'expired' when valid_from > date '2026-06-01' then 'future' else 'valid' end as state
      from coupons`);
    expect(new Set(coupons.map((c) => c.state))).toEqual(new Set(["valid", "expired", "future"]));
  });
});

describe("determinism", () => {
  it("writes identical rows on every run", async () => {
    const samples = [
      sql`select * from products where id in (1, 2, 57, 123, 211, 300) order by id`,
      sql`select * from product_variants where product_id in (1, 57, 211, 300) order by product_id, label`,
      sql`select * from product_media where product_id between 100 and 110 order by id`,
      sql`select * from product_relations order by product_id, kind, related_product_id`,
      sql`select * from category_translations order by category_id, locale`,
      sql`select * from coupons order by code`,
    ];
    for (const query of samples) {
      const left = await rows(query, a);
      expect(left.length).toBeGreaterThan(0);
      expect(await rows(query, b)).toEqual(left);
    }
  });

  it("makes a smaller catalogue a prefix of a larger one", () => {
    const small = [...generateProducts(40)];
    const large = [...generateProducts(80)].slice(0, 40);
    expect(small.map((p) => p.product)).toEqual(large.map((p) => p.product));
    expect(small.map((p) => p.variants)).toEqual(large.map((p) => p.variants));
  });
});
