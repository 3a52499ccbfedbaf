import { expect, hydrated, test } from "./fixtures.ts";

test.describe("sell side", () => {
  test("suggests devices with their payout while typing; Enter on a suggestion opens its condition questions", async ({ page }) => {
    await page.goto("/verkaufen/suche");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 2, name: "Diese Geräte verkaufen viele gerade" })).toBeVisible();
    const field = page.getByRole("combobox", { name: "Welches Gerät möchtest du verkaufen?" });
    await field.fill("ip");
    await expect(page.getByRole("listbox")).toBeHidden();
    await field.fill("iphone");
    const options = page.getByRole("listbox", { name: "Vorschläge" }).getByRole("option");
    await expect(options.first()).toContainText("bis zu");
    expect(await options.count()).toBeLessThanOrEqual(6);
    const name = (await options.first().locator("span.line-clamp-2").textContent())!;
    await field.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/trade-in\/i\d+,/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  });

  test("a typed EAN or ISBN goes straight to its product's questions", async ({ page, request }) => {
    const { items } = await (await request.get("/api/trade-in/search?categoryId=20&pageSize=1")).json();
    const product = await (await request.get(`/api/products/${items[0].id}`)).json();
    const isbn = product.product.identifiers?.isbn ?? product.product.isbn;
    test.skip(!isbn, "the first book has no ISBN in this data");
    await page.goto(`/verkaufen/suche?query=${isbn}`);
    await expect(page).toHaveURL(new RegExp(`/trade-in/i${items[0].id},`));
  });

  test("retries a failing trade-in call twice before giving up, and says so", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/trade-in/search?**", async (route) => {
      calls += 1;
      if (calls <= 2) await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ errors: [{ code: "INTERNAL", message: "x" }] }) });
      else await route.continue();
    });
    await page.goto("/verkaufen/suche");
    await hydrated(page);
    await page.getByRole("combobox", { name: "Welches Gerät möchtest du verkaufen?" }).fill("galaxy");
    await expect(page.getByRole("listbox", { name: "Vorschläge" }).getByRole("option").first()).toContainText("Galaxy");
    expect(calls).toBe(3);

    await page.unroute("**/api/trade-in/search?**");
    await page.route("**/api/trade-in/search?**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.getByRole("combobox", { name: "Welches Gerät möchtest du verkaufen?" }).fill("pixel");
    await expect(page.getByText("Vorschläge sind gerade nicht verfügbar. Drück auf Suchen.")).toBeVisible();
  });

  test("says when nothing matches, and keeps the query in the field", async ({ page }) => {
    await page.goto("/verkaufen/suche?query=zzzz");
    await expect(page.getByText("Kein Gerät zu „zzzz“ gefunden")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Welches Gerät möchtest du verkaufen?" })).toHaveValue("zzzz");
  });

  test("the top-products pages of the sell side list devices the shop buys, linked to the sell search", async ({ page }) => {
    await page.goto("/verkaufen/top-produkte/1-100");
    await expect(page.getByRole("heading", { level: 1, name: "Top-Geräte zum Verkaufen 1–100" })).toBeVisible();
    const first = page.getByRole("listitem").filter({ hasText: "bis zu" }).first();
    const link = first.getByRole("link");
    const name = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(/\/verkaufen\/suche\?query=/);
    await expect(page.getByRole("list", { name: "Geräte, die wir ankaufen" }).getByRole("heading", { name })).toBeVisible();
    // Every language's prefix resolves.
    const english = await page.goto("/sell/top-produkte/1-10");
    expect(english?.status()).toBe(200);
  });
});
