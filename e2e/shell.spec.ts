import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, firstVisit, hydrated, newsletterReady, test, keepScreenshot } from "./fixtures.ts";

/** The consent banner's code loads on demand: wait until it can take a click. */
async function bannerReady(page: Page): Promise<void> {
  await page.locator("section[data-ready]").waitFor();
}

const mailDir = join(process.env.E2E_DATA_DIR ?? `./data/e2e-${process.env.E2E_PORT ?? 3210}`, "mail");

firstVisit.describe("first visit", () => {
  firstVisit("sets no optional cookie or storage before consent; the banner records the choice", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies und Datenschutz" });
    await expect(banner).toBeVisible();
    await bannerReady(page);
    expect(await page.evaluate(() => document.cookie)).toBe("");
    expect(await page.evaluate(() => ({ local: localStorage.length, dataLayer: "dataLayer" in window }))).toEqual({ local: 0, dataLayer: false });

    await banner.getByRole("button", { name: "Einstellungen" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
    await dialog.getByLabel("Statistik").check();
    await expect(dialog.getByLabel("Notwendig")).toBeDisabled();
    await dialog.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => document.cookie)).toContain("reloop-consent=necessary%2Cstatistics");

    await page.reload();
    await expect(page.getByRole("region", { name: "Cookies und Datenschutz" })).toHaveCount(0);
    // Statistics consent given: a search is tracked.
    // The header's field becomes a combobox once focused: its id stays.
    await page.locator("#site-search").fill("iPhone");
    await page.locator("#site-search").press("Enter");
    await expect(page).toHaveURL(/\/kaufen\/suchen\?query=iPhone/);
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event))).toContain("search");
  });

  firstVisit("reject all keeps only the necessary category", { tag: "@same-on-every-screen" }, async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await bannerReady(page);
    await page.getByRole("button", { name: "Alle ablehnen" }).click();
    expect(await page.evaluate(() => document.cookie)).toBe("reloop-consent=necessary");
    await page.goto("/i1,x");
    await hydrated(page);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  });

  firstVisit("the language dialog waits for the consent banner's answer: never both at once", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await bannerReady(page);
    const banner = page.getByRole("region", { name: "Cookies und Datenschutz" });
    const modal = page.getByRole("dialog", { name: "Welche Sprache sprichst du?" });
    await page.clock.runFor(8_000);
    // Past the 6 seconds: the banner is still unanswered, so the dialog does not cover it.
    await expect(modal).toBeHidden();
    await keepScreenshot(page, { path: `/tmp/shots/first-visit-banner-${firstVisit.info().project.name}.png` });
    await banner.getByRole("button", { name: "Alle ablehnen" }).click();
    await expect(banner).toBeHidden();
    // Answered after the 6 seconds: the dialog follows at once, alone.
    await page.clock.runFor(100);
    await expect(modal).toBeVisible();
    await keepScreenshot(page, { path: `/tmp/shots/first-visit-language-${firstVisit.info().project.name}.png` });
    await modal.getByLabel("Deutsch").check();
    await modal.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  firstVisit("asks for the language after 6 seconds, with English preselected", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await bannerReady(page);
    await page.getByRole("button", { name: "Alle akzeptieren" }).click();
    const modal = page.getByRole("dialog", { name: "Welche Sprache sprichst du?" });
    // Time stands still from here; the 6 seconds count from the page's start.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const elapsed = await page.evaluate(() => performance.now());
    await page.clock.runFor(Math.max(0, 6_000 - elapsed - 300));
    await expect(modal).toBeHidden();
    await page.clock.runFor(600);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("English")).toBeChecked();
    await modal.getByLabel("Italiano").check();
    await modal.getByRole("button", { name: "Weiter" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    const cookie = (await page.context().cookies()).find((c) => c.name === "reloop-language");
    expect(cookie?.value).toBe("it");
    await page.clock.runFor(7_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("app shell", () => {
  test("each page carries the route manifest of its own routes and their ancestors, whatever was rendered before", { tag: "@same-on-every-screen" }, async ({ request }) => {
    const manifestOf = async (path: string) => {
      const html = await (await request.get(path)).text();
      const json = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)?.[1];
      expect(json, path).toBeTruthy();
      return Object.keys((JSON.parse(json!) as { routes: Record<string, unknown> }).routes).sort();
    };
    const cart = ["layouts/checkout", "layouts/default", "root", "routes/cart", "routes/home"];
    const search = ["layouts/default", "root", "routes/home", "search-de"];
    // The cart's ancestor /checkout is a product's address; a search's /kaufen is a category's.
    expect(await manifestOf("/checkout/cart")).toEqual([...cart, "routes/product"].sort());
    expect(await manifestOf("/kaufen/suchen?query=iphone")).toEqual([...search, "buy-category-de"].sort());
    expect(await manifestOf("/checkout/cart")).toEqual([...cart, "routes/product"].sort());
  });

  test("shows the running announcement, not the expired one", { tag: "@same-on-every-screen" }, async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const bar = page.getByRole("complementary", { name: "Ankündigungen" });
    await expect(bar).toContainText("Kostenloser Versand");
    await expect(bar).not.toContainText("Black Week");
  });

  test("turns the flash bag cookie into toasts, once", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "flashbag", value: encodeURIComponent(JSON.stringify({ success: ["Gespeichert"], info: ["Hinweis"] })), url: baseURL! }]);
    await page.goto("/");
    await hydrated(page);
    const toasts = page.getByRole("status").filter({ hasText: /Gespeichert|Hinweis/ });
    await expect(toasts).toHaveCount(2);
    expect((await page.context().cookies()).some((c) => c.name === "flashbag")).toBe(false);
    await page.reload();
    await expect(page.getByText("Gespeichert")).toHaveCount(0);
  });

  test("toasts time out after (title + message) × 100 ms", { tag: "@same-on-every-screen" }, async ({ page, baseURL }) => {
    await page.clock.install();
    // A moment from now, never a fixed date: the clock cannot be set back.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.context().addCookies([{ name: "flashbag", value: encodeURIComponent(JSON.stringify({ danger: ["Zwanzig Zeichen lang"] })), url: baseURL! }]);
    await page.goto("/");
    await hydrated(page);
    const toast = page.getByRole("alert").filter({ hasText: "Zwanzig Zeichen lang" });
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(300);
    await expect(toast).toHaveCount(0);
  });

  test("a 429 from the API sends the visitor to the verification page, and back after confirming", { tag: "@same-on-every-screen" }, async ({ page }) => {
    await page.goto("/i1,x");
    await hydrated(page);
    const productUrl = new URL(page.url());
    await page.route("**/api/newsletter/subscriptions", (route) =>
      route.fulfill({
        status: 429,
        headers: { "x-verify-location": "/verify", "content-type": "application/json" },
        body: JSON.stringify({ errors: [{ code: "TOO_MANY_REQUESTS", message: "Too many requests" }] }),
      }),
    );
    await newsletterReady(page);
    await page.getByLabel("E-Mail-Adresse").fill("someone@example.com");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/verify\?next=/);
    expect(new URL(page.url()).searchParams.get("next")).toBe(productUrl.pathname);
    await page.getByRole("button", { name: "Ich bin ein Mensch – weiter" }).click();
    await expect(page).toHaveURL(productUrl.pathname);
    expect((await page.context().cookies()).find((c) => c.name === "reloop-verified")?.httpOnly).toBe(true);
  });

  test("an undeliverable e-mail address shows a warning with a link to change it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.route("**/api/newsletter/subscriptions", (route) =>
      route.fulfill({ status: 202, headers: { "x-email-delivery-impossible": "1", "content-type": "application/json" }, body: JSON.stringify({ status: "pending" }) }),
    );
    await newsletterReady(page);
    await page.getByLabel("E-Mail-Adresse").fill("someone@example.com");
    await page.getByRole("button", { name: "Anmelden" }).click();
    const warning = page.getByRole("status").filter({ hasText: "Wir können dir keine E-Mails zustellen" });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("link", { name: "E-Mail-Adresse ändern" })).toBeVisible();
  });

  test("a new build announced by X-Version reloads the page on the first navigation 15 minutes later", { tag: "@same-on-every-screen" }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await page.route("**/api/newsletter/subscriptions", (route) =>
      route.fulfill({ status: 202, headers: { "x-version": "9.9.9+next", "content-type": "application/json" }, body: JSON.stringify({ status: "pending" }) }),
    );
    await newsletterReady(page);
    await page.getByLabel("E-Mail-Adresse").fill("someone@example.com");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fast geschafft" })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // Before 15 minutes a navigation stays client-side.
    await page.clock.runFor(60_000);
    await page.getByRole("contentinfo").getByRole("link", { name: "Smartphones" }).click();
    await expect(page).toHaveURL(/\/kaufen\/elektronik\/smartphones$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.clock.runFor(900_000);
    await page.getByRole("link", { name: "reloop" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    // A new document has no marker; evaluating may meet the reload half-way, so retry.
    await expect(async () => {
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    }).toPass({ timeout: 15_000 });
  });

  test("subscribes to the newsletter with double opt-in", { tag: "@same-on-every-screen" }, async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const email = `e2e-${Date.now()}@example.com`;
    await newsletterReady(page);
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fast geschafft" })).toBeVisible();

    let mail = "";
    await expect(async () => {
      const files = readdirSync(mailDir).filter((f) => f.endsWith(".eml")).map((f) => readFileSync(join(mailDir, f), "utf8"));
      mail = files.find((m) => m.includes(email)) ?? "";
      expect(mail).not.toBe("");
    }).toPass({ timeout: 10_000 });
    const link = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w=-]+/.exec(mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmeldung bestätigt");
    await expect(page.getByText(email)).toBeVisible();
  });

  test("an invalid e-mail is refused with an error toast and nothing is lost", { tag: "@same-on-every-screen" }, async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await newsletterReady(page);
    const input = page.getByLabel("E-Mail-Adresse");
    // Browsers check the format first; a syntactically valid but unacceptable address reaches the server.
    await input.fill("x@y");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Die Anmeldung hat nicht geklappt" })).toBeVisible();
    await expect(input).toHaveValue("x@y");
  });
});

test("the consent choices also work as a plain form post, before the banner's script runs", async ({ request }) => {
  const response = await request.post("/consent", { form: { choice: "reject", redirectTo: "/i1,x" }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toBe("/i1,x");
  expect(response.headers()["set-cookie"]).toContain("reloop-consent=necessary;");
  const offsite = await request.post("/consent", { form: { choice: "acceptAll", redirectTo: "//evil.example" }, maxRedirects: 0 });
  expect(offsite.headers()["location"]).toBe("/");
});
