import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import { arrayLiteral, selectRows, type Db } from "../../../db/client.ts";
import { setVariantPrices } from "../../../db/product-stock.ts";
import { gradePurchasePricesOf } from "../../../db/purchase-prices.ts";
import { categories, categoryTranslations, products, productVariants } from "../../../db/schema/catalogue.ts";
import { priceRules, productPriceOverrides, productPurchasePrices, type PriceRuleApplySummary } from "../../../db/schema/pricing.ts";
import { units } from "../../../db/schema/units.ts";
import { containsText } from "../../../db/text-search.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import type { PricedVariant, PriceShares } from "../../../domain/pricing/price-rules.ts";
import type { SellGrade } from "../../../domain/selling/grading.ts";

export type PriceRuleRow = typeof priceRules.$inferSelect;
export type PriceRuleValues = { name: string; categoryId: number | null; shares: PriceShares; minMarginCents: number | null };

/** Rules a list shows at most: they are made by hand, a few per category. */
const RULE_LIMIT = 500;

/** What the units of each grade in stock cost, as columns beside its product_variants row: how many, the cheapest and the dearest (null when none is). Read by the stock index, per grade. */
function stockCostOf(aggregate: "count" | "min" | "max"): SQL<number | null> {
  const value = aggregate === "count" ? sql`count(*)` : aggregate === "min" ? sql`min(${units.purchasePrice})` : sql`max(${units.purchasePrice})`;
  return sql`(select ${value}::int from ${units} where ${units.productId} = ${productVariants.productId} and ${units.grade} = ${productVariants.label} and ${units.status} = 'in_stock')`.mapWith((v) => (v === null ? null : Number(v)));
}

/** The grades of the products in a rule's scope with a share in it, as they stand: price, override, units in stock and the dearest one's cost. At most `limit` rows. */
async function variantsInScope(db: Db, scope: { categoryId: number | null; grades: Grade[] }, limit: number): Promise<PricedVariant[]> {
  if (scope.grades.length === 0) return [];
  const rows = await db
    .select({
      productId: products.id,
      productName: products.name,
      grade: productVariants.label,
      bluePrice: products.bluePrice,
      price: productVariants.price,
      inStock: stockCostOf("count"),
      highestPurchasePrice: stockCostOf("max"),
      overridden: sql<boolean>`${productPriceOverrides.price} is not null`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(productPriceOverrides, and(eq(productPriceOverrides.productId, productVariants.productId), eq(productPriceOverrides.grade, productVariants.label)))
    .where(and(inScope(scope.categoryId), sql`${productVariants.label} = any(${arrayLiteral(scope.grades)}::grade[])`))
    .orderBy(asc(productVariants.productId), asc(productVariants.label))
    .limit(limit);
  return rows.map((r) => ({ ...r, inStock: r.inStock ?? 0, overridden: Boolean(r.overridden) }));
}

/** The products of a category and its subcategories, or every product. */
function inScope(categoryId: number | null) {
  return categoryId === null ? undefined : sql`${products.groupIds} @> ${arrayLiteral([categoryId])}::int[]`;
}

/** Statements of a price change's transaction: the rule and the variants locked, prices set through the products module's function, the audit row. */
function createPriceWriter(db: Db) {
  return {
    db,
    /** The rule, locked until the transaction ends: a second apply of it waits here and then sees the first one's prices. */
    async lockRule(id: number): Promise<PriceRuleRow | undefined> {
      const [row] = await db.select().from(priceRules).where(eq(priceRules.id, id)).for("update");
      return row;
    },
    /**
     * Locks the grades of the rule's scope in the order every unit move locks them (product, then
     * grade), so no unit enters or leaves stock meanwhile and the floor reads what stays true; then reads them.
     */
    async lockVariantsInScope(scope: { categoryId: number | null; grades: Grade[] }, limit: number): Promise<PricedVariant[]> {
      if (scope.grades.length === 0) return [];
      await selectRows(
        db,
        sql`select ${productVariants.productId} from ${productVariants} join ${products} on ${products.id} = ${productVariants.productId}
            where ${inScope(scope.categoryId) ?? sql`true`} and ${productVariants.label} = any(${arrayLiteral(scope.grades)}::grade[])
            order by ${productVariants.productId}, ${productVariants.label} limit ${limit} for update of ${productVariants}`,
      );
      return variantsInScope(db, scope, limit);
    },
    /** One grade of a product, locked, with its override and what its units in stock cost. */
    async lockVariant(productId: number, grade: Grade) {
      const [locked] = await db
        .select({ price: productVariants.price })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.label, grade)))
        .for("update");
      if (!locked) return undefined;
      const [row] = await db
        .select({ override: productPriceOverrides.price, highest: stockCostOf("max") })
        .from(productVariants)
        .leftJoin(productPriceOverrides, and(eq(productPriceOverrides.productId, productVariants.productId), eq(productPriceOverrides.grade, productVariants.label)))
        .where(and(eq(productVariants.productId, productId), eq(productVariants.label, grade)));
      return { price: locked.price, override: row?.override ?? null, highestPurchasePrice: row?.highest ?? null };
    },
    async productExists(productId: number): Promise<boolean> {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      return row !== undefined;
    },
    setPrices: (prices: readonly { productId: number; label: Grade; price: number }[]) => setVariantPrices(db, prices),
    async insertRule(values: PriceRuleValues): Promise<PriceRuleRow> {
      const [row] = await db.insert(priceRules).values(values).returning();
      return row!;
    },
    async updateRule(id: number, values: PriceRuleValues): Promise<PriceRuleRow> {
      const [row] = await db
        .update(priceRules)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(priceRules.id, id))
        .returning();
      return row!;
    },
    async deleteRule(id: number): Promise<void> {
      await db.delete(priceRules).where(eq(priceRules.id, id));
    },
    async recordApply(id: number, fingerprint: string, summary: PriceRuleApplySummary): Promise<PriceRuleRow> {
      const [row] = await db
        .update(priceRules)
        .set({ lastAppliedAt: sql`now()`, lastAppliedFingerprint: fingerprint, lastAppliedSummary: summary })
        .where(eq(priceRules.id, id))
        .returning();
      return row!;
    },
    async setOverride(productId: number, grade: Grade, price: number): Promise<void> {
      await db
        .insert(productPriceOverrides)
        .values({ productId, grade, price })
        .onConflictDoUpdate({ target: [productPriceOverrides.productId, productPriceOverrides.grade], set: { price, updatedAt: sql`now()` } });
    },
    async deleteOverride(productId: number, grade: Grade): Promise<number | undefined> {
      const [row] = await db
        .delete(productPriceOverrides)
        .where(and(eq(productPriceOverrides.productId, productId), eq(productPriceOverrides.grade, grade)))
        .returning({ price: productPriceOverrides.price });
      return row?.price;
    },
    /** The product's trade-in pricing, its purchase prices locked against a second change at once. */
    async lockPurchasePricing(productId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchase-prices:${productId}`}))`);
      return purchasePricing(db, productId);
    },
    /** Replaces the product's purchase prices per grade by these (a grade left out is paid its share). */
    async replacePurchasePrices(productId: number, prices: Partial<Record<SellGrade, number>>): Promise<void> {
      await db.delete(productPurchasePrices).where(eq(productPurchasePrices.productId, productId));
      const rows = Object.entries(prices).map(([grade, price]) => ({ productId, grade: grade as SellGrade, price: price! }));
      if (rows.length > 0) await db.insert(productPurchasePrices).values(rows);
    },
    /** Appends a staff action's audit row (db/audit-log.ts) in this transaction. */
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
  };
}
export type PriceWriter = ReturnType<typeof createPriceWriter>;

/** What a product's trade-in prices are computed from: its best-grade price, its category's kind, and staff's prices per grade. */
async function purchasePricing(db: Db, productId: number) {
  const [row] = await db
    .select({ pricePurchase: products.pricePurchase, rootKind: categories.rootKind, imageKind: categories.imageKind, gradePrices: gradePurchasePricesOf(products.id) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  return row;
}

export function createPricingRepository(db: Db) {
  return {
    inTransaction<T>(work: (writer: PriceWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createPriceWriter(tx as unknown as Db)));
    },
    variantsInScope: (scope: { categoryId: number | null; grades: Grade[] }, limit: number) => variantsInScope(db, scope, limit),
    purchasePricing: (productId: number) => purchasePricing(db, productId),

    /** Rules, the latest changed first, with their category's name in this language (or null). */
    async rules(locale: Locale, id?: number): Promise<(PriceRuleRow & { categoryName: string | null })[]> {
      const rows = await db
        .select({ rule: priceRules, categoryName: categoryTranslations.name })
        .from(priceRules)
        .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, priceRules.categoryId), eq(categoryTranslations.locale, locale)))
        .where(id === undefined ? undefined : eq(priceRules.id, id))
        .orderBy(desc(priceRules.updatedAt), desc(priceRules.id))
        .limit(RULE_LIMIT);
      return rows.map((r) => ({ ...r.rule, categoryName: r.categoryName }));
    },
    async categoryExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      return row !== undefined;
    },

    /** A page of products by id or by words of their name (most popular first), with how many grades staff priced by hand. */
    async products(q: string | undefined, offset: number, limit: number) {
      const id = q !== undefined && /^\d{1,9}$/.test(q) ? Number(q) : null;
      const where = q === undefined ? undefined : id !== null ? or(eq(products.id, id), containsText(products.name, q)) : containsText(products.name, q);
      const overrides = sql<number>`(select count(*)::int from ${productPriceOverrides} o where o.product_id = ${products.id})`;
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: products.id, name: products.name, brand: products.brand, priceMin: products.priceMin, bluePrice: products.bluePrice, overrides })
          .from(products)
          .where(where)
          // The product of that id first, then those whose name holds the number.
          .orderBy(...(id === null ? [] : [desc(sql`${products.id} = ${id}`)]), desc(products.popularity), asc(products.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r, overrides: Number(r.overrides) })), total: total?.n ?? 0 };
    },

    async product(productId: number) {
      const [row] = await db
        .select({ id: products.id, name: products.name, slug: products.slug, brand: products.brand, bluePrice: products.bluePrice, groupIds: products.groupIds })
        .from(products)
        .where(eq(products.id, productId));
      return row;
    },
    /** The product's grades: price, override, and what the units in stock cost. */
    async grades(productId: number) {
      const rows = await db
        .select({
          grade: productVariants.label,
          price: productVariants.price,
          override: productPriceOverrides.price,
          inStock: stockCostOf("count"),
          lowest: stockCostOf("min"),
          highest: stockCostOf("max"),
        })
        .from(productVariants)
        .leftJoin(productPriceOverrides, and(eq(productPriceOverrides.productId, productVariants.productId), eq(productPriceOverrides.grade, productVariants.label)))
        .where(eq(productVariants.productId, productId))
        .orderBy(asc(productVariants.label));
      return rows.map((r) => ({ ...r, inStock: r.inStock ?? 0 }));
    },
    /** The rules whose scope holds a product of these categories. */
    async rulesCovering(groupIds: number[]) {
      return db
        .select({ id: priceRules.id, name: priceRules.name, shares: priceRules.shares })
        .from(priceRules)
        .where(or(isNull(priceRules.categoryId), sql`${priceRules.categoryId} = any(${arrayLiteral(groupIds)}::int[])`))
        .orderBy(asc(priceRules.id));
    },
  };
}
export type PricingRepository = ReturnType<typeof createPricingRepository>;
