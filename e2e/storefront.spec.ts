import AxeBuilder from "@axe-core/playwright";
import { expect, hydrated, test } from "./fixtures.ts";

test.describe("a visitor browsing the storefront", () => {
  test("lands on the home page, opens a product and switches the language", async ({ page }, testInfo) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page).toHaveTitle(/reloop/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wie neu. Zum halben Preis.");
    await expect(page.getByRole("navigation", { name: "Brotkrumennavigation" })).toHaveCount(0);
    const grid = page.getByRole("list", { name: "Gerade beliebt" });
    await expect(grid.getByRole("listitem")).toHaveCount(15);
    await page.screenshot({ path: testInfo.outputPath("home.png"), fullPage: true });

    const firstProduct = grid.getByRole("listitem").first().getByRole("link");
    const name = (await firstProduct.textContent())!.trim();
    await firstProduct.click();
    await expect(page).toHaveURL(/\/i\d+,[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("group", { name: "Zustand wählen" })).toContainText("Wie neu");
    await expect(page.getByText("Neupreis:").first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("product-de.png"), fullPage: true });

    await page.getByLabel("Sprache").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("group", { name: "Choose the condition" })).toContainText("Like new");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const cookies = await page.context().cookies();
    const language = cookies.find((c) => c.name === "reloop-language");
    expect(language?.value).toBe("en");
    // 365 days, give or take the test's own runtime.
    expect(language!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.screenshot({ path: testInfo.outputPath("product-en.png"), fullPage: true });

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  test("the page is painted before its modules are fetched, and hydrates after", async ({ page }) => {
    await page.goto("/i3,x");
    await hydrated(page);
    const { paint, modules } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-paint")[0]?.startTime ?? null,
      modules: performance
        .getEntriesByType("resource")
        .filter((r) => /\/assets\/.+\.js$/.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(paint).not.toBeNull();
    expect(modules.length).toBeGreaterThan(3);
    expect(Math.min(...modules)).toBeGreaterThanOrEqual(paint!);
  });

  test("a wrong slug redirects to the canonical product URL", async ({ page }) => {
    const response = await page.goto("/i1,wrong-slug?variant=a2");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/i1,(?!wrong-slug)[a-z0-9-]+\?variant=a2$/);
  });

  test("the alternative /p/ URL leads to the product", async ({ page }) => {
    await page.goto("/p/anything/1");
    await expect(page).toHaveURL(/\/i1,[a-z0-9-]+$/);
  });

  test("an unknown product and an unknown page show the 404 page", async ({ page }) => {
    const product = await page.goto("/i999999,nothing");
    expect(product?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    const unknown = await page.goto("/no/such/page");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
  });

  test("a page served with an error code shows that code", async ({ page }) => {
    const response = await page.goto("/error/503");
    expect(response?.status()).toBe(503);
    await expect(page.getByText("503")).toBeVisible();
  });

  test("a category opens from the home page, in the visitor's language", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "reloop-language", value: "fr", url: baseURL! }]);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const categories = page.getByRole("region", { name: /catégorie/i });
    await categories.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/acheter\//);
    await expect(page.getByRole("navigation", { name: /fil d/i })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole product page shows in place: language switcher, wishlist and alert forms, other versions and the footer", async ({ page }) => {
    await page.goto("/i5,x");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator('form[action="/language"]')).toBeVisible();
    await expect(page.getByTestId("watch-controls").locator('form[action="/wishlist"] button')).toBeVisible();
    await expect(page.getByRole("heading", { name: "Weitere Ausführungen" })).toBeVisible();
    await expect(page.locator("footer").getByRole("heading", { level: 2 }).first()).toBeVisible();
    // Nothing is left for a script to reveal.
    expect(await page.locator('div[hidden][id^="S:"]').count()).toBe(0);
  });
});
