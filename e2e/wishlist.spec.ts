import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, logInAsDemoCustomer, mailTo, test } from "./fixtures.ts";

/** Staff's session, for setting stock as the back-office will. */
async function staffSession(playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } }, baseURL: string) {
  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post("/api/customer/login", { data: { credentials: { email: "staff@reloop.local", password: "reloop-staff" } } })).status()).toBe(200);
  return staff;
}

test.describe("wishlist and buy alerts", () => {
  test("a visitor's heart asks for the login, and the product is wished right after it", async ({ page }) => {
    await page.goto("/i3,x");
    await page.getByTestId("watch-controls").locator('form[action="/wishlist"] button').click();
    await expect(page).toHaveURL(/\/auth\?.*then=wish%3A3/);
    const login = page.getByRole("region", { name: "Ich habe ein Konto" });
    await login.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
    await login.getByLabel("Passwort").fill("reloop-demo");
    await login.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/i3,/);
    await expect(page.getByTestId("watch-controls").locator('form[action="/wishlist"] button')).toHaveAttribute("aria-pressed", "true");
    await page.goto("/wishlist");
    await expect(page.getByTestId("wishlist").getByRole("listitem")).toHaveCount(1);
    // Off again from the product page.
    await page.goto("/i3,x");
    await hydrated(page);
    await page.getByTestId("watch-controls").locator('form[action="/wishlist"] button').click();
    await expect(page.getByTestId("watch-controls").locator('form[action="/wishlist"] button')).toHaveAttribute("aria-pressed", "false");
  });

  test("pages through a long wishlist, and removing the last item of the last page goes back a page", async ({ page }) => {
    await logInAsDemoCustomer(page);
    for (let id = 100; id < 125; id += 1) expect((await page.request.put(`/api/watchlist/${id}`)).status()).toBe(200);
    await page.goto("/wishlist");
    const items = page.getByTestId("wishlist").getByRole("listitem");
    await expect(items).toHaveCount(24);
    await page.getByRole("navigation", { name: "Seiten" }).getByRole("link", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(items).toHaveCount(1);
    await items.first().getByRole("button").click();
    await expect(page).toHaveURL(/\/wishlist(\?page=1)?$/);
    await expect(items).toHaveCount(24);
    for (let id = 100; id < 125; id += 1) await page.request.delete(`/api/watchlist/${id}`);
  });

  test("adds a buy alert for two sold-out grades, changes them, and mails once when one is back", async ({ page, playwright, baseURL }) => {
    const staff = await staffSession(playwright, baseURL!);
    // Each browser project its own product: the projects run one after the other on one server.
    const productId = test.info().project.name === "mobile" ? 5 : 6;
    for (const label of ["A1", "A2"]) expect((await staff.put(`/api/ops/products/${productId}/variants/${label}`, { data: { quantity: 0 } })).status()).toBe(200);
    await logInAsDemoCustomer(page);
    await page.request.delete(`/api/buy-alerts/${productId}`);
    await page.goto(`/i${productId},x`);
    const controls = page.getByTestId("watch-controls");
    await controls.locator("summary").click();
    await expect(controls.locator('input[name="variants"][value="A1"]')).toBeChecked();
    await expect(controls.locator('input[name="variants"][value="A2"]')).toBeChecked();
    await controls.locator('form[action="/buy-alerts"] button[type="submit"]').click();

    // The list opens that alert's grades, to change them at once.
    await expect(page).toHaveURL(new RegExp(`/buy-alerts\\?changed=${productId}`));
    const alert = page.getByTestId("buy-alert");
    const status = alert.getByTestId("buy-alert-status");
    await expect(status).toContainText("Sehr gut, Gut");
    await alert.locator('input[name="variants"][value="A1"]').uncheck();
    await alert.locator('form:has(input[value="change"]) button[type="submit"]').click();
    await expect(status).toHaveText("Wartet auf: Gut");

    expect((await staff.put(`/api/ops/products/${productId}/variants/A2`, { data: { quantity: 2 } })).status()).toBe(200);
    const { product } = await (await page.request.get(`/api/products/${productId}`)).json();
    const mail = await mailTo("demo@reloop.local", new RegExp(`${product.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*wieder`));
    expect(mail.text).toContain(`/i${productId},`);
    expect(mail.text).toContain("variant=A2");
    await page.goto("/buy-alerts");
    await expect(page.getByTestId("buy-alert-status")).toContainText(/\d{4}/);
    await page.getByTestId("buy-alert").locator('form:has(input[value="remove"]) button').click();
    await expect(page.getByTestId("buy-alert")).toHaveCount(0);
    await staff.dispose();
  });
});
