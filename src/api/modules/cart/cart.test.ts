import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productRelations, products, productVariants } from "../../../db/schema/catalogue.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { injectTransport } from "../../../ssr/inject-transport.ts";
import { withinPageRender } from "../../internal-calls.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";

const { app, database } = setupTestApp();
const CART = "reloop-cart";
type Cookies = Record<string, string>;

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookies: Cookies, payload?: unknown) {
  return app().inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function setStock(productId: number, label: Grade, quantity: number, fullBatteryQuantity = 0) {
  await database().db.update(productVariants).set({ quantity, fullBatteryQuantity }).where(and(eq(productVariants.productId, productId), eq(productVariants.label, label)));
}
/**
 * An electronics product with an insurance price, fresh for each test: stock set as the test needs.
 * Watch cases and their bands are left to the test of them, which a change here must not reach.
 */
const used = new Set<number>();
async function freshProduct(where = sql`true`): Promise<number> {
  const wristbands = database()
    .db.select({ id: productRelations.productId })
    .from(productRelations)
    .where(eq(productRelations.kind, "wristband"))
    .union(database().db.select({ id: productRelations.relatedProductId }).from(productRelations).where(eq(productRelations.kind, "wristband")));
  const rows = await database()
    .db.select({ id: products.id })
    .from(products)
    .where(and(isNotNull(products.insurancePrice), eq(products.offeredByLibriOnly, false), sql`${products.couponCode} is null`, notInArray(products.id, wristbands), where))
    .orderBy(products.id)
    .limit(200);
  const id = rows.map((r) => r.id).find((i) => !used.has(i))!;
  used.add(id);
  await setStock(id, "A1", 3);
  return id;
}
async function add(cookies: Cookies, id: number, label: Grade = "A1", extra: object = {}) {
  const res = await call("POST", "/api/cart/items", cookies, { id, name: "Phone", productVariantLabel: label, withFullBattery: false, ...extra });
  const token = res.cookies.find((c) => c.name === CART)?.value;
  if (token) cookies[CART] = token;
  return res;
}
const codeOf = (res: { json: () => { errors?: { code: string }[] } }) => res.json().errors?.[0]?.code;

describe("buy cart", () => {
  it("keeps a visitor's cart behind an HttpOnly cookie and counts it for the header", async () => {
    const cookies: Cookies = {};
    const id = await freshProduct();
    const res = await add(cookies, id);
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === CART)).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const body = res.json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ uuid: body.addedItemUuid, product: { id }, variant: { label: "A1" }, withFullBattery: false, available: true });
    expect(body.minDaysUntilDispatch).toBe(1);
    expect(body.maxDaysUntilDispatch).toBe(2);
    const meta = await call("POST", "/api/user-meta", cookies, {});
    expect(meta.json().cart).toEqual({ itemCount: 1 });
    // Another browser sees its own, empty cart.
    expect((await call("GET", "/api/cart", {})).json()).toMatchObject({ uuid: null, items: [], itemCount: 0 });
  });

  it("the header's count is read once per page render, and anew after the render's own write", async () => {
    const cookies: Cookies = {};
    const [first, second, third] = [await freshProduct(), await freshProduct(), await freshProduct()];
    await add(cookies, first);
    const transport = injectTransport(app(), { cookieHeader: `${CART}=${cookies[CART]}`, requestId: "req-render-1", address: "203.0.113.7", userAgent: undefined });
    const countOf = async () => ((await transport({ method: "POST", path: "/api/user-meta", body: {} })).body as { cart: { itemCount: number } }).cart.itemCount;
    const cartCount = async () => ((await transport({ method: "GET", path: "/api/cart" })).body as { itemCount: number }).itemCount;
    await withinPageRender(async () => {
      expect(await countOf()).toBe(1);
      // Another request's add (not this render's): the shell's count is the render's first answer; the page's cart reads its items.
      expect((await add({ ...cookies }, second)).statusCode).toBe(201);
      expect([await countOf(), await cartCount()]).toEqual([1, 2]);
      // The render's own write (an action's) is read anew, by the write itself and after it.
      const added = await transport({ method: "POST", path: "/api/cart/items", body: { id: third, name: "Phone", productVariantLabel: "A1", withFullBattery: false } });
      expect((added.body as { items: unknown[] }).items).toHaveLength(3);
      expect([await countOf(), await cartCount()]).toEqual([3, 3]);
    });
    // Outside a render, every call reads.
    expect(await countOf()).toBe(3);
  });

  it("the cart page's view reads the row with its lines, in the order added, and the render's count answers from that same read", async () => {
    const cookies: Cookies = {};
    const [first, second, third] = [await freshProduct(), await freshProduct(), await freshProduct()];
    await add(cookies, first);
    await add(cookies, second, "A1", { withFullBattery: false });
    const transport = injectTransport(app(), { cookieHeader: `${CART}=${cookies[CART]}`, requestId: "req-render-lines", address: "203.0.113.7", userAgent: undefined });
    type View = { uuid: string | null; itemCount: number; items: { product: { id: number; name: string; slug: string; categoryId: number }; variant: { label: string }; price: { amount: number } }[] };
    const view = async () => (await transport({ method: "GET", path: "/api/cart" })).body as View;
    const countOf = async () => ((await transport({ method: "POST", path: "/api/user-meta", body: {} })).body as { cart: { itemCount: number } }).cart.itemCount;
    const outside = (await call("GET", "/api/cart", cookies)).json() as View;
    await withinPageRender(async () => {
      const inRender = await view();
      // The same answer as a view read on its own: every line's product, grade and price, in the order added.
      expect(inRender).toEqual(outside);
      expect(inRender.items.map((i) => i.product.id)).toEqual([first, second]);
      expect(inRender.items[0]).toMatchObject({ product: { name: expect.any(String), slug: expect.any(String), categoryId: expect.any(Number) }, variant: { label: "A1" }, price: { amount: expect.any(Number) } });
      // Another request's add: the render keeps to what it read, its row and its lines alike.
      expect((await add({ ...cookies }, third)).statusCode).toBe(201);
      expect([await countOf(), (await view()).items.length]).toEqual([2, 2]);
    });
    await withinPageRender(async () => expect((await view()).items.map((i) => i.product.id)).toEqual([first, second, third]));

    // A row whose lines are all gone is an empty cart with its row, not a line of nothing.
    for (const item of (await call("GET", "/api/cart", cookies)).json().items as { uuid: string }[]) expect((await call("DELETE", `/api/cart/items/${item.uuid}`, cookies)).statusCode).toBe(200);
    await withinPageRender(async () => expect(await view()).toMatchObject({ uuid: outside.uuid, items: [], itemCount: 0 }));
  });

  it("answers SPEC's error codes, each from a real rule", async () => {
    const cookies: Cookies = {};
    const id = await freshProduct();
    expect(codeOf(await add(cookies, 2_000_000_000))).toBe("PRODUCT_DOESNT_EXIST");
    expect(codeOf(await add(cookies, id, "A0", { withFullBattery: true }))).toBe("PRODUCT_VARIANT_DOESNT_EXIST");
    await setStock(id, "A2", 0);
    const out = await add(cookies, id, "A2");
    expect(out.statusCode).toBe(400);
    expect(codeOf(out)).toBe("PRODUCT_VARIANT_OUT_OF_STOCK");
    await setStock(id, "A3", 1);
    expect((await add(cookies, id, "A3")).statusCode).toBe(201);
    expect(codeOf(await add(cookies, id, "A3"))).toBe("PRODUCT_VARIANT_EXHAUSTED");
    const [partnerOnly] = await database().db.update(products).set({ offeredByLibriOnly: true }).where(eq(products.id, await freshProduct())).returning({ id: products.id });
    expect(codeOf(await add(cookies, partnerOnly!.id))).toBe("PRODUCT_NOT_SALEABLE");
    const bad = await call("POST", "/api/cart/items", cookies, { id: "7", productVariantLabel: "B9" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.id", "body.productVariantLabel"]);
  });

  it("refuses a second item while an instalment coupon is applied", async () => {
    const cookies: Cookies = {};
    await add(cookies, await freshProduct());
    expect((await call("PUT", "/api/cart/coupon", cookies, { code: "zerofinance" })).statusCode).toBe(200);
    const res = await add(cookies, await freshProduct());
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe("COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED");
  });

  it("applies percent and fixed coupons with their rules, and simulates a product's coupon", async () => {
    const cookies: Cookies = {};
    const id = await freshProduct();
    await database().db.update(productVariants).set({ price: 10_000 }).where(and(eq(productVariants.productId, id), eq(productVariants.label, "A1")));
    await add(cookies, id);
    const percent = await call("PUT", "/api/cart/coupon", cookies, { code: "WELCOME10" });
    expect(percent.json()).toMatchObject({ couponCode: "WELCOME10", totals: { items: { amount: 10_000 }, discount: { amount: 1000 }, total: { amount: 9000 } } });
    expect(codeOf(await call("PUT", "/api/cart/coupon", cookies, { code: "SAVE20" }))).toBe("COUPON::MIN_ORDER_VALUE");
    expect(codeOf(await call("PUT", "/api/cart/coupon", cookies, { code: "SUMMER15" }))).toBe("COUPON::EXPIRED");
    expect(codeOf(await call("PUT", "/api/cart/coupon", cookies, { code: "NOPE" }))).toBe("COUPON::INVALID");
    const simulated = await call("POST", "/api/cart/coupon-simulation", cookies, { code: "FIRSTORDER" });
    expect(simulated.json()).toEqual({ code: "FIRSTORDER", discount: { amount: 1000, currency: "EUR" }, problem: null });
    const removed = await call("DELETE", "/api/cart/coupon", cookies);
    expect(removed.json()).toMatchObject({ couponCode: null, totals: { discount: { amount: 0 } } });
  });

  it("offers insurance for one item only, and takes it back (with a repair) when a second arrives", async () => {
    const cookies: Cookies = {};
    await add(cookies, await freshProduct());
    const insured = await call("PUT", "/api/cart/options", cookies, { insurance: true });
    expect(insured.json().insurance).toMatchObject({ offered: true, chosen: true });
    const second = await add(cookies, await freshProduct());
    expect(second.json()).toMatchObject({ repairs: ["MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE"], insurance: { chosen: false } });
    // Repaired once: the next view has nothing new to report.
    expect((await call("GET", "/api/cart", cookies)).json().repairs).toEqual([]);
    expect(codeOf(await call("PUT", "/api/cart/options", cookies, { insurance: true }))).toBe("MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE");
  });

  it("updates and removes items; another browser cannot touch them", async () => {
    const cookies: Cookies = {};
    const id = await freshProduct();
    await setStock(id, "A2", 2, 2);
    const added = (await add(cookies, id)).json();
    expect((await call("PUT", `/api/cart/items/${added.addedItemUuid}`, {}, { productVariantLabel: "A2" })).statusCode).toBe(404);
    const updated = await call("PUT", `/api/cart/items/${added.addedItemUuid}`, cookies, { productVariantLabel: "A2", withFullBattery: true });
    expect(updated.json().items[0]).toMatchObject({ variant: { label: "A2" }, withFullBattery: true });
    expect(updated.json().maxDaysUntilDispatch).toBe(4);
    expect((await call("DELETE", `/api/cart/items/${added.addedItemUuid}`, {})).statusCode).toBe(404);
    const removed = await call("DELETE", `/api/cart/items/${added.addedItemUuid}?page=cart&repair=1`, cookies);
    expect(removed.json()).toMatchObject({ items: [], itemCount: 0 });
  });

  it("checks addresses: Packstation only for standard uninsured parcels in Germany", async () => {
    const cookies: Cookies = {};
    await add(cookies, await freshProduct());
    const home = { firstName: "Lena", lastName: "Graf", street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE" };
    const packstation = { ...home, street: "Packstation", houseNumber: "123", packstation: true, postNumber: "12345678" };
    expect(codeOf(await call("PUT", "/api/checkout/address", cookies, { billingAddress: home }))).toBe("EMAIL_REQUIRED");
    expect(codeOf(await call("PUT", "/api/checkout/address", cookies, { email: "lena@example.com", billingAddress: packstation }))).toBe("PACKSTATION_NOT_ALLOWED");
    await call("PUT", "/api/cart/options", cookies, { insurance: true });
    expect(codeOf(await call("PUT", "/api/checkout/address", cookies, { email: "lena@example.com", billingAddress: home, deliveryAddress: packstation }))).toBe("PACKSTATION_NOT_ALLOWED");
    await call("PUT", "/api/cart/options", cookies, { insurance: false });
    const ok = await call("PUT", "/api/checkout/address", cookies, { email: "Lena@Example.com", billingAddress: home, deliveryAddress: packstation });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: "lena@example.com", deliveryAddress: { packstation: true }, insurance: { offered: false } });
    expect(codeOf(await call("PUT", "/api/cart/options", cookies, { deliveryMethod: "express" }))).toBe("PACKSTATION_NOT_ALLOWED");
    const broken = await call("PUT", "/api/checkout/address", cookies, { email: "lena@example.com", billingAddress: { ...home, postalCode: "!", country: "US" } });
    expect(broken.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.billingAddress.country", "body.billingAddress.postalCode"]);
  });

  it("adds a watch case with its chosen band, and refuses a band that does not fit", async () => {
    const [relation] = await database().db.select().from(productRelations).where(eq(productRelations.kind, "wristband")).limit(1);
    const { productId: caseId, relatedProductId: bandId } = relation!;
    await setStock(caseId, "A1", 2);
    await database().db.update(productVariants).set({ quantity: 2 }).where(eq(productVariants.productId, bandId));
    const cookies: Cookies = {};
    const res = await add(cookies, caseId, "A1", { wristbandId: bandId });
    expect(res.statusCode).toBe(201);
    expect(res.json().items.map((i: { product: { id: number } }) => i.product.id).sort()).toEqual([caseId, bandId].sort());
    const stranger = await freshProduct();
    const refused = await add(cookies, caseId, "A1", { wristbandId: stranger });
    expect(codeOf(refused)).toBe("PRODUCT_DOESNT_EXIST");
    expect((await call("GET", "/api/cart", cookies)).json().itemCount).toBe(2);
  });
});
