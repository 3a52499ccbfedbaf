import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productVariants } from "../../../db/schema/catalogue.ts";
import { setupMailJobsApp } from "../../../test/mail-jobs-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const harness = setupMailJobsApp();
const { app, database, jobs, subjectsTo, troubledJobs } = harness;
const fixtures = sellFixtures(app, database);
const { call, newCustomer } = fixtures;

/** The cheapest grade in stock of a product: the price its list and wishlist show. */
async function cheapestInStock(productId: number) {
  const rows = await database()
    .db.select({ label: productVariants.label, price: productVariants.price })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), gt(productVariants.quantity, 0)))
    .orderBy(productVariants.price);
  return rows[0]!;
}

describe("price drops by staff", () => {
  it("mail a wished product's price drop once, whether a rule lowered it or a price set by hand", async () => {
    const desk = await newStaffMember(fixtures, database(), "drops@example.com", ["finance"]);
    const [product] = await database().db.select({ id: products.id }).from(products).where(eq(products.categoryId, 1102)).orderBy(products.id).limit(1);
    const id = product!.id;
    const customer = await newCustomer("wisher@example.com");
    await call("PUT", "/api/watchlist/" + id, customer);
    const drops = () => subjectsTo("wisher@example.com").filter((s) => s?.includes("günstiger"));
    // The start's sweep runs now; the next one waits for the next minute, which the test's clock never reaches: only a change's own sweep mails.
    await jobs().drain();
    expect(drops()).toHaveLength(0);

    // A rule that prices every grade at 30 % of the new price, without a floor: cheaper than today.
    const cheapest = await cheapestInStock(id);
    const rule = (await call("POST", "/api/ops/price-rules", desk, { name: "Pixel sale", categoryId: 1102, shares: { NEW: 300, A0: 300, A1: 300, A2: 300, A3: 300, A4: 300 }, minMarginCents: null })).json();
    const preview = (await call("GET", `/api/ops/price-rules/${rule.id}/preview`, desk)).json();
    const applied = await call("POST", `/api/ops/price-rules/${rule.id}/apply`, desk, { fingerprint: preview.fingerprint, confirmBelowPurchasePrice: true });
    expect(applied.json()).toMatchObject({ replayed: false });
    expect((await cheapestInStock(id)).price).toBeLessThan(cheapest.price);
    await jobs().drain();
    expect(drops()).toHaveLength(1);
    await jobs().drain();
    expect(drops()).toHaveLength(1);

    const now = await cheapestInStock(id);
    await call("PUT", `/api/ops/prices/products/${id}/overrides/${now.label}`, desk, { price: now.price - 500, confirmBelowPurchasePrice: true });
    await jobs().drain();
    expect(drops()).toHaveLength(2);
    expect(await troubledJobs()).toEqual([]);
  });
});
