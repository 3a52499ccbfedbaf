import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, categoryTranslations, coupons, productMedia, productRelations, products, productVariants } from "../db/schema/catalogue.ts";
import { sellCoupons } from "../db/schema/selling.ts";
import { GRADES, GRADE_PRICE_SHARE, gradeHasFullBatteryOption, FULL_BATTERY_CATEGORY_ID } from "../domain/catalogue/grades.ts";
import { gradesInStockMask, lowestInStockPrice } from "../domain/catalogue/variants.ts";
import { LOCALES } from "../domain/i18n/locales.ts";
import { slugify } from "../domain/routing/paths.ts";
import { CATEGORY_SEEDS, lineage, productKindOf } from "./demo-categories.ts";
import { DEVICE_LINES, MEDIA_WORDS } from "./demo-models.ts";
import { describe } from "./demo-texts.ts";
import { Random } from "./random.ts";
import { dayFromSeeding } from "./seed-dates.ts";
import { refreshFacetGroups } from "../db/facet-groups.ts";
import { seedUnitsForCountedStock } from "../db/units.ts";
import { seedReviews } from "./demo-reviews.ts";


/** One coupon running, one over, one not yet begun; then the other kinds of coupon the checkout knows. */
const DEMO_COUPON_CODES = ["WELCOME10", "SUMMER15", "FUTURE30"] as const;
/** Bonuses on a sale's payout: one running, one over. */
export const DEMO_SELL_COUPONS = { running: "SELLMORE10", expired: "SELLSPRING" } as const;
function demoSellCoupons() {
  return [
    { code: DEMO_SELL_COUPONS.running, bonusPercent: 10, maxBonusCents: 2_000, validFrom: dayFromSeeding(-30), validTo: dayFromSeeding(3 * 365) },
    { code: DEMO_SELL_COUPONS.expired, bonusPercent: 15, maxBonusCents: 3_000, validFrom: dayFromSeeding(-500), validTo: dayFromSeeding(-410) },
  ];
}

function demoCoupons() {
  return [
    { code: DEMO_COUPON_CODES[0], percentOff: 10, validFrom: dayFromSeeding(-300), validTo: dayFromSeeding(3 * 365) },
    { code: DEMO_COUPON_CODES[1], percentOff: 15, validFrom: dayFromSeeding(-500), validTo: dayFromSeeding(-410) },
    { code: DEMO_COUPON_CODES[2], percentOff: 30, validFrom: dayFromSeeding(3 * 365 + 30), validTo: dayFromSeeding(4 * 365) },
    { code: "SAVE20", kind: "fixed" as const, amountOff: 2000, minOrderValue: 15_000, validFrom: dayFromSeeding(-30), validTo: dayFromSeeding(3 * 365) },
    { code: "FIRSTORDER", kind: "fixed" as const, amountOff: 1000, oncePerCustomer: true, validFrom: dayFromSeeding(-30), validTo: dayFromSeeding(3 * 365) },
    { code: "ZEROFINANCE", percentOff: 5, singleItemOnly: true, validFrom: dayFromSeeding(-30), validTo: dayFromSeeding(3 * 365) },
  ];
}

/** Price factor of each grade against the new price. */
const FULL_BATTERY_PRICE = 2900;
const BATCH = 1000;

interface ProductSpec {
  categoryId: number;
  brand: string;
  name: string;
  propRom: string | null;
  propColor: string | null;
  /** New price in cents. */
  newPrice: number;
  year: number;
  attributes: Record<string, string>;
  /** Same model (device line + model), for storage and colour relations. */
  modelKey?: string;
}

/** Every device combination, interleaved across lines so that any prefix covers every category. */
function deviceSpecs(): ProductSpec[] {
  const perLine = DEVICE_LINES.map((line, lineIndex) =>
    line.models.flatMap((model) =>
      (line.storages.length ? line.storages : [null]).flatMap((storage, storageIndex) =>
        line.colours.map((colour) => ({
          categoryId: line.categoryId,
          brand: line.brand,
          // "Apple Watch …" already names its brand; "iPhone 13" does not.
          name: [model.name.startsWith(line.brand) ? null : line.brand, model.name, storage === null ? null : storageLabel(storage), colour].filter(Boolean).join(" "),
          propRom: storage === null ? null : storageLabel(storage),
          propColor: colour,
          newPrice: euroCents(model.price * (1 + 0.15 * storageIndex)),
          year: model.year,
          attributes: { ...model.attributes, year: String(model.year) },
          modelKey: `${lineIndex}:${model.name}`,
        })),
      ),
    ),
  );
  const out: ProductSpec[] = [];
  for (let i = 0; out.length < perLine.reduce((n, l) => n + l.length, 0); i++) {
    for (const line of perLine) if (line[i]) out.push(line[i]!);
  }
  return out;
}

function storageLabel(gb: number): string {
  return gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`;
}

/** Whole euros ending in .99, in cents. */
function euroCents(euros: number): number {
  return Math.max(99, Math.round(euros) * 100 - 1);
}

/** Media products are combined from word lists; the same index gives the same product. */
function mediaSpec(index: number): ProductSpec {
  const r = new Random(index * 104_729 + 7);
  const w = MEDIA_WORDS;
  const title = `${r.pick(w.adjectives)} ${r.pick(w.nouns)}`;
  const volume = Math.floor(index / 40) + 1;
  const titled = volume > 1 ? `${title} ${volume}` : title;
  switch (index % 4) {
    case 0: {
      const author = `${r.pick(w.firstNames)} ${r.pick(w.lastNames)}`;
      const format = r.pick(w.bookFormats);
      return { categoryId: 20, brand: author, name: `${titled} – ${author} (${format})`, propRom: null, propColor: null, newPrice: euroCents(r.int(9, 28)), year: r.int(1995, 2025), attributes: { author, format, pages: String(r.int(120, 640)) } };
    }
    case 1: {
      const artist = r.pick(w.bands);
      return { categoryId: 21, brand: artist, name: `${artist} – ${titled} (CD)`, propRom: null, propColor: null, newPrice: euroCents(r.int(9, 19)), year: r.int(1990, 2025), attributes: { artist, format: "CD" } };
    }
    case 2: {
      const format = r.pick(w.filmFormats);
      return { categoryId: 22, brand: "Studio", name: `${titled} (${format})`, propRom: null, propColor: null, newPrice: euroCents(r.int(8, 24)), year: r.int(1985, 2025), attributes: { format } };
    }
    default: {
      const platform = r.pick(w.platforms);
      return { categoryId: 23, brand: platform.split(" ")[0]!, name: `${titled} (${platform})`, propRom: null, propColor: null, newPrice: euroCents(r.int(19, 69)), year: r.int(2017, 2025), attributes: { platform } };
    }
  }
}

/** EAN-13 / ISBN-13 check digit. */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

function productRows(id: number, spec: ProductSpec) {
  const r = new Random(id * 7_919 + 17);
  const electronics = lineage(spec.categoryId).at(-1)?.rootKind === "electronics";
  const soldOut = r.chance(0.05);
  const variants = GRADES.map((label) => {
    const quantity = soldOut ? 0 : r.chance(label === "NEW" ? 0.6 : 0.3) ? 0 : r.int(1, 12);
    const fullBattery = spec.categoryId === FULL_BATTERY_CATEGORY_ID && gradeHasFullBatteryOption(label);
    return {
      productId: id,
      label,
      price: euroCents((spec.newPrice / 100) * GRADE_PRICE_SHARE[label]),
      quantity,
      fullBatteryQuantity: fullBattery ? r.int(0, quantity) : 0,
      fullBatteryPrice: fullBattery ? FULL_BATTERY_PRICE : 0,
    };
  });
  const kind = productKindOf(spec.categoryId);
  const isBook = kind === "book";
  const digits = String(id).padStart(9, "0");
  const product = {
    id,
    name: spec.name,
    slug: slugify(spec.name),
    brand: spec.brand,
    categoryId: spec.categoryId,
    groupIds: lineage(spec.categoryId).map((c) => c.id),
    propRom: spec.propRom,
    propColor: spec.propColor,
    ean: isBook ? null : ean13(`40${digits.slice(-10).padStart(10, "0")}`),
    isbn: isBook ? ean13(`978${digits}`) : null,
    asin: electronics && r.chance(0.5) ? `B0${id.toString(36).toUpperCase().padStart(8, "0")}` : null,
    attributes: spec.attributes,
    description: describe(spec.name, electronics),
    chargerCompatible: [10, 11].includes(lineage(spec.categoryId)[1]?.id ?? 0),
    assemblySplit: spec.categoryId === FULL_BATTERY_CATEGORY_ID && r.chance(0.3),
    // The shop buys devices and media back, not accessories; the roll is kept so the data stays the same.
    allowedPurchase: !r.chance(0.02) && !lineage(spec.categoryId).some((c) => c.isAccessory),
    purchaseStop: r.chance(0.02),
    onSale: r.chance(0.15),
    couponCode: r.chance(0.1) ? r.pick(DEMO_COUPON_CODES) : null,
    priceMin: lowestInStockPrice(variants),
    gradesInStock: gradesInStockMask(variants),
    bluePrice: spec.newPrice,
    pricePurchase: Math.round(spec.newPrice * 0.45),
    insurancePrice: electronics ? Math.max(499, Math.round(spec.newPrice * 0.08)) : null,
    // A few media titles only a partner sells: listed, but not for sale here (no random draw, so the rest stays the same).
    offeredByLibriOnly: !electronics && id % 53 === 0,
    popularity: r.int(0, 1000) + (electronics ? 500 : 0),
    createdAt: new Date(Date.UTC(2024, 0, 1) + r.int(0, 1000) * 86_400_000).toISOString(),
  };
  const imageCount = electronics ? 4 : 3;
  const media = Array.from({ length: imageCount }, (_, position) => ({
    productId: id,
    position,
    contentType: "image/svg+xml",
    isVideo: false,
    url: `/media/products/${id}/${position}.svg`,
    thumbnailUrl: `/media/products/${id}/${position}.svg?size=thumb`,
  }));
  return { product, variants, media };
}

/** Storage and colour siblings of the same model; accessories for phones and tablets; bands for watch cases. */
function relationRows(specs: ProductSpec[]) {
  const rows: (typeof productRelations.$inferInsert)[] = [];
  const ids = specs.map((s, i) => ({ ...s, id: i + 1 }));
  const ofCategory = (id: number) => ids.filter((s) => s.categoryId === id).map((s) => s.id);
  const accessories = [...ofCategory(1108).slice(0, 2), ...ofCategory(1109).slice(0, 2)];
  const bands = ofCategory(1107).slice(0, 8);
  for (const s of ids) {
    if (!s.modelKey) continue;
    const siblings = ids.filter((o) => o.modelKey === s.modelKey && o.id !== s.id);
    siblings.filter((o) => o.propColor === s.propColor && o.propRom !== s.propRom).forEach((o, position) => rows.push({ productId: s.id, relatedProductId: o.id, kind: "storage", position }));
    siblings.filter((o) => o.propRom === s.propRom && o.propColor !== s.propColor).slice(0, 8).forEach((o, position) => rows.push({ productId: s.id, relatedProductId: o.id, kind: "colour", position }));
    const root = lineage(s.categoryId)[1]?.id;
    if (root === 10 || root === 11) accessories.forEach((a, position) => rows.push({ productId: s.id, relatedProductId: a, kind: "accessory", position }));
    if (s.categoryId === 1106) bands.forEach((b, position) => rows.push({ productId: s.id, relatedProductId: b, kind: "wristband", position }));
  }
  return rows;
}

export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the deterministic demo catalogue: categories, coupons and `products` products with six
 * grades each. About 60 % devices (every model, storage and colour once), the rest media.
 */
export async function seedCatalogue(db: Db, options: { products: number; onProgress?: (done: number) => void }): Promise<void> {
  await db.insert(categories).values(
    CATEGORY_SEEDS.map((c, position) => ({
      id: c.id,
      parentId: c.parentId,
      position,
      rootKind: c.rootKind,
      isAccessory: c.isAccessory ?? false,
      isWatchCase: c.isWatchCase ?? false,
      isWristband: c.isWristband ?? false,
      imageKind: productKindOf(c.id),
    })),
  );
  await db.insert(categoryTranslations).values(
    CATEGORY_SEEDS.flatMap((c) =>
      LOCALES.map((locale) => ({
        categoryId: c.id,
        locale,
        name: c.name[locale],
        path: lineage(c.id).reverse().map((a) => slugify(a.name[locale])).join("/"),
      })),
    ),
  );
  await db.insert(coupons).values(demoCoupons());
  await db.insert(sellCoupons).values(demoSellCoupons());

  const devices = deviceSpecs().slice(0, Math.ceil(options.products * 0.6));
  const specAt = (index: number): ProductSpec => devices[index] ?? mediaSpec(index - devices.length);
  for (let start = 0; start < options.products; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, options.products - start) }, (_, i) => productRows(start + i + 1, specAt(start + i)));
    await db.transaction(async (tx) => {
      await tx.insert(products).values(batch.map((b) => b.product));
      await tx.insert(productVariants).values(batch.flatMap((b) => b.variants));
      await tx.insert(productMedia).values(batch.flatMap((b) => b.media));
      await seedUnitsForCountedStock(tx as unknown as Db, { from: start + 1, to: start + batch.length });
    });
    options.onProgress?.(start + batch.length);
  }
  const relations = relationRows(devices);
  for (let start = 0; start < relations.length; start += 5000) {
    await db.insert(productRelations).values(relations.slice(start, start + 5000));
  }
  await refreshFacetGroups(db);
  await seedReviews(db, options.products);
}
