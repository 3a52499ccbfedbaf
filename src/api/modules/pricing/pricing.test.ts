import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../db/client.ts";
import { products, productVariants } from "../../../db/schema/catalogue.ts";
import { auditLog } from "../../../db/schema/staff.ts";
import { intakeUnit } from "../../../db/units.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { ninetyNineAtLeast, nearestNinetyNine } from "../../../domain/pricing/price-rules.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { PERFECT_DEVICE, sellFixtures } from "../../../test/sell-fixtures.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const fixtures = sellFixtures(app, database);
const { call, newCustomer } = fixtures;

let financeSession: Promise<Cookies> | undefined;
const finance = async () => ({ ...(await (financeSession ??= newStaffMember(fixtures, database(), "prices@example.com", ["finance"]))) });
const errorsOf = (res: { json: () => { errors: { code: string; reference: string }[] } }) => res.json().errors.map((e) => [e.code, e.reference]);

type Change = { productId: number; grade: Grade; oldPrice: { amount: number }; newPrice: { amount: number }; floorApplied: boolean; belowPurchasePrice: boolean; purchasePrice: { amount: number } | null };

/** Every page of a rule's preview: its counts, fingerprint and all its changes. */
async function fullPreview(desk: Cookies, ruleId: number) {
  const first = (await call("GET", `/api/ops/price-rules/${ruleId}/preview`, desk)).json();
  const items: Change[] = [...first.items];
  for (let page = 2; page <= first.totalPages; page += 1) items.push(...(await call("GET", `/api/ops/price-rules/${ruleId}/preview?page=${page}`, desk)).json().items);
  return { ...first, items } as { fingerprint: string; counts: Record<string, number>; total: number; items: Change[] };
}

async function createRule(desk: Cookies, body: object): Promise<number> {
  const res = await call("POST", "/api/ops/price-rules", desk, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function pricesOf(productIds: number[]) {
  const rows = await database().db.select().from(productVariants).where(inArray(productVariants.productId, productIds));
  return new Map(rows.map((r) => [`${r.productId}/${r.label}`, r]));
}

async function productsOf(categoryId: number) {
  return database()
    .db.select({ id: products.id, bluePrice: products.bluePrice, priceMin: products.priceMin })
    .from(products)
    .where(sql`${products.groupIds} @> array[${categoryId}]::int[]`)
    .orderBy(products.id);
}

/** A unit that cost this much comes into stock (as a supplier's delivery). */
async function expensiveUnit(productId: number, grade: Grade, purchasePrice: number) {
  await database().db.transaction((tx) => intakeUnit(tx as unknown as Db, { productId, grade, purchasePrice, source: "supplier" }, { event: "delivery", actor: "test" }));
}

const auditOf = (action: string, entityId: string) => database().db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe("price rules", () => {
  it("are created, listed, changed and deleted by finance, each change audited; other roles and customers are refused", async () => {
    const desk = await finance();
    const body = { name: " Pixel summer ", categoryId: 1102, shares: { A0: 860, A1: 800 }, minMarginCents: 2_000 };
    const created = await call("POST", "/api/ops/price-rules", desk, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: "Pixel summer", categoryId: 1102, categoryName: "Google Pixel", shares: { A0: 860, A1: 800 }, minMarginCents: 2_000, lastApplied: null });
    expect((await call("GET", "/api/ops/price-rules", desk)).json().rules.map((r: { id: number }) => r.id)).toContain(id);
    const changed = await call("PUT", `/api/ops/price-rules/${id}`, desk, { ...body, shares: { A4: 500 }, minMarginCents: null, categoryId: null });
    expect(changed.json()).toMatchObject({ id, shares: { A4: 500 }, minMarginCents: null, categoryId: null, categoryName: null });
    expect((await call("GET", `/api/ops/price-rules/${id}`, desk)).json()).toMatchObject({ shares: { A4: 500 } });
    expect((await call("DELETE", `/api/ops/price-rules/${id}`, desk)).statusCode).toBe(204);
    expect(errorsOf(await call("GET", `/api/ops/price-rules/${id}`, desk))).toEqual([["PRICE_RULE_NOT_FOUND", "params.ruleId"]]);
    expect((await call("DELETE", `/api/ops/price-rules/${id}`, desk)).statusCode).toBe(404);

    const audit = await database().db.select().from(auditLog).where(and(eq(auditLog.entityType, "price_rule"), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id);
    expect(audit.map((r) => [r.action, r.actorEmail])).toEqual([
      ["price_rule.create", "prices@example.com"],
      ["price_rule.update", "prices@example.com"],
      ["price_rule.delete", "prices@example.com"],
    ]);
    expect(audit[1]).toMatchObject({ before: expect.objectContaining({ shares: { A0: 860, A1: 800 } }), after: expect.objectContaining({ shares: { A4: 500 } }) });

    const support = await newStaffMember(fixtures, database(), "rules-support@example.com", ["support"]);
    expect(errorsOf(await call("GET", "/api/ops/price-rules", support))).toEqual([["ROLE_REQUIRED", "session"]]);
    expect((await call("POST", "/api/ops/price-rules", support, body)).statusCode).toBe(403);
    expect((await call("GET", "/api/ops/prices/products/1", support)).statusCode).toBe(403);
    const customer = await newCustomer("rules-customer@example.com");
    expect((await call("GET", "/api/ops/price-rules", customer)).statusCode).toBe(404);
    expect((await call("POST", "/api/ops/price-rules/1/apply", {}, { fingerprint: "0".repeat(64) })).statusCode).toBe(404);
  });

  it("refuses bad input field by field, and creates nothing", async () => {
    const desk = await finance();
    const good = { name: "Rule", categoryId: null, shares: { A1: 800 }, minMarginCents: 0 };
    const refused = async (body: object) => {
      const res = await call("POST", "/api/ops/price-rules", desk, body);
      expect(res.statusCode).toBe(400);
      return errorsOf(res);
    };
    const before = (await call("GET", "/api/ops/price-rules", desk)).json().rules.length;
    expect(await refused({ ...good, name: "Bad\u0000name" })).toEqual([["VALIDATION_FAILED", "body.name"]]);
    expect(await refused({ ...good, name: "  " })).toEqual([["VALIDATION_FAILED", "body.name"]]);
    expect(await refused({ ...good, shares: { A1: 0, A2: 1001, A3: 80.5 } })).toEqual([
      ["VALIDATION_FAILED", "body.shares.A1"],
      ["VALIDATION_FAILED", "body.shares.A2"],
      ["VALIDATION_FAILED", "body.shares.A3"],
    ]);
    expect(await refused({ ...good, shares: {} })).toEqual([["VALIDATION_FAILED", "body.shares"]]);
    // An unknown grade, and so no share of a known one: both said of the shares.
    expect(new Set((await refused({ ...good, shares: { B7: 100 } })).map(String))).toEqual(new Set(["VALIDATION_FAILED,body.shares"]));
    expect(await refused({ ...good, minMarginCents: -1 })).toEqual([["VALIDATION_FAILED", "body.minMarginCents"]]);
    expect(await refused({ ...good, categoryId: "1102" })).toEqual([["VALIDATION_FAILED", "body.categoryId"]]);
    expect(await refused({ ...good, categoryId: 999_999 })).toEqual([["CATEGORY_DOESNT_EXIST", "body.categoryId"]]);
    expect((await call("GET", "/api/ops/price-rules", desk)).json().rules.length).toBe(before);
    expect(errorsOf(await call("GET", "/api/ops/price-rules/abc/preview", desk))).toEqual([["VALIDATION_FAILED", "params.ruleId"]]);
    const id = await createRule(desk, good);
    expect(errorsOf(await call("POST", `/api/ops/price-rules/${id}/apply`, desk, { fingerprint: "not-a-preview" }))).toEqual([["VALIDATION_FAILED", "body.fingerprint"]]);
    expect(errorsOf(await call("POST", `/api/ops/price-rules/${id}/apply`, desk, {}))).toEqual([["VALIDATION_FAILED", "body.fingerprint"]]);
    await call("DELETE", `/api/ops/price-rules/${id}`, desk);
  });

  it("apply does exactly what the preview showed, in one audited change; the same apply again changes nothing", async () => {
    const desk = await finance();
    const category = 1104;
    const inCategory = await productsOf(category);
    const ids = inCategory.map((p) => p.id);
    const before = await pricesOf(ids);
    const ruleId = await createRule(desk, { name: "Android tablets", categoryId: category, shares: { A1: 750, A3: 550 }, minMarginCents: 1_000 });

    const preview = await fullPreview(desk, ruleId);
    expect(preview.total).toBe(preview.items.length);
    expect(preview.counts).toMatchObject({ considered: ids.length * 2, changed: preview.total, overridden: 0, belowPurchasePrice: 0 });
    expect(preview.total).toBeGreaterThan(0);
    for (const change of preview.items) {
      const product = inCategory.find((p) => p.id === change.productId)!;
      const share = change.grade === "A1" ? 750 : 550;
      const target = nearestNinetyNine(Math.round((product.bluePrice * share) / 1000));
      expect(change.oldPrice.amount).toBe(before.get(`${change.productId}/${change.grade}`)!.price);
      expect(change.newPrice.amount).toBe(change.floorApplied ? ninetyNineAtLeast(change.purchasePrice!.amount + 1_000) : target);
    }

    const applied = await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ ruleId, replayed: false, changed: preview.counts.changed, raised: preview.counts.raised, lowered: preview.counts.lowered });

    const after = await pricesOf(ids);
    const changedKeys = new Set(preview.items.map((c) => `${c.productId}/${c.grade}`));
    for (const change of preview.items) expect(after.get(`${change.productId}/${change.grade}`)!.price).toBe(change.newPrice.amount);
    for (const [key, row] of before) if (!changedKeys.has(key)) expect(after.get(key)!.price).toBe(row.price);
    // The products' cheapest in-stock price follows the variants.
    for (const product of await productsOf(category)) {
      const inStock = [...after.values()].filter((v) => v.productId === product.id && v.quantity > 0).map((v) => v.price);
      expect(product.priceMin).toBe(inStock.length > 0 ? Math.min(...inStock) : null);
    }

    const [audit, ...more] = await auditOf("price_rule.apply", String(ruleId));
    expect(more).toEqual([]);
    expect(audit!.after).toMatchObject({ changed: preview.total, confirmedBelowPurchasePrice: false });
    expect((audit!.after as { changes: unknown[] }).changes).toEqual(preview.items.map((c) => [c.productId, c.grade, c.oldPrice.amount, c.newPrice.amount, c.purchasePrice?.amount ?? null]));

    // Sent again (a double click, a retry): the first apply's answer, nothing changed, no second audit row.
    const again = await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint });
    expect(again.json()).toMatchObject({ replayed: true, changed: preview.total, appliedAt: applied.json().appliedAt });
    expect(await auditOf("price_rule.apply", String(ruleId))).toHaveLength(1);
    const nothingLeft = await fullPreview(desk, ruleId);
    expect(nothingLeft.counts).toMatchObject({ changed: 0, unchanged: ids.length * 2 });
    expect((await call("GET", `/api/ops/price-rules/${ruleId}`, desk)).json().lastApplied).toMatchObject({ changed: preview.total });
  });

  it("keeps prices above the dearest unit in stock plus the margin, and leaves prices set by hand alone", async () => {
    const desk = await finance();
    const [product, other] = await productsOf(1105);
    await expensiveUnit(product!.id, "A2", 90_000_00);
    await call("PUT", `/api/ops/prices/products/${other!.id}/overrides/A2`, desk, { price: 12_345, confirmBelowPurchasePrice: true });
    const ruleId = await createRule(desk, { name: "Windows laptops", categoryId: 1105, shares: { A2: 100 }, minMarginCents: 5_000 });
    const preview = await fullPreview(desk, ruleId);
    const floored = preview.items.find((c) => c.productId === product!.id)!;
    expect(floored).toMatchObject({ grade: "A2", floorApplied: true, belowPurchasePrice: false, purchasePrice: { amount: 90_000_00 }, newPrice: { amount: ninetyNineAtLeast(90_050_00) } });
    expect(preview.items.find((c) => c.productId === other!.id)).toBeUndefined();
    expect(preview.counts.overridden).toBe(1);
    expect((await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint })).statusCode).toBe(200);
    expect((await pricesOf([other!.id])).get(`${other!.id}/A2`)!.price).toBe(12_345);
  });

  it("needs a confirmation to set a price below what a unit in stock cost, and logs it", async () => {
    const desk = await finance();
    const [product] = await productsOf(1295);
    await expensiveUnit(product!.id, "A4", 5_000_00);
    const ruleId = await createRule(desk, { name: "MacBook Pro clearance", categoryId: 1295, shares: { A4: 50 }, minMarginCents: null });
    const preview = await fullPreview(desk, ruleId);
    expect(preview.counts.belowPurchasePrice).toBeGreaterThanOrEqual(1);
    expect(preview.items.find((c) => c.productId === product!.id)).toMatchObject({ belowPurchasePrice: true, floorApplied: false });
    const before = await pricesOf([product!.id]);

    const refused = await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint });
    expect([refused.statusCode, ...errorsOf(refused)]).toEqual([409, ["PRICE_BELOW_PURCHASE_PRICE", "body.confirmBelowPurchasePrice"]]);
    expect((await pricesOf([product!.id])).get(`${product!.id}/A4`)!.price).toBe(before.get(`${product!.id}/A4`)!.price);
    expect(await auditOf("price_rule.apply", String(ruleId))).toEqual([]);

    const confirmed = await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint, confirmBelowPurchasePrice: true });
    expect(confirmed.json()).toMatchObject({ belowPurchasePrice: preview.counts.belowPurchasePrice });
    const [audit] = await auditOf("price_rule.apply", String(ruleId));
    expect(audit!.after).toMatchObject({ confirmedBelowPurchasePrice: true, belowPurchasePrice: preview.counts.belowPurchasePrice });

    // By hand too: refused without the confirmation, audited with it.
    const below = { price: 100_00 };
    expect(errorsOf(await call("PUT", `/api/ops/prices/products/${product!.id}/overrides/A4`, desk, below))).toEqual([["PRICE_BELOW_PURCHASE_PRICE", "body.confirmBelowPurchasePrice"]]);
    expect((await call("PUT", `/api/ops/prices/products/${product!.id}/overrides/A4`, desk, { ...below, confirmBelowPurchasePrice: true })).statusCode).toBe(200);
    const [set] = await auditOf("price_override.set", `${product!.id}/A4`);
    expect(set).toMatchObject({ actorEmail: "prices@example.com", after: expect.objectContaining({ price: 100_00, belowPurchasePrice: true, confirmedBelowPurchasePrice: true, purchasePrice: 5_000_00 }) });
  });

  it("refuses an apply whose preview is no longer true", async () => {
    const desk = await finance();
    const [product] = await productsOf(14);
    const ruleId = await createRule(desk, { name: "Consoles", categoryId: 14, shares: { A0: 900 }, minMarginCents: 0 });
    const preview = await fullPreview(desk, ruleId);
    // Someone sets a price by hand meanwhile: the change set is another one.
    await call("PUT", `/api/ops/prices/products/${product!.id}/overrides/A0`, desk, { price: 77_777, confirmBelowPurchasePrice: true });
    const stale = await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint });
    expect([stale.statusCode, ...errorsOf(stale)]).toEqual([409, ["PRICE_PREVIEW_OUTDATED", "body.fingerprint"]]);
    const fresh = await fullPreview(desk, ruleId);
    expect((await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: fresh.fingerprint })).statusCode).toBe(200);
    // An edited rule is another preview too.
    await call("PUT", `/api/ops/price-rules/${ruleId}`, desk, { name: "Consoles", categoryId: 14, shares: { A0: 850 }, minMarginCents: 0 });
    expect((await call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: fresh.fingerprint })).statusCode).toBe(409);
  });
});

describe("a product's prices", () => {
  it("shows each grade's price, what its units cost and the margin; a price by hand is set, audited and handed back", async () => {
    const desk = await finance();
    const [product] = await productsOf(15);
    const id = product!.id;
    const view = (await call("GET", `/api/ops/prices/products/${id}`, desk)).json();
    expect(view.grades.map((g: { grade: string }) => g.grade)).toEqual(["NEW", "A0", "A1", "A2", "A3", "A4"]);
    for (const g of view.grades) {
      if (g.inStock === 0) expect([g.purchasePrice, g.margin]).toEqual([null, null]);
      else expect(g.margin.amount).toBe(g.price.amount - g.purchasePrice.highest.amount);
    }
    const set = await call("PUT", `/api/ops/prices/products/${id}/overrides/A1`, desk, { price: 99_999 });
    expect(set.json().grades.find((g: { grade: string }) => g.grade === "A1")).toMatchObject({ price: { amount: 99_999 }, override: { amount: 99_999 } });
    const removed = await call("DELETE", `/api/ops/prices/products/${id}/overrides/A1`, desk);
    expect(removed.json().grades.find((g: { grade: string }) => g.grade === "A1")).toMatchObject({ price: { amount: 99_999 }, override: null });
    expect(errorsOf(await call("DELETE", `/api/ops/prices/products/${id}/overrides/A1`, desk))).toEqual([["PRICE_OVERRIDE_NOT_FOUND", "params.grade"]]);
    expect((await auditOf("price_override.remove", `${id}/A1`)).map((r) => r.before)).toEqual([{ price: 99_999, override: 99_999 }]);

    expect(errorsOf(await call("PUT", `/api/ops/prices/products/${id}/overrides/B1`, desk, { price: 100 }))).toEqual([["VALIDATION_FAILED", "params.grade"]]);
    expect(errorsOf(await call("PUT", `/api/ops/prices/products/${id}/overrides/A1`, desk, { price: 0 }))).toEqual([["VALIDATION_FAILED", "body.price"]]);
    expect(errorsOf(await call("PUT", `/api/ops/prices/products/${id}/overrides/A1`, desk, { price: 10.5 }))).toEqual([["VALIDATION_FAILED", "body.price"]]);
    expect(errorsOf(await call("PUT", "/api/ops/prices/products/99999999/overrides/A1", desk, { price: 100 }))).toEqual([["PRODUCT_DOESNT_EXIST", "params.productId"]]);
    expect((await call("GET", "/api/ops/prices/products/99999999", desk)).statusCode).toBe(404);

    const found = (await call("GET", `/api/ops/prices/products?q=${id}`, desk)).json();
    expect(found.items[0]).toMatchObject({ id });
    expect(errorsOf(await call("GET", "/api/ops/prices/products?q=%00", desk))).toEqual([["VALIDATION_FAILED", "query.q"]]);
  });

  it("trade-in offers pay the purchase prices staff set per grade, the others their share; kept in order, audited", async () => {
    const desk = await finance();
    const phone = await fixtures.phone(30_000);
    const offerFor = async (display: string) => (await call("POST", `/api/trade-in/products/${phone}/offer`, {}, { answers: { ...PERFECT_DEVICE, display } })).json();
    expect((await offerFor("flawless")).price.amount).toBe(30_000);

    const view = (await call("GET", `/api/ops/prices/products/${phone}`, desk)).json();
    expect(view.purchasePrices.map((p: { grade: string; price: { amount: number }; set: boolean }) => [p.grade, p.price.amount, p.set])).toEqual([
      ["A0", 30_000, false],
      ["A1", 27_000, false],
      ["A2", 23_400, false],
      ["A3", 19_200, false],
      ["A4", 14_400, false],
      ["DEFECT", 4_500, false],
    ]);
    const saved = await call("PUT", `/api/ops/prices/products/${phone}/purchase-prices`, desk, { prices: { A0: 32_000, A2: 20_000, A3: null } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().purchasePrices.slice(0, 3)).toEqual([
      { grade: "A0", price: { amount: 32_000, currency: "EUR" }, computed: { amount: 30_000, currency: "EUR" }, set: true },
      { grade: "A1", price: { amount: 27_000, currency: "EUR" }, computed: { amount: 27_000, currency: "EUR" }, set: false },
      { grade: "A2", price: { amount: 20_000, currency: "EUR" }, computed: { amount: 23_400, currency: "EUR" }, set: true },
    ]);
    expect((await offerFor("flawless")).price.amount).toBe(32_000);
    expect((await offerFor("faint")).price.amount).toBe(27_000);
    expect((await offerFor("light")).price.amount).toBe(20_000);
    const [named] = await database().db.select({ name: products.name }).from(products).where(eq(products.id, phone));
    const search = (await call("GET", `/api/trade-in/search?query=${encodeURIComponent(named!.name)}`, {})).json();
    expect(search.items.find((i: { id: number }) => i.id === phone)).toMatchObject({ maxPayout: 32_000 });

    const refused = async (prices: object) => errorsOf(await call("PUT", `/api/ops/prices/products/${phone}/purchase-prices`, desk, { prices }));
    expect(await refused({ A3: 25_000 })).toEqual([["PURCHASE_PRICES_OUT_OF_ORDER", "body.prices.A3"]]);
    expect(await refused({ A1: 12_345 })).toEqual([["VALIDATION_FAILED", "body.prices.A1"]]);
    expect(await refused({ A1: -10 })).toEqual([["VALIDATION_FAILED", "body.prices.A1"]]);
    expect(await refused({ Z9: 100 })).toEqual([["VALIDATION_FAILED", "body.prices"]]);
    const book = await fixtures.book(400);
    expect(errorsOf(await call("PUT", `/api/ops/prices/products/${book}/purchase-prices`, desk, { prices: { A4: 100, DEFECT: 50 } }))).toEqual([
      ["VALIDATION_FAILED", "body.prices.A4"],
      ["VALIDATION_FAILED", "body.prices.DEFECT"],
    ]);
    expect((await offerFor("flawless")).price.amount).toBe(32_000);
    expect((await auditOf("purchase_prices.set", String(phone))).map((r) => [r.before, r.after])).toEqual([[{}, { A0: 32_000, A2: 20_000 }]]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("applying a rule at the same time on the PostgreSQL server", () => {
  it("two applies at once make one change set, and the stock and list prices stay consistent", async () => {
    const desk = await finance();
    const category = 1101;
    const ids = (await productsOf(category)).map((p) => p.id);
    const ruleId = await createRule(desk, { name: "Galaxy", categoryId: category, shares: { NEW: 950, A0: 820, A1: 760, A2: 700 }, minMarginCents: 1_500 });
    const preview = await fullPreview(desk, ruleId);
    expect(preview.total).toBeGreaterThan(0);
    // Units come and go while the rule is applied: their moves and the apply take turns on the grades' rows.
    const [first] = ids;
    const answers = await Promise.all([
      call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint }),
      call("POST", `/api/ops/price-rules/${ruleId}/apply`, desk, { fingerprint: preview.fingerprint }),
      expensiveUnit(first!, "A3", 1_000),
    ]);
    const [a, b] = answers.slice(0, 2) as { statusCode: number; json: () => { replayed: boolean; changed: number } }[];
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect([a!.json().replayed, b!.json().replayed].sort()).toEqual([false, true]);
    expect(a!.json().changed).toBe(preview.total);
    expect(b!.json().changed).toBe(preview.total);
    expect(await auditOf("price_rule.apply", String(ruleId))).toHaveLength(1);

    const after = await pricesOf(ids);
    for (const change of preview.items) expect(after.get(`${change.productId}/${change.grade}`)!.price).toBe(change.newPrice.amount);
    for (const product of await productsOf(category)) {
      const inStock = [...after.values()].filter((v) => v.productId === product.id && v.quantity > 0).map((v) => v.price);
      expect(product.priceMin).toBe(inStock.length > 0 ? Math.min(...inStock) : null);
    }
    expect((await fullPreview(desk, ruleId)).counts.changed).toBe(0);
  });
});
