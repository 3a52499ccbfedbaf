import { expect, hydrated, newsletterReady, test } from "./fixtures.ts";

test("browses a category: filter, sort, page 2, and back", async ({ page }) => {
  await page.goto("/kaufen/elektronik/smartphones");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Smartphones");
  const filters = page.getByRole("form", { name: "Filter" });
  const toggle = filters.getByRole("button", { name: /^Filter \(/ });
  if (await toggle.isVisible()) await toggle.click();

  await filters.getByLabel("Auf Lager").check();
  await expect(page).toHaveURL(/inStock=1/);
  await filters.getByRole("checkbox", { name: /^Gut/ }).check();
  await expect(page).toHaveURL(/grade=A2/);
  await filters.getByLabel("Sortieren").selectOption("price_asc");
  await expect(page).toHaveURL(/sort=price_asc/);

  const grid = page.getByRole("list", { name: "Smartphones" });
  await expect(grid.getByRole("listitem")).toHaveCount(29);
  // The address changes as the navigation ends, and the list is drawn right after: asked until it is.
  const prices = async () => (await grid.locator("li .text-lg").allTextContents()).map((p) => Number(p.replace(/[^\d,]/g, "").replace(",", ".")));
  await expect.poll(async () => (await prices()).every((price, i, all) => i === 0 || all[i - 1]! <= price)).toBe(true);

  await page.getByRole("link", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Seite 2 von \d+/)).toBeVisible();
  const firstOnPage2 = await grid.getByRole("listitem").first().textContent();

  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).toHaveURL(/grade=A2/);
  await expect(page.getByText(/Seite 1 von \d+/)).toBeVisible();
  await expect(grid.getByRole("listitem").first()).not.toHaveText(firstOnPage2!);
  await expect(filters.getByRole("checkbox", { name: /^Gut/ })).toBeChecked();
});

test("a path that is no category answers 404", { tag: "@same-on-every-screen" }, async ({ page }) => {
  const response = await page.goto("/kaufen/no-such-category");
  expect(response?.status()).toBe(404);
});

test("scroll position: top on a new page, restored on back", async ({ page }) => {
  await page.goto("/kaufen/elektronik/smartphones");
  await hydrated(page);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const link = page.getByRole("list", { name: "Smartphones" }).getByRole("link").nth(12);
  await link.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/\/i\d+,/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/smartphones$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
});

test("navigating to the same URL loads its data again", { tag: "@same-on-every-screen" }, async ({ page }) => {
  await page.goto("/kaufen/elektronik/smartphones");
  await hydrated(page);
  // The footer hydrates after the page: its links navigate client-side only from then on.
  await newsletterReady(page);
  const breadcrumb = page.getByRole("navigation", { name: "Brotkrumennavigation" });
  const reloaded = page.waitForRequest((r) => r.url().includes(".data"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Smartphones" }).click();
  await reloaded;
  await expect(breadcrumb).toBeVisible();
});

test("a client-side navigation to an unknown page loads it whole, and shows the error page", { tag: "@same-on-every-screen" }, async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  for (const path of ["/no/such/page", "/nothing-here"]) {
    const load = page.waitForEvent("load");
    await page.evaluate((to) => {
      void (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(to);
    }, path);
    await load;
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await page.goto("/");
    await hydrated(page);
  }
});

test("MacBook categories preselect in-stock products, and the visitor can untick it", async ({ page }) => {
  await page.goto("/kaufen/elektronik/laptops/macbook-air");
  await hydrated(page);
  await expect(page).toHaveURL(/inStock=1&preselected=1$/);
  const filters = page.getByRole("form", { name: "Filter" });
  const toggle = filters.getByRole("button", { name: /^Filter \(/ });
  if (await toggle.isVisible()) await toggle.click();
  const inStock = filters.getByRole("checkbox", { name: /^Auf Lager/ });
  await expect(inStock).toBeChecked();
  await inStock.uncheck();
  await expect(page).toHaveURL(/preselected=1/);
  await expect(page).not.toHaveURL(/inStock=1/);
  await expect(inStock).not.toBeChecked();
});
