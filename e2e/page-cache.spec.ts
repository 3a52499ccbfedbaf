import type { APIRequestContext } from "@playwright/test";
import { expect, staffApi, test } from "./fixtures.ts";

/** A page's HTML with its per-response nonce taken out, and that nonce. */
async function pageOf(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<{ html: string; nonce: string }> {
  const response = await request.get(path, { headers, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? "";
  expect(nonce).not.toBe("");
  return { html: (await response.text()).split(nonce).join("NONCE"), nonce };
}

const returning = { cookie: "reloop-language=de; reloop-consent=necessary" };
// Crawlers get the whole document at once, so its markup does not depend on what arrived first.
const crawler = { ...returning, "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

test.describe("pages shared among visitors", () => {
  test("a visitor's page is the same page as a fresh render, each with its own nonce; a stock change shows at once", async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL: baseURL! });
    const staff = await staffApi(playwright, baseURL!);
    // Each browser project its own product: the projects run one after the other on one server.
    const productId = test.info().project.name === "mobile" ? 21 : 22;
    const { product, product_slug: slug } = await (await visitor.get(`/api/products/${productId}`)).json();
    const path = `/i${productId},${slug}`;
    const grade = (product.variantPicker as { label: string; quantity: number }[]).find((v) => v.label !== "NEW" && v.quantity > 0)!;
    // A sold-out grade is offered for a buy alert.
    const alertFor = (html: string) => html.includes(`name="variants" checked="" value="${grade.label}"`);

    const rendered = await pageOf(visitor, path, crawler);
    const kept = await pageOf(visitor, path, crawler);
    // A cookie the cache does not know: this one is rendered anew.
    const fresh = await pageOf(visitor, path, { ...crawler, cookie: `${returning.cookie}; unknown=1` });
    expect(kept.nonce).not.toBe(rendered.nonce);
    expect(fresh.nonce).not.toBe(kept.nonce);
    expect(kept.html).toBe(rendered.html);
    // The same markup apart from its data scripts, which number their values in the order the
    // loaders' promises settled, and what is per response: ids handed out for feedback.
    const markup = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID");
    expect(markup(fresh.html)).toBe(markup(kept.html));

    expect(alertFor((await pageOf(visitor, path, returning)).html)).toBe(false);
    const setStock = async (quantity: number) =>
      expect((await staff.put(`/api/ops/products/${productId}/variants/${grade.label}`, { data: { quantity } })).status()).toBe(200);
    await setStock(0);
    expect(alertFor((await pageOf(visitor, path, returning)).html)).toBe(true);
    await setStock(grade.quantity);
    expect(alertFor((await pageOf(visitor, path, returning)).html)).toBe(false);
    await visitor.dispose();
    await staff.dispose();
  });

  test("a visitor with a cart gets their own page, and the next visitor does not get it", async ({ playwright, baseURL }) => {
    const shopper = await playwright.request.newContext({ baseURL: baseURL! });
    const stranger = await playwright.request.newContext({ baseURL: baseURL! });
    const before = await pageOf(stranger, "/", returning);
    expect(before.html).not.toContain('data-testid="cart-count"');

    const { product } = await (await shopper.get("/api/products/3")).json();
    const label = (product.variantPicker as { label: string; quantity: number }[]).find((v) => v.quantity > 0)!.label;
    expect((await shopper.post("/api/cart/items", { data: { id: 3, productVariantLabel: label } })).status()).toBe(201);
    const own = await pageOf(shopper, "/");
    expect(own.html).toContain('data-testid="cart-count"');
    expect((await pageOf(stranger, "/", returning)).html).not.toContain('data-testid="cart-count"');
    await shopper.dispose();
    await stranger.dispose();
  });

  test("a header the cache key leaves out cannot reach the next visitors: a Referer does not become everyone's place after login", async ({ playwright, baseURL, page }) => {
    const attacker = await playwright.request.newContext({ baseURL: baseURL! });
    const poisoned = await attacker.get("/auth", { headers: { ...returning, referer: `${baseURL}/kaufen/suchen?query=phishing-text` } });
    expect(poisoned.status()).toBe(200);
    expect(await poisoned.text()).not.toContain("phishing-text");
    const next = await pageOf(attacker, "/auth", returning);
    expect(next.html).not.toContain("phishing-text");
    await attacker.dispose();

    // A person who comes from a product page still returns there: the browser tells the kept page where it came from.
    await page.context().addCookies([{ name: "reloop-consent", value: "necessary", url: baseURL! }]);
    await page.goto("/i5,x");
    const productPath = new URL(page.url()).pathname;
    await page.goto("/auth", { referer: page.url() });
    await expect(page.locator('form input[name="previous"]').first()).toHaveValue(productPath);
  });
});
