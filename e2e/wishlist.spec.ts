import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, logInAsDemoCustomer, mailsTo, mailTo, staffApi, test } from "./fixtures.ts";

test.describe("the plain forms' way", () => {
  test("a visitor's wish goes through the login page, and the product is wished right after it", async ({ page, baseURL }) => {
    // What the heart's form does before (or without) JavaScript: the login page, carrying the wish.
    const posted = await page.request.post("/wishlist", { form: { productId: "3", intent: "add" }, headers: { referer: `${baseURL}/i3,x` }, maxRedirects: 0 });
    expect(posted.status()).toBe(303);
    expect(posted.headers().location).toMatch(/^\/auth\?.*then=wish%3A3/);
    await page.goto(posted.headers().location!);
    const login = page.getByRole("region", { name: "Ich habe ein Konto" });
    await login.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
    await login.getByLabel("Passwort").fill("reloop-demo");
    await login.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/i3,/);
    await expect(page.getByTestId("watch-controls").locator('form[action="/wishlist"] button')).toHaveAttribute("aria-pressed", "true");
    await page.goto("/wishlist");
    await expect(page.getByTestId("wishlist").getByRole("listitem")).toHaveCount(1);
    expect((await page.request.delete("/api/watchlist/3")).status()).toBe(200);
  });

  test("an alert with grades added by the plain form opens them on the alerts page", async ({ page, baseURL }) => {
    await logInAsDemoCustomer(page);
    await page.request.delete("/api/buy-alerts/9");
    const posted = await page.request.post("/buy-alerts", { form: { productId: "9", variants: "A3" }, headers: { referer: `${baseURL}/i9,x` }, maxRedirects: 0 });
    expect(posted.status()).toBe(303);
    expect(posted.headers().location).toBe("/buy-alerts?changed=9");
    await page.goto(posted.headers().location!);
    const alert = page.getByTestId("buy-alert").filter({ has: page.locator('input[name="productId"][value="9"]') }).first();
    await expect(alert.locator("details")).toHaveAttribute("open", "");
    await expect(alert.locator('input[name="variants"][value="A3"]')).toBeChecked();
    expect((await page.request.delete("/api/buy-alerts/9")).status()).toBe(200);
  });
});

test.describe("wishlist and buy alerts", () => {
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
    const staff = await staffApi(playwright, baseURL!);
    // Each browser project its own product: the projects run one after the other on one server.
    const productId = test.info().project.name === "mobile" ? 5 : 6;
    for (const label of ["A1", "A2"]) expect((await staff.put(`/api/ops/products/${productId}/variants/${label}`, { data: { quantity: 0 } })).status()).toBe(200);
    await logInAsDemoCustomer(page);
    await page.request.delete(`/api/buy-alerts/${productId}`);
    await page.goto(`/i${productId},x`);
    const controls = page.getByTestId("watch-controls");
    await expect(controls).toHaveAttribute("data-ready", "true");
    await controls.locator("summary").click();
    await expect(controls.locator('input[name="variants"][value="A1"]')).toBeChecked();
    await expect(controls.locator('input[name="variants"][value="A2"]')).toBeChecked();
    await controls.locator('form[action="/buy-alerts"] button[type="submit"]').click();

    // The grades open over the product page, to change them at once.
    const dialog = page.getByRole("dialog", { name: "Für welche Zustände sollen wir Bescheid geben?" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/i${productId},`));
    await expect(page.getByText("Wir sagen dir Bescheid, sobald es wieder da ist.")).toBeVisible();
    await expect(dialog.getByLabel("Sehr gut")).toBeChecked();
    await expect(dialog.getByLabel("Gut", { exact: true })).toBeChecked();
    await dialog.getByLabel("Sehr gut").uncheck();
    await dialog.getByRole("button", { name: "Zustände speichern" }).click();
    await expect(dialog).toBeHidden();
    // "Change" opens them again, as saved; Escape closes.
    await controls.getByRole("button", { name: "Ändern" }).click();
    await expect(dialog.getByLabel("Sehr gut")).not.toBeChecked();
    await expect(dialog.getByLabel("Gut", { exact: true })).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.goto("/buy-alerts");
    await expect(page.getByTestId("buy-alert").getByTestId("buy-alert-status")).toHaveText("Wartet auf: Gut");

    const { product } = await (await page.request.get(`/api/products/${productId}`)).json();
    const backInStock = new RegExp(`${product.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*wieder`);
    const mailedBefore = (await mailsTo("demo@reloop.local", backInStock)).length;
    expect((await staff.put(`/api/ops/products/${productId}/variants/A2`, { data: { quantity: 2 } })).status()).toBe(200);
    const mail = await mailTo("demo@reloop.local", backInStock);
    expect(mail.text).toContain(`/i${productId},`);
    expect(mail.text).toContain("variant=A2");
    // Once: another stock change sweeps the alerts again, and this one, done, sends nothing more.
    expect((await staff.put(`/api/ops/products/${productId}/variants/A2`, { data: { quantity: 3 } })).status()).toBe(200);
    await page.waitForTimeout(2_000);
    expect(await mailsTo("demo@reloop.local", backInStock)).toHaveLength(mailedBefore + 1);
    await page.goto("/buy-alerts");
    await expect(page.getByTestId("buy-alert-status")).toContainText(/\d{4}/);
    await page.getByTestId("buy-alert").locator('form:has(input[value="remove"]) button').click();
    await expect(page.getByTestId("buy-alert")).toHaveCount(0);
    await staff.dispose();
  });
});

test.describe("hearts on lists, and the alerts in the header", () => {
  test("a visitor's card heart asks for a login and wishes right after it; the customer's hearts show and toggle", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "reloop-consent", value: "necessary,statistics", url: baseURL! }]);
    await page.goto("/kaufen/elektronik/smartphones");
    await hydrated(page);
    // Each browser project its own card: the projects run one after the other on one server.
    const form = page.locator('form[action="/wishlist"]').nth(test.info().project.name === "mobile" ? 1 : 2);
    const productId = Number(await form.locator('input[name="productId"]').inputValue());
    const heart = form.getByRole("button");
    await expect(heart).toHaveAccessibleName(/^Wunschliste: .+/);
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expectNoAxeViolations(page, '[data-testid="tile-heart"]');

    await heart.click();
    const dialog = page.getByRole("dialog", { name: "Ich habe ein Konto" });
    await dialog.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
    await dialog.getByLabel("Passwort").fill("reloop-demo");
    await dialog.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toBeVisible();
    await expect(page).toHaveURL(/\/kaufen\/elektronik\/smartphones$/);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    expect((await (await page.request.get(`/api/wishlist/wished?productIds=${productId}`)).json()).productIds).toEqual([productId]);

    // Signed in, the heart posts at once: off again, and (with statistics consent) the wishlist event says so.
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "add_to_wishlist"));
    expect(events.at(-1)).toEqual(expect.objectContaining({ items: [expect.objectContaining({ item_id: String(productId) })], active: false, currency: "EUR" }));
    expect((await (await page.request.get(`/api/wishlist/wished?productIds=${productId}`)).json()).productIds).toEqual([]);
  });

  test("an alert added through the login says so with a link to the alerts, and the header counts the waiting ones", async ({ page, playwright, baseURL }) => {
    const productId = test.info().project.name === "mobile" ? 41 : 42;
    // A grade sold out, so the alert waits (one in stock would be mailed at once).
    const staff = await staffApi(playwright, baseURL!);
    const { product } = await (await page.request.get(`/api/products/${productId}`)).json();
    const grade: { label: string; quantity: number } = product.variantPicker[0];
    expect((await staff.put(`/api/ops/products/${productId}/variants/${grade.label}`, { data: { quantity: 0 } })).status()).toBe(200);
    // The product page's alert form without JavaScript, from the page's own address: the login page, carrying the alert.
    await page.goto(`/i${productId},x`);
    const posted = await page.request.post("/buy-alerts", { form: { productId: String(productId), variants: grade.label }, headers: { referer: page.url() }, maxRedirects: 0 });
    expect(posted.headers().location).toMatch(/^\/auth\?.*then=alert%3A/);
    await page.goto(posted.headers().location!);
    const login = page.getByRole("region", { name: "Ich habe ein Konto" });
    await login.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
    await login.getByLabel("Passwort").fill("reloop-demo");
    await login.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(new RegExp(`/i${productId},`));

    const waiting: number = (await (await page.request.get("/api/buy-alerts")).json()).numberOfBuyAlerts;
    expect(waiting).toBeGreaterThan(0);
    const headerLink = page.getByRole("banner").getByRole("link", { name: new RegExp(`^Verfügbarkeitsalarme, ${waiting} aktiv$`) });
    await expect(headerLink).toBeVisible();
    await expect(headerLink.getByTestId("buy-alert-count")).toHaveText(String(waiting));

    await page.getByRole("status").getByRole("link", { name: "Zu meinen Verfügbarkeitsalarmen" }).click();
    await expect(page).toHaveURL(/\/buy-alerts$/);

    expect((await page.request.delete(`/api/buy-alerts/${productId}`)).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("banner").getByRole("link", { name: waiting > 1 ? `Verfügbarkeitsalarme, ${waiting - 1} aktiv` : "Verfügbarkeitsalarme" })).toHaveAttribute("href", "/buy-alerts");
    expect((await staff.put(`/api/ops/products/${productId}/variants/${grade.label}`, { data: { quantity: grade.quantity } })).status()).toBe(200);
    await staff.dispose();
  });
});
