import { FULL_BATTERY_CATEGORY_ID, GRADES, gradeHasFullBatteryOption } from "../../domain/catalogue/grades.ts";
import { lowestInStockPrice } from "../../domain/catalogue/variants.ts";
import { slugify } from "../../domain/routing/paths.ts";
import type { coupons, productMedia, productRelations, products, productVariants } from "../schema/catalogue.ts";
import { ancestorIds, LEAF_CATEGORIES, type SeedCategory } from "./categories.ts";
import { asin, ean13, isbn13 } from "./identifiers.ts";
import { MEDIA_ITEMS } from "./media-names.ts";
import { DEVICE_MODELS, watchSizeGroup, type DeviceModel } from "./models.ts";
import { Random, WeightedPicker } from "./random.ts";
import { description, type TextGroup } from "./texts.ts";

export type ProductRow = typeof products.$inferInsert;
export type VariantRow = Required<typeof productVariants.$inferInsert>;
export type MediaRow = typeof productMedia.$inferInsert;
export type RelationRow = typeof productRelations.$inferInsert;

/** One product with everything that hangs off it. Relations only point at ids ≤ its own, so a batch can be written as soon as it is full. */
export interface GeneratedProduct {
  product: ProductRow;
  variants: VariantRow[];
  media: MediaRow[];
  relations: RelationRow[];
}

export const DEFAULT_SEED = 20260101;

/** Fixed dates, so "currently valid" stays true for years and the others stay expired / upcoming. */
export const COUPONS: (typeof coupons.$inferInsert)[] = [
  { code: "WELCOME10", percentOff: 10, validFrom: "2026-01-01", validTo: "2027-12-31" },
  { code: "REFURB15", percentOff: 15, validFrom: "2025-06-01", validTo: "2028-06-30" },
  { code: "SUMMER24", percentOff: 20, validFrom: "2024-06-01", validTo: "2024-08-31" },
  { code: "FUTURE30", percentOff: 30, validFrom: "2030-01-01", validTo: "2030-12-31" },
];
const COUPON_WEIGHTS: Record<string, number> = { WELCOME10: 4, REFURB15: 2, SUMMER24: 2, FUTURE30: 2 };

/** Share of all products per leaf category, in percent (electronics about three quarters). */
const SHARES: Record<number, number> = {
  1112: 16, 1113: 8, 1114: 4, 1210: 6, 1211: 3, 1294: 5, 1295: 5, 1296: 3, 1310: 5, 1311: 5, 1312: 2,
  1410: 2, 1411: 1.5, 1412: 1.5, 1500: 3, 1610: 3, 1611: 3,
  2110: 6, 2111: 3, 2112: 2, 2210: 4, 2211: 2, 2310: 2, 2311: 2, 2410: 2, 2411: 2,
};

interface Leaf {
  category: SeedCategory;
  models: DeviceModel[];
  /** Families are picked, not products, so big families get proportionally less weight. */
  familyWeight: number;
}

const LEAVES: Leaf[] = LEAF_CATEGORIES.map((category) => {
  const models = DEVICE_MODELS[category.id] ?? [];
  const familySize = models.length
    ? models.reduce((sum, m) => sum + m.storages.length * m.colours.length, 0) / models.length
    : 1;
  if (!models.length && !MEDIA_ITEMS[category.id]) throw new Error(`no product generator for category ${category.id}`);
  return { category, models, familyWeight: (SHARES[category.id] ?? 1) / familySize };
});

/** What varies between products; everything else is derived in buildProduct. */
interface Spec {
  category: SeedCategory;
  brand: string;
  name: string;
  by: string;
  propRom: string | null;
  propColor: string | null;
  priceCents: number;
  attributes: Record<string, string>;
  /** Earlier members of the same family this product relates to. */
  relations: RelationRow[];
}

/**
 * Links products of one kind (phones → chargers, cases → bands) to recently generated targets.
 * Sources that come before any target wait in `pending` and are linked when targets appear.
 */
class LinkPool {
  private readonly recent = new Map<string, number[]>();
  private readonly pending = new Map<string, { id: number; links: number }[]>();

  constructor(
    private readonly kind: RelationRow["kind"],
    private readonly perSource: number,
  ) {}

  source(id: number, key: string, rng: Random): RelationRow[] {
    const targets = rng.sample(this.recent.get(key) ?? [], this.perSource);
    const waiting = this.pending.get(key) ?? [];
    if (targets.length < this.perSource && waiting.length < 1000) waiting.push({ id, links: targets.length });
    this.pending.set(key, waiting);
    return targets.map((t, position) => ({ productId: id, relatedProductId: t, kind: this.kind, position }));
  }

  target(id: number, key: string): RelationRow[] {
    const recent = this.recent.get(key) ?? [];
    recent.push(id);
    if (recent.length > 24) recent.shift();
    this.recent.set(key, recent);
    const waiting = this.pending.get(key) ?? [];
    const rows = waiting.map((w) => ({ productId: w.id, relatedProductId: id, kind: this.kind, position: w.links++ }));
    this.pending.set(key, waiting.filter((w) => w.links < this.perSource));
    return rows;
  }
}

function* deviceFamily(leaf: Leaf, model: DeviceModel, firstId: number): Generator<Spec> {
  const { storages, colours } = model;
  for (const [si, storage] of storages.entries()) {
    for (const [ci, colour] of colours.entries()) {
      const id = firstId + si * colours.length + ci;
      const relations: RelationRow[] = [];
      // Link to earlier members both ways; later members link back to this one themselves.
      const link = (other: number, kind: RelationRow["kind"], own: number, theirs: number) => {
        relations.push({ productId: id, relatedProductId: other, kind, position: theirs });
        relations.push({ productId: other, relatedProductId: id, kind, position: own });
      };
      for (let sj = 0; sj < si; sj++) link(firstId + sj * colours.length + ci, "storage", si, sj);
      for (let cj = 0; cj < ci; cj++) link(firstId + si * colours.length + cj, "colour", ci, cj);
      const step = Math.round((model.price * 0.14) / 10) * 10;
      yield {
        category: leaf.category,
        brand: model.brand,
        name: [model.brand, model.model, ...(model.short ? [] : [storage, colour])].filter(Boolean).join(" "),
        by: model.brand,
        propRom: storage,
        propColor: colour,
        priceCents: (model.price + si * step) * 100,
        attributes: { ...model.attributes, year: String(model.year) },
        relations,
      };
    }
  }
}

const EAN_PREFIX: Record<string, string> = { Apple: "019", Samsung: "880", Google: "084", Sony: "471", Microsoft: "088", Nintendo: "045", cd: "060", film: "505", game: "371" };
const GRADE_FACTORS = [0.92, 0.82, 0.76, 0.7, 0.64, 0.58];
const CREATED_FROM = Date.UTC(2024, 0, 1);
const CREATED_TO = Date.UTC(2026, 9, 1);

const toPrice = (cents: number) => Math.max(99, Math.round(cents / 100) * 100 - 1);

function textGroup(category: SeedCategory): TextGroup {
  switch (category.kind) {
    case "book": return "book";
    case "cd": return "music";
    case "film": return "film";
    case "game": return "game";
    default: return category.isAccessory ? "accessory" : "device";
  }
}

function buildProduct(id: number, spec: Spec, rng: Random, couponPicker: WeightedPicker<string>): GeneratedProduct {
  const { category } = spec;
  const kind = category.kind;
  const electronics = category.rootKind === "electronics";
  const bluePrice = Math.round(spec.priceCents);

  const outOfStock = rng.chance(0.05);
  let previous = Infinity;
  const variants: VariantRow[] = GRADES.map((label, i) => {
    const jitter = 1 + (rng.float() - 0.5) * 0.04;
    const price = Math.max(49, Math.min(toPrice(bluePrice * (GRADE_FACTORS[i] ?? 0.5) * jitter), previous - 100));
    previous = price;
    const quantity = outOfStock || rng.chance(label === "NEW" ? 0.4 : 0.2) ? 0 : rng.int(1, label === "NEW" ? 5 : 12);
    const fullBattery = category.id === FULL_BATTERY_CATEGORY_ID && gradeHasFullBatteryOption(label);
    return {
      productId: id,
      label,
      price,
      quantity,
      fullBatteryQuantity: fullBattery ? rng.int(0, quantity) : 0,
      fullBatteryPrice: fullBattery ? 2900 : 0,
    };
  });
  const a0 = variants[1]?.price ?? bluePrice;

  const language = spec.attributes.language;
  const isBook = kind === "book";
  const product: ProductRow = {
    id,
    name: spec.name,
    slug: slugify(spec.name),
    brand: spec.brand,
    categoryId: category.id,
    groupIds: ancestorIds(category.id),
    propRom: spec.propRom,
    propColor: spec.propColor,
    ean: isBook ? null : ean13(EAN_PREFIX[spec.brand] ?? EAN_PREFIX[kind ?? ""] ?? "400", id),
    isbn: isBook ? isbn13(language === "German" ? "3" : "1", id) : null,
    asin: rng.chance(0.3) ? asin(id) : null,
    attributes: spec.attributes,
    description: description(textGroup(category), spec.name, spec.by),
    chargerCompatible: kind === "smartphone" || kind === "tablet",
    assemblySplit: (kind === "smartphone" || kind === "tablet") && rng.chance(0.3),
    allowedPurchase: rng.chance(0.95),
    purchaseStop: rng.chance(0.03),
    offeredByLibriOnly: isBook && rng.chance(0.2),
    onSale: rng.chance(0.15),
    couponCode: rng.chance(0.1) ? couponPicker.pick(rng) : null,
    priceMin: lowestInStockPrice(variants),
    bluePrice,
    pricePurchase: electronics ? Math.round((a0 * 0.6) / 50) * 50 : Math.max(10, Math.round((a0 * 0.2) / 10) * 10),
    insurancePrice: electronics && !category.isAccessory ? Math.max(499, toPrice(bluePrice * 0.08)) : null,
    popularity: Math.floor(rng.float() ** 3 * 10000),
    createdAt: new Date(CREATED_FROM + Math.floor(rng.float() * (CREATED_TO - CREATED_FROM) / 60000) * 60000).toISOString(),
  };

  const media: MediaRow[] = [];
  const images = rng.int(3, 4);
  for (let position = 0; position < images; position++) {
    const url = `/media/products/${id}/${position}.svg`;
    media.push({ productId: id, position, contentType: "image/svg+xml", isVideo: false, url, thumbnailUrl: `${url}?size=thumb` });
  }
  if (electronics && !category.isAccessory && rng.chance(0.06)) {
    media.push({
      productId: id,
      position: images,
      contentType: "video/mp4",
      isVideo: true,
      url: `/media/products/${id}/video.mp4`,
      thumbnailUrl: `/media/products/${id}/0.svg?size=thumb`,
    });
  }
  return { product, variants, media, relations: spec.relations };
}

/**
 * The demo catalogue, product by product with ids 1..count. Pure and deterministic: the same
 * seed gives the same products, and a smaller count gives a prefix of a larger one.
 */
export function* generateProducts(count: number, seed = DEFAULT_SEED): Generator<GeneratedProduct> {
  const rng = new Random(seed);
  const leafPicker = new WeightedPicker(LEAVES, (l) => l.familyWeight);
  const couponPicker = new WeightedPicker(Object.keys(COUPON_WEIGHTS), (c) => COUPON_WEIGHTS[c] ?? 0);
  const modelCursor = new Map<number, number>();
  const accessories = new LinkPool("accessory", 3);
  const wristbands = new LinkPool("wristband", 4);
  let nextId = 1;
  let opening = 0;
  while (nextId <= count) {
    // First one family per leaf, so even a small catalogue has every category; then by weight.
    const leaf = opening < LEAVES.length ? LEAVES[opening++]! : leafPicker.pick(rng);
    let family: Iterable<Spec>;
    if (leaf.models.length) {
      const turn = modelCursor.get(leaf.category.id) ?? 0;
      modelCursor.set(leaf.category.id, turn + 1);
      family = deviceFamily(leaf, leaf.models[turn % leaf.models.length]!, nextId);
    } else {
      const item = MEDIA_ITEMS[leaf.category.id]!(rng);
      family = [{ ...item, category: leaf.category, propRom: null, propColor: null, priceCents: Math.round(item.price * 100), relations: [] }];
    }
    for (const spec of family) {
      if (nextId > count) break;
      const id = nextId++;
      const c = spec.category;
      if (c.kind === "smartphone" || c.kind === "tablet") spec.relations.push(...accessories.source(id, "any", rng));
      if (c.kind === "charger" || c.kind === "cable") spec.relations.push(...accessories.target(id, "any"));
      if (c.isWatchCase) spec.relations.push(...wristbands.source(id, watchSizeGroup(spec.attributes), rng));
      if (c.isWristband) spec.relations.push(...wristbands.target(id, watchSizeGroup(spec.attributes)));
      yield buildProduct(id, spec, rng, couponPicker);
    }
  }
}
