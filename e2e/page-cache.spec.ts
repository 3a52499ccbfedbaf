import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hydrated, logInAsDemoCustomer, staffApi, test } from "./fixtures.ts";

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

  test("a visitor with a cart and a customer get the page everyone gets, and their browser fills in what a fresh render of their own shows", async ({ playwright, baseURL, browser, page }) => {
    const productId = test.info().project.name === "mobile" ? 23 : 24;
    const { product, product_slug: slug } = await (await page.request.get(`/api/products/${productId}`)).json();
    const path = `/i${productId},${slug}`;
    const label = (product.variantPicker as { label: string; quantity: number }[]).find((v) => v.quantity > 0)!.label;
    const withCart = async (request: APIRequestContext) => expect((await request.post("/api/cart/items", { data: { id: productId, productVariantLabel: label } })).status()).toBe(201);

    // Two shoppers with carts get the very same bytes but for the nonce: one render for both, which names neither cart.
    const shoppers = [await playwright.request.newContext({ baseURL: baseURL! }), await playwright.request.newContext({ baseURL: baseURL! })];
    for (const shopper of shoppers) await withCart(shopper);
    const [first, second] = [await pageOf(shoppers[0]!, path, { "user-agent": crawler["user-agent"] }), await pageOf(shoppers[1]!, path, { "user-agent": crawler["user-agent"] })];
    expect(second.html).toBe(first.html);
    expect(first.html).not.toContain('data-testid="cart-count"');
    for (const shopper of shoppers) await shopper.dispose();

    /** The header as the person sees it once the page is up and its personal parts are in. */
    const headerOf = async (target: Page) => {
      // The language form marks itself ready when its part hydrates, which may come after the page's own hydration.
      await target.locator("header form[action='/language'][data-ready]").waitFor({ state: "attached" });
      return (await target.locator("header").first().innerHTML()).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID");
    };
    /** The same page rendered for this person alone: a cookie the cache does not know makes it so. */
    const freshHeaderOf = async (target: Page) => {
      await target.context().addCookies([{ name: "unknown", value: "1", url: baseURL! }]);
      await target.goto(path);
      await hydrated(target);
      const header = await headerOf(target);
      await target.context().clearCookies({ name: "unknown" });
      return header;
    };

    // A visitor with a cart: the count arrives after the page, and the header is then the one a fresh render gives.
    await withCart(page.request);
    await page.goto(path);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    const sharedHeader = await headerOf(page);
    expect(sharedHeader).toBe(await freshHeaderOf(page));

    // A customer: the shared page already has a customer's header; the account, alerts and the product's heart come in.
    const context = await browser.newContext({ baseURL: baseURL! });
    await context.addCookies([
      { name: "reloop-language", value: "de", url: baseURL! },
      { name: "reloop-consent", value: "necessary", url: baseURL! },
    ]);
    const customer = await context.newPage();
    await logInAsDemoCustomer(customer);
    expect((await customer.request.put(`/api/watchlist/${productId}`)).status()).toBe(200);
    const html = await (await customer.request.get(path, { headers: { "user-agent": crawler["user-agent"] } })).text();
    expect(html).not.toContain("demo@reloop.local");
    await customer.goto(path);
    await expect(customer.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toBeVisible();
    const heart = customer.locator('form[action="/wishlist"] button[aria-pressed]').first();
    await expect(heart).toBeVisible();
    const shared = { header: await headerOf(customer), wished: await heart.getAttribute("aria-pressed") };
    const freshHeader = await freshHeaderOf(customer);
    expect(shared.wished).toBe("true");
    expect({ header: shared.header, wished: shared.wished }).toEqual({ header: freshHeader, wished: await heart.getAttribute("aria-pressed") });
    expect((await customer.request.delete(`/api/watchlist/${productId}`)).status()).toBe(200);
    await context.close();
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
