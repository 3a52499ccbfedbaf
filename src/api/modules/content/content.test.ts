import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { legalAcceptances } from "../../../db/schema/documents.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { PERFECT_DEVICE, SELLER_HOME, sellFixtures, VALID_IBAN } from "../../../test/sell-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const shop = shopFixtures(app, database);
const sell = sellFixtures(app, database);
const { call, codeOf } = sell;
const get = (url: string, cookies: Cookies = {}) => call("GET", url, cookies);
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The staff list's document of a type and key. */
async function documentId(staff: Cookies, type: string, key: string): Promise<number> {
  const list = (await get(`/api/ops/content?type=${type}`, staff)).json();
  const item = list.items.find((i: { key: string }) => i.key === key);
  if (!item) throw new Error(`no ${type} ${key}`);
  return item.id;
}

describe("blog", () => {
  it("lists articles newest first in pages, by category, with author, date and reading time", async () => {
    const first = (await get("/api/content/articles?locale=en")).json();
    expect(first).toMatchObject({ page: 1, pageSize: 5, total: 6, totalPages: 2 });
    expect(first.items[0]).toMatchObject({ slug: "check-a-used-smartphone", author: "Lena Hoffmann", readingMinutes: 1, category: { key: "guides", name: "Guides" } });
    expect(first.items.map((i: { publishedAt: string }) => i.publishedAt)).toEqual([...first.items.map((i: { publishedAt: string }) => i.publishedAt)].sort().reverse());
    expect((await get("/api/content/articles?locale=en&page=2")).json().items).toHaveLength(1);
    const guides = (await get("/api/content/articles?category=guides", { "reloop-language": "fr" })).json();
    expect(guides.total).toBe(3);
    expect(guides.category).toEqual({ key: "guides", name: "Guides" });
    expect(guides.categories.map((c: { key: string; count: number }) => [c.key, c.count])).toEqual(expect.arrayContaining([["news", 1], ["sustainability", 2]]));
    expect((await get("/api/content/articles?category=nope")).statusCode).toBe(400);
  });

  it("opens an article by its slug in any language, in the visitor's language, with related products", async () => {
    const res = await get("/api/content/articles/check-a-used-smartphone", { "reloop-language": "de" });
    expect(res.statusCode).toBe(200);
    const article = res.json();
    expect(article).toMatchObject({ slug: "gebrauchtes-smartphone-pruefen", locale: "de", title: expect.stringContaining("Smartphone"), alternates: { en: "check-a-used-smartphone", nl: "tweedehands-smartphone-controleren" } });
    expect(article.html).toContain("<h2>1. Akku</h2>");
    expect(article.relatedProducts.map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);
    expect(codeOf(await get("/api/content/articles/no-such-article"))).toBe("ARTICLE_DOESNT_EXIST");
  });

  it("serves an Atom feed per language", async () => {
    const res = await app().inject({ method: "GET", url: "/tips-and-news/feed/it.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/atom+xml");
    expect(res.body).toContain('xml:lang="it"');
    expect(res.body).toContain("/tips-and-news/controllare-uno-smartphone-usato</id>");
    expect((await app().inject({ method: "GET", url: "/tips-and-news/feed/xx.xml" })).statusCode).toBe(400);
  });
});

describe("legal texts, pages and SEO blocks", () => {
  it("serves the four legal documents with their version, and 404 for any other type", async () => {
    for (const type of ["privacy-policy", "terms-and-conditions", "imprint", "privacy-policy-apps"]) {
      const res = await get(`/api/content/legal/${type}?locale=es`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ key: type, locale: "es", version: 1 });
    }
    expect((await get("/api/content/legal/imprint", { "reloop-language": "de" })).json().title).toBe("Impressum");
    const unknown = await get("/api/content/legal/cookie-policy");
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, "LEGAL_DOCUMENT_DOESNT_EXIST"]);
  });

  it("serves static pages by slug or key, the warranty page among them", async () => {
    expect((await get("/api/content/pages/ueber-uns?locale=en")).json()).toMatchObject({ key: "about-us", slug: "about-us", title: "About Reloop" });
    expect((await get("/api/content/pages/warranty?locale=nl")).json()).toMatchObject({ key: "warranty", slug: "garantie", title: "12 maanden garantie" });
    expect((await get("/api/content/pages/nothing-here")).statusCode).toBe(404);
  });

  it("has an SEO block for every category level and every landing page", async () => {
    expect((await get("/api/seo-blocks/category-1112?locale=en")).json()).toMatchObject({ identifier: "category-1112", title: expect.stringContaining("refurbished") });
    const sale = (await get("/api/seo-blocks/landing-sale?locale=de")).json();
    expect(sale.title).toBe("Sale");
    expect(sale.html).toContain("<p>");
    expect((await get("/api/seo-blocks/theme-gaming")).statusCode).toBe(200);
    expect((await get("/api/seo-blocks/promo-black-week")).statusCode).toBe(200);
  });

  it("lists content in the sitemap with its languages", async () => {
    expect((await app().inject({ method: "GET", url: "/sitemap.xml" })).body).toContain("/sitemaps/content.xml");
    const xml = (await app().inject({ method: "GET", url: "/sitemaps/content.xml" })).body;
    expect(xml).toContain("<loc>http://localhost:3000/tips-and-news</loc>");
    expect(xml).toContain("/tips-and-news/c/guides</loc>");
    expect(xml).toContain("/legal/privacy-policy</loc>");
    expect(xml).toContain("/warranty</loc>");
    expect(xml).toMatch(/<loc>[^<]*\/s\/ueber-uns<\/loc><xhtml:link rel="alternate" hreflang="de"/);
    expect(xml).toContain('hreflang="fr" href="http://localhost:3000/tips-and-news/verifier-un-smartphone-d-occasion"');
  });
});

describe("the editor (staff only)", () => {
  it("does not exist for visitors and customers", async () => {
    const customer = await sell.login({});
    for (const cookies of [{}, customer]) {
      for (const [method, url, body] of [
        ["GET", "/api/ops/content"],
        ["GET", "/api/ops/content/1"],
        ["PUT", "/api/ops/content/1", { author: "x" }],
        ["POST", "/api/ops/content/1/publish"],
        ["POST", "/api/ops/content/preview", { markdown: "x" }],
        // An encoded letter reaches the same route: it must not pass the guard, nor show the staff schema's messages.
        ["POST", "/api/%6fps/content", { type: "page" }],
        ["POST", "/api/%6Fps/content/preview", {}],
      ] as const) {
        const res = await call(method, url, cookies, body);
        expect([res.statusCode, codeOf(res)]).toEqual([404, "ROUTE_NOT_FOUND"]);
      }
    }
  });

  it("edits a legal text: shown at once with a new version, kept in the history with who changed what", async () => {
    const staff = await sell.staff();
    const id = await documentId(staff, "legal", "imprint");
    const doc = (await get(`/api/ops/content/${id}`, staff)).json();
    expect(doc).toMatchObject({ type: "legal", key: "imprint", version: 1, live: true, hrefs: { de: "/legal/imprint" } });
    const de = { ...doc.translations.de, body: `${doc.translations.de.body}\n\nAufsichtsbehörde: IHK Köln` };
    const saved = await call("PUT", `/api/ops/content/${id}`, staff, { translations: { de, en: doc.translations.en } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, versions: [{ version: 2, action: "edited", editor: "staff@reloop.local", changes: ["de.body"] }] });
    const shown = (await get("/api/content/legal/imprint?locale=de")).json();
    expect(shown.version).toBe(2);
    expect(shown.html).toContain("Aufsichtsbehörde: IHK Köln");
    // Saving the same again is no change.
    expect((await call("PUT", `/api/ops/content/${id}`, staff, { translations: { de } })).json().version).toBe(2);
  });

  it("publishes within a window and unpublishes; slugs stay unique", async () => {
    const staff = await sell.staff();
    const id = await documentId(staff, "article", "battery-care");
    const visible = () => get("/api/content/articles/battery-care").then((r) => r.statusCode);
    expect(await visible()).toBe(200);
    await call("PUT", `/api/ops/content/${id}`, staff, { publishFrom: dayFromNow(1) });
    expect(await visible()).toBe(404);
    await call("PUT", `/api/ops/content/${id}`, staff, { publishFrom: dayFromNow(-2), publishTo: dayFromNow(-1) });
    expect(await visible()).toBe(404);
    await call("PUT", `/api/ops/content/${id}`, staff, { publishTo: null });
    expect(await visible()).toBe(200);
    const backwards = await call("PUT", `/api/ops/content/${id}`, staff, { publishTo: dayFromNow(-3) });
    expect([backwards.statusCode, codeOf(backwards)]).toEqual([400, "PUBLISH_WINDOW_INVALID"]);
    expect((await call("POST", `/api/ops/content/${id}/unpublish`, staff)).json()).toMatchObject({ published: false, live: false });
    expect(await visible()).toBe(404);
    const republished = (await call("POST", `/api/ops/content/${id}/publish`, staff)).json();
    expect(republished).toMatchObject({ published: true, live: true });
    expect(republished.versions.slice(0, 2).map((v: { action: string }) => v.action)).toEqual(["published", "unpublished"]);
    expect(await visible()).toBe(200);

    const doc = (await get(`/api/ops/content/${id}`, staff)).json();
    const taken = await call("PUT", `/api/ops/content/${id}`, staff, { translations: { en: { ...doc.translations.en, slug: "sell-your-old-phone" } } });
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, "SLUG_TAKEN"]);
  });

  it("creates a new article unpublished, and previews Markdown inert", async () => {
    const staff = await sell.staff();
    const created = await call("POST", "/api/ops/content", staff, { type: "article", key: "spring-sale" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ published: false, version: 1, versions: [{ action: "created", editor: "staff@reloop.local" }] });
    expect((await get("/api/content/articles/spring-sale")).statusCode).toBe(404);
    expect(codeOf(await call("POST", "/api/ops/content", staff, { type: "article", key: "spring-sale" }))).toBe("KEY_TAKEN");
    const preview = (await call("POST", "/api/ops/content/preview", staff, { markdown: '# Hi\n\n<script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))' })).json();
    expect(preview.html).toContain("<h1>Hi</h1>");
    expect(preview.html).not.toMatch(/<script|<img|href="javascript:/);
  });

  it("refuses times PostgreSQL cannot store and keys that cannot be slugs, and gives one key to one of many creates at once", async () => {
    const staff = await sell.staff();
    const id = await documentId(staff, "article", "check-a-used-smartphone");
    for (const publishFrom of ["0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "+275760-09-13T00:00:00Z"]) {
      const res = await call("PUT", `/api/ops/content/${id}`, staff, { publishFrom });
      expect([res.statusCode, res.json().errors[0].reference], publishFrom).toEqual([400, "body.publishFrom"]);
    }
    for (const key of ["-", "a--b", "-a", "a-"]) expect((await call("POST", "/api/ops/content", staff, { type: "page", key })).statusCode, key).toBe(400);

    const answers = await Promise.all(Array.from({ length: 10 }, () => call("POST", "/api/ops/content", staff, { type: "page", key: "same-moment" })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => codeOf(a))).toEqual(Array<string>(9).fill("KEY_TAKEN"));
  });

  it("is for support (and admins): other staff get 403 ROLE_REQUIRED, reads and preview included", async () => {
    const desk = await newStaffMember(sell, database(), "content-receiving@example.com", ["receiving"]);
    for (const [method, url, body] of [
      ["GET", "/api/ops/content"],
      ["GET", "/api/ops/content/1"],
      ["POST", "/api/ops/content", { type: "page", key: "not-mine" }],
      ["PUT", "/api/ops/content/1", { author: "x" }],
      ["POST", "/api/ops/content/1/publish"],
      ["POST", "/api/ops/content/1/unpublish"],
      ["POST", "/api/ops/content/preview", { markdown: "x" }],
    ] as const) {
      const res = await call(method, url, desk, body);
      expect([res.statusCode, codeOf(res)], `${method} ${url}`).toEqual([403, "ROLE_REQUIRED"]);
    }
  });

  it("audits a support member's create, update, publish and unpublish with before and after", async () => {
    const support = await newStaffMember(sell, database(), "content-support@example.com", ["support"]);
    const created = await call("POST", "/api/ops/content", support, { type: "page", key: "audited-page" });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const doc = (await get(`/api/ops/content/${id}`, support)).json();
    await call("PUT", `/api/ops/content/${id}`, support, { author: "Mia Berg", translations: { en: { ...doc.translations.en, title: "Audited" } } });
    await call("POST", `/api/ops/content/${id}/publish`, support);
    await call("POST", `/api/ops/content/${id}/unpublish`, support);

    const entry = async (action: string) => {
      const page = (await get(`/api/ops/audit?action=${action}&entityId=${id}`, support)).json();
      expect(page.entries, action).toHaveLength(1);
      expect(page.entries[0], action).toMatchObject({ actorEmail: "content-support@example.com", entityType: "content", entityId: String(id), requestId: expect.any(String) });
      return page.entries[0];
    };
    expect(await entry("content.create")).toMatchObject({ before: null, after: { type: "page", key: "audited-page", version: 1, published: false } });
    expect(await entry("content.update")).toMatchObject({ before: { version: 1, author: null }, after: { version: 2, author: "Mia Berg", changes: ["en.title", "author"] } });
    expect(await entry("content.publish")).toMatchObject({ before: { version: 2, published: false, publishFrom: null }, after: { version: 2, published: true, publishFrom: expect.any(String) } });
    expect(await entry("content.unpublish")).toMatchObject({ before: { published: true }, after: { published: false } });
  });

  it("edits an SEO block like any other document", async () => {
    const staff = await sell.staff();
    const id = await documentId(staff, "seo", "category-1112");
    const doc = (await get(`/api/ops/content/${id}`, staff)).json();
    expect(doc.hrefs).toBeNull();
    await call("PUT", `/api/ops/content/${id}`, staff, { translations: { en: { ...doc.translations.en, title: "Phones with a full battery" } } });
    expect((await get("/api/seo-blocks/category-1112?locale=en")).json().title).toBe("Phones with a full battery");
  });
});

describe("accepted legal versions", () => {
  it("are recorded with an order and with a sale", async () => {
    const staff = await sell.staff();
    const terms = await documentId(staff, "legal", "terms-and-conditions");
    const doc = (await get(`/api/ops/content/${terms}`, staff)).json();
    await call("PUT", `/api/ops/content/${terms}`, staff, { translations: { en: { ...doc.translations.en, body: `${doc.translations.en.body}\n\n## 6. Disputes\n\nCologne courts.` } } });

    const buyer: Cookies = {};
    const id = await shop.freshProduct(2);
    const added = await call("POST", "/api/cart/items", buyer, { id, productVariantLabel: "A1", withFullBattery: false });
    expect(added.statusCode).toBe(201);
    await call("PUT", "/api/checkout/address", buyer, { email: "terms@example.com", billingAddress: HOME });
    const view = (await call("PUT", "/api/cart/options", buyer, { paymentMethod: "prepayment" })).json();
    const placed = await call("POST", "/api/checkout/orders", buyer, { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true }, { "idempotency-key": "content-terms-1" });
    expect(placed.statusCode).toBe(201);
    const forOrder = await database().db.select().from(legalAcceptances).where(eq(legalAcceptances.orderUuid, placed.json().orderUuid));
    expect(forOrder.map((a) => [a.documentType, a.version]).sort()).toEqual([["privacy-policy", 1], ["terms-and-conditions", 2]]);

    const seller = await sell.login({});
    await sell.addOffer(seller, await sell.phone(30_000), PERFECT_DEVICE);
    const cart = (await call("POST", "/api/green-cart/prepare-checkout", seller)).json().cart;
    const sold = await call("POST", "/api/green-cart/checkout", seller, { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: SELLER_HOME, payout: { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" } }, { "idempotency-key": "content-terms-2" });
    expect(sold.statusCode).toBe(201);
    const forSale = await database().db.select().from(legalAcceptances).where(eq(legalAcceptances.saleUuid, sold.json().saleUuid));
    expect(forSale.map((a) => [a.documentType, a.version]).sort()).toEqual([["privacy-policy", 1], ["terms-and-conditions", 2]]);
  });
});
