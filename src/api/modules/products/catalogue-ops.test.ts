import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { refreshFacetGroups } from "../../../db/facet-groups.ts";
import { products, productFacetGroups } from "../../../db/schema/catalogue.ts";
import { auditLog } from "../../../db/schema/staff.ts";
import { LOCALES } from "../../../domain/i18n/locales.ts";
import { loadConfig } from "../../../config.ts";
import { setupTestApp, TEST_VERSION } from "../../../test/api-harness.ts";
import { buildApp } from "../../app.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const fixtures = sellFixtures(app, database);
const { call, codeOf, newCustomer } = fixtures;

/** The caches' change notifications arrive within this; a product view is otherwise kept for 5 s, a list for 5 s. */
const WITHIN_A_SECOND = { timeout: 1_000, interval: 20 };

let deskSession: Promise<Cookies> | undefined;
const desk = async () => ({ ...(await (deskSession ??= newStaffMember(fixtures, database(), "catalogue-desk@example.com", ["support"]))) });
const errorsOf = (res: { json: () => { errors: { code: string; reference: string }[] } }) => res.json().errors.map((e) => [e.code, e.reference]);

/** A phone as staff type it: German and English texts, identifiers with spaces and hyphens as printed. */
const phone = (overrides: object = {}) => ({
  name: "Fairphone 5 256 GB Sky Blue",
  brand: "Fairphone",
  categoryId: 1101,
  description: { de: "Ein reparierbares Telefon mit austauschbarem Akku.\n\nFünf Jahre Updates.", en: "A repairable phone with a replaceable battery." },
  attributes: [
    { key: "year", value: "2023" },
    { key: "display", value: "6.46 inch" },
  ],
  colour: "Sky Blue",
  storage: "256 GB",
  ean: "8 718819 372820",
  isbn: null,
  asin: "B0C6Y2NXMW",
  bluePrice: 69_900,
  chargerCompatible: true,
  assemblySplit: false,
  allowedPurchase: true,
  purchaseStop: false,
  ...overrides,
});

function form(...files: { name: string; bytes: Uint8Array; type?: string }[]): FormData {
  const data = new FormData();
  for (const file of files) data.append("photos", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
  return data;
}

let png: Uint8Array;
let jpeg: Uint8Array;
beforeAll(async () => {
  png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#2a6" } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#a26" } }).jpeg().toBuffer();
});

type Instance = Pick<FastifyInstance, "inject">;
const storefrontView = async (id: number, locale = "de", instance: Instance = app()) => (await instance.inject({ method: "GET", url: `/api/products/${id}?locale=${locale}` })).json();
const searchIds = async (query: string, instance: Instance = app()) =>
  ((await instance.inject({ method: "GET", url: `/api/products?query=${encodeURIComponent(query)}&locale=de` })).json().items as { id: number }[]).map((i) => i.id);
const listedIds = async (categoryId: number, instance: Instance = app()) =>
  ((await instance.inject({ method: "GET", url: `/api/products?categoryId=${categoryId}&sort=newest` })).json().items as { id: number }[]).map((i) => i.id);
const productCount = async () => (await database().db.select({ n: count() }).from(products))[0]!.n;

describe("products in the back-office", () => {
  it("creates a product that the storefront shows, lists and finds, with its audit row", async () => {
    const staff = await desk();
    const created = await call("POST", "/api/ops/products", staff, phone());
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      name: "Fairphone 5 256 GB Sky Blue",
      slug: "fairphone-5-256-gb-sky-blue",
      ean: "8718819372820",
      asin: "B0C6Y2NXMW",
      category: { id: 1101 },
      attributes: [
        { key: "year", value: "2023" },
        { key: "display", value: "6.46 inch" },
      ],
      pictures: [],
    });
    expect(product.href).toBe(`/i${product.id},fairphone-5-256-gb-sky-blue`);

    const view = await storefrontView(product.id);
    expect(view.product).toMatchObject({ name: product.name, brand: "Fairphone", newPrice: 69_900, chargerCompatible: true, propColor: "Sky Blue", propRom: "256 GB", identifiers: { ean: "8718819372820" } });
    // Its category's lineage, as the lists filter by it; its grades out of stock until units come in.
    expect(view.product.category_id).toEqual([1101, 10, 1]);
    expect(view.product.variantPicker.map((v: { label: string; quantity: number }) => [v.label, v.quantity])).toContainEqual(["A2", 0]);
    const describedIn = async (locale: string) => (await app().inject({ method: "GET", url: `/api/products/${product.id}/description?locale=${locale}` })).json().paragraphs;
    expect(await describedIn("de")).toEqual(["Ein reparierbares Telefon mit austauschbarem Akku.", "Fünf Jahre Updates."]);
    expect(await describedIn("en")).toEqual(["A repairable phone with a replaceable battery."]);
    // A language without its text shows the default language's.
    expect(await describedIn("fr")).toEqual(["Ein reparierbares Telefon mit austauschbarem Akku.", "Fünf Jahre Updates."]);

    expect(await listedIds(1101)).toContain(product.id);
    expect(await listedIds(10)).toContain(product.id);
    expect(await searchIds("Fairphone")).toContain(product.id);
    expect(await searchIds("reparierbares")).toContain(product.id);
    // The lists' facet counts know it.
    const groups = await database().db.select().from(productFacetGroups).where(and(eq(productFacetGroups.categoryId, 1101), eq(productFacetGroups.brand, "Fairphone")));
    expect(groups.reduce((n, g) => n + g.n, 0)).toBe(1);

    const rows = await database().db.select().from(auditLog).where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(product.id))));
    expect(rows).toEqual([expect.objectContaining({ action: "product.create", actorEmail: "catalogue-desk@example.com", before: null, after: expect.objectContaining({ name: product.name, ean: "8718819372820" }) })]);

    // Staff find it by part of its name, by its EAN as printed, by its number.
    for (const q of ["fairphone 5", "8718819-372820", `#${product.id}`]) {
      const found = (await call("GET", `/api/ops/products?q=${encodeURIComponent(q)}`, staff)).json();
      expect(found.products.map((p: { id: number }) => p.id), q).toContain(product.id);
    }
    expect((await call("GET", "/api/ops/products?q=no-such-product-anywhere", staff)).json()).toMatchObject({ products: [], total: 0 });
  });

  it("changes a product: the storefront's view, lists and search follow within a second, on every instance", async () => {
    const staff = await desk();
    // Another instance of the shop on the same database, with caches of its own: only the change notifications reach it.
    const other = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database: database(), version: TEST_VERSION });
    try {
      const { id } = (await call("POST", "/api/ops/products", staff, phone({ name: "Shiftphone 8 Grau", brand: "Shift", ean: null, asin: null }))).json();
      // Every cache warm on both: the product view, the category list, the search.
      for (const instance of [app(), other]) {
        expect((await storefrontView(id, "de", instance)).product.name).toBe("Shiftphone 8 Grau");
        expect(await searchIds("Shiftphone", instance)).toContain(id);
        expect(await listedIds(1101, instance)).toContain(id);
      }

      const body = phone({ name: "Shiftphone 8 Midnight", brand: "Shift", categoryId: 1102, ean: null, asin: null, description: { de: "Neu beschrieben." }, purchaseStop: true });
      const changed = await call("PUT", `/api/ops/products/${id}`, staff, body);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ name: "Shiftphone 8 Midnight", slug: "shiftphone-8-midnight", category: { id: 1102 }, description: { de: "Neu beschrieben." }, purchaseStop: true });
      for (const instance of [app(), other]) {
        await vi.waitFor(async () => {
          const view = await storefrontView(id, "de", instance);
          expect([view.product.name, view.product_slug, view.product.category_id, view.product.purchaseStop]).toEqual(["Shiftphone 8 Midnight", "shiftphone-8-midnight", [1102, 10, 1], true]);
          expect(await searchIds("Midnight", instance)).toContain(id);
          expect(await listedIds(1101, instance)).not.toContain(id);
          expect(await listedIds(1102, instance)).toContain(id);
        }, WITHIN_A_SECOND);
      }
      const [audit] = await database().db.select().from(auditLog).where(and(eq(auditLog.action, "product.update"), eq(auditLog.entityId, String(id))));
      expect(audit).toMatchObject({ before: expect.objectContaining({ name: "Shiftphone 8 Grau", categoryId: 1101 }), after: expect.objectContaining({ name: "Shiftphone 8 Midnight", categoryId: 1102 }) });
    } finally {
      await other.close();
    }
  });

  it("refuses a wrong check digit, a missing German text, a NUL byte and an unknown category at their fields, creating nothing", async () => {
    const staff = await desk();
    const before = await productCount();
    const creations = async () => (await database().db.select().from(auditLog).where(eq(auditLog.action, "product.create"))).length;
    const audited = await creations();
    const refused = async (body: object, status = 400) => {
      const res = await call("POST", "/api/ops/products", staff, body);
      expect(res.statusCode).toBe(status);
      return errorsOf(res);
    };
    expect(await refused(phone({ ean: "4006381333932" }))).toEqual([["IDENTIFIER_INVALID", "body.ean"]]);
    expect((await call("POST", "/api/ops/products", staff, phone({ ean: "4006381333932" }))).json().errors[0].message).toContain("would be 1");
    expect(await refused(phone({ ean: "12345" }))).toEqual([["IDENTIFIER_INVALID", "body.ean"]]);
    expect(await refused(phone({ ean: null, isbn: "0306406153", asin: "A123" }))).toEqual([
      ["IDENTIFIER_INVALID", "body.isbn"],
      ["IDENTIFIER_INVALID", "body.asin"],
    ]);
    expect(await refused(phone({ description: { en: "Only English." } }))).toEqual([["VALIDATION_FAILED", "body.description.de"]]);
    expect(await refused(phone({ description: { de: "   ", en: "Only English." } }))).toEqual([["VALIDATION_FAILED", "body.description.de"]]);
    const { description: _description, ...withoutTexts } = phone();
    expect(await refused(withoutTexts)).toEqual([["VALIDATION_FAILED", "body.description.de"]]);
    expect(await refused(phone({ name: "Fair\u0000phone" }))).toEqual([["VALIDATION_FAILED", "body.name"]]);
    expect(await refused(phone({ description: { de: "Text mit \u0000 NUL" } }))).toEqual([["VALIDATION_FAILED", "body.description.de"]]);
    expect(await refused(phone({ description: { de: "Gut", klingon: "x" } }))).toEqual([["VALIDATION_FAILED", "body.description"]]);
    expect(await refused(phone({ categoryId: 999_999 }))).toEqual([["CATEGORY_DOESNT_EXIST", "body.categoryId"]]);
    expect(await refused(phone({ attributes: [{ key: "year", value: "2023" }, { key: "year", value: "2024" }] }))).toEqual([["VALIDATION_FAILED", "body.attributes.1.key"]]);
    expect(await refused(phone({ bluePrice: 0 }))).toEqual([["VALIDATION_FAILED", "body.bluePrice"]]);
    expect(await productCount()).toBe(before);
    expect(await creations()).toBe(audited);

    // Valid identifiers of every kind, as printed.
    const book = await call("POST", "/api/ops/products", staff, phone({ name: "Momo – Michael Ende", brand: "Michael Ende", categoryId: 20, ean: null, isbn: "978-3-522-20210-7", asin: "3522202104" }));
    expect(book.json()).toMatchObject({ isbn: "9783522202107", asin: "3522202104" });
    const missing = await call("PUT", "/api/ops/products/999999", staff, phone());
    expect([missing.statusCode, ...errorsOf(missing)]).toEqual([404, ["PRODUCT_DOESNT_EXIST", "params.productId"]]);
  });

  it("gives products created at the same moment ids of their own, and counts each in the lists' facets", async () => {
    const staff = await desk();
    const created = await Promise.all(Array.from({ length: 4 }, (_, i) => call("POST", "/api/ops/products", staff, phone({ name: `Parallel phone ${i}`, brand: "Parallel", ean: null, asin: null }))));
    expect(created.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(created.map((res) => res.json().id)).size).toBe(4);
    const groups = await database().db.select().from(productFacetGroups).where(eq(productFacetGroups.brand, "Parallel"));
    expect(groups.reduce((n, g) => n + g.n, 0)).toBe(4);
  });

  it("is for support and admins: another role is refused, a customer and a visitor find nothing", async () => {
    const receiving = await newStaffMember(fixtures, database(), "catalogue-receiving@example.com", ["receiving"]);
    const customer = await newCustomer("catalogue-customer@example.com");
    const calls = [
      ["GET", "/api/ops/products", undefined],
      ["POST", "/api/ops/products", phone({ name: "Role test phone" })],
      ["GET", "/api/ops/products/1", undefined],
      ["PUT", "/api/ops/products/1", phone({ name: "Role test phone" })],
      ["PUT", "/api/ops/products/1/pictures/order", { mediaIds: [1] }],
      ["DELETE", "/api/ops/products/1/pictures/1", undefined],
      ["GET", "/api/ops/categories", undefined],
      ["GET", "/api/ops/categories/10", undefined],
      ["POST", "/api/ops/categories", { parentId: 1, translations: { de: { name: "Rollentest" } } }],
      ["PUT", "/api/ops/categories/10", { parentId: 1, translations: { de: { name: "Rollentest" } } }],
    ] as const;
    for (const [method, url, body] of calls) {
      const refused = await call(method, url, receiving, body);
      expect([refused.statusCode, codeOf(refused)], `${method} ${url}`).toEqual([403, "ROLE_REQUIRED"]);
      expect((await call(method, url, customer, body)).statusCode).toBe(404);
      expect((await call(method, url, {}, body)).statusCode).toBe(404);
    }
    const upload = await call("POST", "/api/ops/products/1/pictures", receiving, form({ name: "a.png", bytes: png, type: "image/png" }));
    expect([upload.statusCode, codeOf(upload)]).toEqual([403, "ROLE_REQUIRED"]);
    expect((await call("POST", "/api/ops/products/1/pictures", customer, form({ name: "a.png", bytes: png, type: "image/png" }))).statusCode).toBe(404);
    expect(await database().db.select().from(products).where(eq(products.name, "Role test phone"))).toEqual([]);
    expect((await storefrontView(1)).product.name).not.toBe("Role test phone");
    // Admins may.
    expect((await call("GET", "/api/ops/products", await fixtures.staff())).statusCode).toBe(200);
  });
});

describe("a product's pictures", () => {
  it("are re-encoded as WebP in the storefront's sizes, served for good, put in order and removed, each change audited", async () => {
    const staff = await desk();
    const { id } = (await call("POST", "/api/ops/products", staff, phone({ name: "Picture phone", ean: null, asin: null }))).json();
    await storefrontView(id);
    const uploaded = await call("POST", `/api/ops/products/${id}/pictures`, staff, form({ name: "front.png", bytes: png, type: "image/png" }, { name: "back.jpg", bytes: jpeg }));
    expect(uploaded.statusCode).toBe(200);
    const pictures = uploaded.json().pictures as { mediaId: number; pictureId: string; url: string; thumbnailUrl: string; width: number; height: number; position: number }[];
    // Within 800 px for the page and the cards, 160 px for the thumbnails; never enlarged.
    expect(pictures.map((p) => [p.position, p.width, p.height])).toEqual([
      [0, 800, 400],
      [1, 533, 800],
    ]);
    const large = await app().inject({ method: "GET", url: pictures[0]!.url });
    expect([large.statusCode, large.headers["content-type"], large.headers["cache-control"]]).toEqual([200, "image/webp", "public, max-age=31536000, immutable"]);
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: "webp", width: 800, height: 400 });
    const thumb = await app().inject({ method: "GET", url: pictures[1]!.thumbnailUrl });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: "webp", width: 107, height: 160 });
    expect((await app().inject({ method: "GET", url: "/media/product-pictures/00000000-0000-4000-8000-000000000000/large.webp" })).statusCode).toBe(404);
    expect((await app().inject({ method: "GET", url: `/media/product-pictures/${pictures[0]!.pictureId}/huge.webp` })).statusCode).toBe(400);

    // The storefront shows them at once, first in the lists.
    await vi.waitFor(async () => expect((await storefrontView(id)).media.map((m: { url: string }) => m.url)).toEqual(pictures.map((p) => p.url)), WITHIN_A_SECOND);

    const [front, back] = pictures;
    const ordered = await call("PUT", `/api/ops/products/${id}/pictures/order`, staff, { mediaIds: [back!.mediaId, front!.mediaId] });
    expect(ordered.json().pictures.map((p: { mediaId: number }) => p.mediaId)).toEqual([back!.mediaId, front!.mediaId]);
    await vi.waitFor(async () => expect((await storefrontView(id)).media[0].url).toBe(back!.url), WITHIN_A_SECOND);
    expect(errorsOf(await call("PUT", `/api/ops/products/${id}/pictures/order`, staff, { mediaIds: [back!.mediaId] }))).toEqual([["VALIDATION_FAILED", "body.mediaIds"]]);

    const removed = await call("DELETE", `/api/ops/products/${id}/pictures/${back!.mediaId}`, staff);
    expect(removed.json().pictures).toEqual([expect.objectContaining({ mediaId: front!.mediaId, position: 0 })]);
    expect((await app().inject({ method: "GET", url: back!.url })).statusCode).toBe(404);
    await vi.waitFor(async () => expect((await storefrontView(id)).media.map((m: { url: string }) => m.url)).toEqual([front!.url]), WITHIN_A_SECOND);
    const missing = await call("DELETE", `/api/ops/products/${id}/pictures/${back!.mediaId}`, staff);
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, "PHOTO_NOT_FOUND"]);

    const actions = (await database().db.select().from(auditLog).where(eq(auditLog.entityId, String(id)))).map((r) => r.action);
    expect(actions).toEqual(["product.create", "product.pictures_added", "product.pictures_ordered", "product.picture_removed"]);
  });

  it("refuses a file that is not an image, and one too large, keeping none of the upload", async () => {
    const staff = await desk();
    const { id } = (await call("POST", "/api/ops/products", staff, phone({ name: "Refused pictures phone", ean: null, asin: null }))).json();
    const notAnImage = await call("POST", `/api/ops/products/${id}/pictures`, staff, form({ name: "front.png", bytes: png, type: "image/png" }, { name: "notes.pdf", bytes: new TextEncoder().encode("%PDF-1.7 not a picture"), type: "image/jpeg" }));
    expect([notAnImage.statusCode, ...errorsOf(notAnImage)]).toEqual([400, ["PHOTO_NOT_AN_IMAGE", "photos.1"]]);
    expect(notAnImage.json().errors[0].message).toContain("notes.pdf");
    const tooLarge = await call("POST", `/api/ops/products/${id}/pictures`, staff, form({ name: "huge.jpg", bytes: new Uint8Array(16 * 1024 * 1024) }));
    expect([tooLarge.statusCode, ...errorsOf(tooLarge)]).toEqual([413, ["PHOTO_TOO_LARGE", "photos.0"]]);
    expect(codeOf(await call("POST", `/api/ops/products/${id}/pictures`, staff, {}))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", "/api/ops/products/999999/pictures", staff, form({ name: "front.png", bytes: png, type: "image/png" })))).toBe("PRODUCT_DOESNT_EXIST");
    expect((await call("GET", `/api/ops/products/${id}`, staff)).json().pictures).toEqual([]);
  });
});

describe("categories in the back-office", () => {
  const navigation = async (locale: string) => {
    const flat: { id: number; name: string; path: string }[] = [];
    const walk = (nodes: { id: number; name: string; path: string; children: never[] }[]) => nodes.forEach((n) => (flat.push(n), walk(n.children)));
    walk((await app().inject({ method: "GET", url: `/api/navigation?locale=${locale}` })).json().categories);
    return flat;
  };

  it("lists the tree depth first with its products counted", async () => {
    const tree = (await call("GET", "/api/ops/categories", await desk())).json().categories as { id: number; parentId: number | null; depth: number; productCount: number }[];
    const at = (id: number) => tree.findIndex((c) => c.id === id);
    expect(tree[0]).toMatchObject({ id: 1, depth: 0, parentId: null });
    expect(at(10)).toBeLessThan(at(1112));
    expect(tree[at(1112)]).toMatchObject({ depth: 2, parentId: 10 });
    expect(tree[at(1)]!.productCount).toBeGreaterThanOrEqual(tree[at(10)]!.productCount);
    expect(tree[at(10)]!.productCount).toBeGreaterThan(0);
  });

  it("creates a category below a parent, in every language, which the storefront's menu shows within a second", async () => {
    const staff = await desk();
    expect((await navigation("en")).map((c) => c.name)).not.toContain("Foldables");
    const created = await call("POST", "/api/ops/categories", staff, { parentId: 10, translations: { de: { name: "Faltbare Handys" }, en: { name: "Foldables", segment: "foldable-phones" } } });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ parentId: 10, depth: 2, rootKind: "electronics", isAccessory: false, productCount: 0, ancestors: [{ id: 1 }, { id: 10 }] });
    expect(category.translations.de).toEqual({ name: "Faltbare Handys", segment: "faltbare-handys", path: "elektronik/smartphones/faltbare-handys" });
    expect(category.translations.en).toEqual({ name: "Foldables", segment: "foldable-phones", path: "electronics/smartphones/foldable-phones" });
    // A language left out takes the German name and segment.
    expect(category.translations.nl).toMatchObject({ name: "Faltbare Handys", segment: "faltbare-handys" });
    await vi.waitFor(async () => expect((await navigation("en")).find((c) => c.id === category.id)).toMatchObject({ name: "Foldables", path: "electronics/smartphones/foldable-phones" }), WITHIN_A_SECOND);
    const byPath = await app().inject({ method: "GET", url: "/api/navigation?path=elektronik/smartphones/faltbare-handys&pathLocale=de&locale=de" });
    expect(byPath.json().categories[0].id).toBe(category.id);

    const [audit] = await database().db.select().from(auditLog).where(and(eq(auditLog.entityType, "category"), eq(auditLog.entityId, String(category.id))));
    expect(audit).toMatchObject({ action: "category.create", before: null, after: expect.objectContaining({ parentId: 10 }) });

    // A path another category has is refused at its language's field; so is a top-level word the shop's pages take.
    const taken = await call("POST", "/api/ops/categories", staff, { parentId: 10, translations: { de: { name: "Klapphandys", segment: "faltbare-handys" }, en: { name: "Flip phones", segment: "foldable-phones" } } });
    // The languages left out took the German segment: that is where it is said.
    expect([taken.statusCode, ...errorsOf(taken)]).toEqual([409, ["CATEGORY_PATH_TAKEN", "body.translations.de.segment"], ["CATEGORY_PATH_TAKEN", "body.translations.en.segment"]]);
    // Given in every language, it is said at each language whose path is taken.
    const everyLanguage = { ...Object.fromEntries(LOCALES.map((l) => [l, { name: "Klapphandys", segment: "faltbare-handys" }])), en: { name: "Flip phones" } };
    const takenInEach = await call("POST", "/api/ops/categories", staff, { parentId: 10, translations: everyLanguage });
    expect([takenInEach.statusCode, ...errorsOf(takenInEach)]).toEqual([409, ...LOCALES.filter((l) => l !== "en").map((l) => ["CATEGORY_PATH_TAKEN", `body.translations.${l}.segment`])]);
    const reserved = await call("POST", "/api/ops/categories", staff, { parentId: null, rootKind: "media", translations: { de: { name: "Suchen" } } });
    expect([reserved.statusCode, ...errorsOf(reserved)]).toContainEqual(["VALIDATION_FAILED", "body.translations.de.segment"]);
    expect(errorsOf(await call("POST", "/api/ops/categories", staff, { parentId: 10, translations: { de: { name: "!!!" } } }))).toContainEqual(["VALIDATION_FAILED", "body.translations.de.segment"]);
    expect(errorsOf(await call("POST", "/api/ops/categories", staff, { parentId: 10, translations: { en: { name: "Only English" } } }))).toEqual([["VALIDATION_FAILED", "body.translations.de"]]);
    expect(errorsOf(await call("POST", "/api/ops/categories", staff, { parentId: 10, translations: { de: { name: "Ka\u0000putt" } } }))).toEqual([["VALIDATION_FAILED", "body.translations.de.name"]]);
    expect(errorsOf(await call("POST", "/api/ops/categories", staff, { parentId: 99_999, translations: { de: { name: "Waise" } } }))).toEqual([["CATEGORY_DOESNT_EXIST", "body.parentId"]]);
  });

  it("moves a category: the paths below it, its products' lineage, lists and menu follow", async () => {
    const staff = await desk();
    const parent = (await call("POST", "/api/ops/categories", staff, { parentId: 10, translations: { de: { name: "Outdoor-Handys" }, en: { name: "Rugged phones" } } })).json();
    const child = (await call("POST", "/api/ops/categories", staff, { parentId: parent.id, translations: { de: { name: "Satellit" }, en: { name: "Satellite" } } })).json();
    expect(child.translations.de.path).toBe("elektronik/smartphones/outdoor-handys/satellit");
    const { id: productId } = (await call("POST", "/api/ops/products", staff, phone({ name: "Rugged Sat Phone", categoryId: child.id, ean: null, asin: null }))).json();
    expect(await listedIds(10)).toContain(productId);

    const moved = await call("PUT", `/api/ops/categories/${parent.id}`, staff, { parentId: 11, position: 5, translations: { de: { name: "Robuste Geräte", segment: "robust" } } });
    expect(moved.statusCode).toBe(200);
    // German renamed, the other languages as they were, every path now below Tablets.
    expect(moved.json()).toMatchObject({ parentId: 11, position: 5, translations: { de: { name: "Robuste Geräte", path: "elektronik/tablets/robust" }, en: { name: "Rugged phones", path: "electronics/tablets/rugged-phones" } } });
    const childNow = (await call("GET", `/api/ops/categories/${child.id}`, staff)).json();
    expect(childNow.translations.de.path).toBe("elektronik/tablets/robust/satellit");
    expect(childNow.translations.en.path).toBe("electronics/tablets/rugged-phones/satellite");
    expect((await storefrontView(productId)).product.category_id).toEqual([child.id, parent.id, 11, 1]);
    await vi.waitFor(async () => {
      expect(await listedIds(11)).toContain(productId);
      expect(await listedIds(10)).not.toContain(productId);
      expect((await navigation("de")).find((c) => c.id === child.id)?.path).toBe("elektronik/tablets/robust/satellit");
    }, WITHIN_A_SECOND);

    const intoItself = await call("PUT", `/api/ops/categories/${parent.id}`, staff, { parentId: child.id, translations: { de: { name: "Robuste Geräte" } } });
    expect([intoItself.statusCode, ...errorsOf(intoItself)]).toEqual([400, ["CATEGORY_MOVE_NOT_ALLOWED", "body.parentId"]]);
    const missing = await call("PUT", "/api/ops/categories/99999", staff, { parentId: null, translations: { de: { name: "Nichts" } } });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, "CATEGORY_DOESNT_EXIST"]);
    const [audit] = await database().db.select().from(auditLog).where(and(eq(auditLog.action, "category.update"), eq(auditLog.entityId, String(parent.id))));
    expect(audit).toMatchObject({ before: expect.objectContaining({ parentId: 10 }), after: expect.objectContaining({ parentId: 11 }) });

    // The facet groups the changes rebuilt category by category are those of a rebuild of the whole catalogue.
    const groups = async () => (await database().db.select().from(productFacetGroups)).map((g) => JSON.stringify(g)).sort();
    const rebuiltByCategory = await groups();
    await refreshFacetGroups(database().db);
    expect(await groups()).toEqual(rebuiltByCategory);
  });
});
