import { expect, hydrated, test } from "./fixtures.ts";

test("the sale, theme and promo pages list their products", async ({ page }) => {
  for (const [path, title] of [["/kaufen/sale", "Sale"], ["/kaufen/theme/gaming", "Gaming"], ["/omg/black-week", "Black Week: Smartphones"], ["/kaufen/apple", "Apple refurbished"]] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("list", { name: title }).getByRole("listitem").first()).toBeVisible();
  }
  expect((await page.goto("/omg/nothing-here"))?.status()).toBe(404);
});

test("the authors list leads to an author's books", async ({ page }) => {
  await page.goto("/kaufen/autorinnen-und-autoren-welt");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Autorinnen und Autoren");
  const first = page.getByRole("main").getByRole("listitem").first().getByRole("link");
  const name = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bücher von ${name}`);
  await expect(page.getByRole("list", { name }).getByRole("listitem").first()).toBeVisible();
});

test("top products are listed by rank with links to further ranges", async ({ page }) => {
  // As many as the ranking holds now: other specs add products to the shared catalogue.
  const { items } = (await (await page.request.get("/api/top-products?from=1&to=1000&platform=blue")).json()) as { items: unknown[] };
  expect(items.length).toBeGreaterThanOrEqual(400);
  await page.goto("/kaufen/top-produkte/1-1000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Top-Produkte 1–1000");
  await expect(page.getByRole("main").locator("ol > li")).toHaveCount(items.length);
  expect((await page.goto("/kaufen/top-produkte/9-1"))?.status()).toBe(404);
});

test("robots.txt and the sitemap are served", async ({ request }) => {
  expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
  expect(await (await request.get("/sitemap.xml")).text()).toContain("<sitemapindex");
});

test("the home page leads to the curated lists", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Schnell zu" }).getByRole("link", { name: "Zum Sale" }).click();
  await expect(page).toHaveURL(/\/kaufen\/sale$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sale");
  await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute("href", /\/acheter\/sale$/);
});
