import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, logInAsDemoCustomer, test, keepScreenshot } from "./fixtures.ts";

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
    await keepScreenshot(page, { path: testInfo.outputPath("home.png"), fullPage: true });

    const firstProduct = grid.getByRole("listitem").first().getByRole("link");
    const name = (await firstProduct.textContent())!.trim();
    await firstProduct.click();
    await expect(page).toHaveURL(/\/i\d+,[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("group", { name: "Zustand wählen" })).toContainText("Wie neu");
    await expect(page.getByText("Neupreis:").first()).toBeVisible();
    await keepScreenshot(page, { path: testInfo.outputPath("product-de.png"), fullPage: true });

    await page.getByLabel("Sprache").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("group", { name: "Choose the condition" })).toContainText("Like new");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const cookies = await page.context().cookies();
    const language = cookies.find((c) => c.name === "reloop-language");
    expect(language?.value).toBe("en");
    // 365 days, give or take the test's own runtime.
    expect(language!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await keepScreenshot(page, { path: testInfo.outputPath("product-en.png"), fullPage: true });

    await expectNoAxeViolations(page);
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

  test("a wrong slug redirects to the canonical product URL", { tag: "@same-on-every-screen" }, async ({ page }) => {
    const response = await page.goto("/i1,wrong-slug?variant=a2");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/i1,(?!wrong-slug)[a-z0-9-]+\?variant=a2$/);
  });

  test("the alternative /p/ URL leads to the product", { tag: "@same-on-every-screen" }, async ({ page }) => {
    await page.goto("/p/anything/1");
    await expect(page).toHaveURL(/\/i1,[a-z0-9-]+$/);
  });

  test("an unknown product and an unknown page show the 404 page", { tag: "@same-on-every-screen" }, async ({ page }) => {
    const product = await page.goto("/i999999,nothing");
    expect(product?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    const unknown = await page.goto("/no/such/page");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
  });

  test("a page served with an error code shows that code", { tag: "@same-on-every-screen" }, async ({ page }) => {
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

test.describe("switching the language", () => {
  test("on a category or the search, goes to the same page under the translated prefix", async ({ page, request }) => {
    const navigation = await (await request.get("/api/navigation?locale=de&path=elektronik%2Fsmartphones&pathLocale=de")).json();
    const english = navigation.alternates.en as string;
    expect(english).toBeTruthy();
    await page.goto("/kaufen/elektronik/smartphones?sort=price_asc");
    const switcherReady = () => page.locator('form[action="/language"][data-ready]').waitFor();
    await switcherReady();
    await page.getByLabel("Sprache").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(new RegExp(`/buy/${english}\\?sort=price_asc$`));
    const inEnglish = await (await request.get(`/api/navigation?locale=en&path=${encodeURIComponent(english)}&pathLocale=en`)).json();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(inEnglish.categories[0].name);
    await keepScreenshot(page, { path: `/tmp/shots/language-category-${test.info().project.name}.png` });

    await page.goto("/buy/search?query=iphone");
    await switcherReady();
    await page.getByLabel("Language").selectOption("fr");
    await expect(page).toHaveURL(/\/acheter\/rechercher\?query=iphone$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("iphone");
  });
});

test.describe("a customer's wishlist and alerts", () => {
  test("are pages of the account, with its navigation", async ({ page }) => {
    await logInAsDemoCustomer(page);
    for (const [path, name] of [["/wishlist", "Wunschliste"], ["/buy-alerts", "Verfügbarkeitsalarme"]] as const) {
      await page.goto(path);
      await hydrated(page);
      const nav = page.getByRole("navigation", { name: "Kontobereich" });
      await expect(nav).toBeVisible();
      await expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await keepScreenshot(page, { path: `/tmp/shots/account${path.replace("/", "-")}-${test.info().project.name}.png`, fullPage: true });
    }
    // And the way back from them to the rest of the account.
    await page.getByRole("navigation", { name: "Kontobereich" }).getByRole("link", { name: "Meine Verkäufe" }).click();
    await expect(page).toHaveURL(/\/my\/sales$/);
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
