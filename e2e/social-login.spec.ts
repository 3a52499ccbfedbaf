import { expectNoAxeViolations } from "./axe.ts";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, nextFacebookPerson, nextProviderAccount, test } from "./fixtures.ts";

/** Clicks a popup's button that closes the popup: its close may come before the click returns, so it is awaited from before. */
async function clickClosing(popup: Page, button: Locator): Promise<void> {
  const closed = popup.waitForEvent("close");
  await button.click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
}

/** Each browser project its own person: the projects run one after the other on one server. */
const who = (provider: string) => `${provider}-${test.info().project.name}`;

test.describe("social login through the OpenID Connect stand-in", () => {
  test("Google by redirect: to the provider and back, signed in at the target", async ({ page }) => {
    const email = `${who("google")}@example.com`;
    await nextProviderAccount({ sub: who("google"), email, email_verified: true, given_name: "Gina" });
    await page.goto("/auth?next=%2Fmy");
    await page.getByTestId("social-login-google").click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByRole("link", { name: `Mein Konto (${email})` })).toBeVisible();

    // The settings list the connected login; it stays while it is the account's only way in.
    await page.goto("/my/settings");
    const logins = page.getByTestId("connected-logins");
    await expect(logins.getByRole("listitem")).toHaveText([new RegExp(`Google\\s*${email}`)]);
    await logins.getByRole("button", { name: "Google trennen" }).click();
    await expect(logins.getByRole("alert")).toContainText("einzige Anmeldung");
    await expect(logins.getByRole("listitem")).toHaveCount(1);

    // The newsletter, by the same double opt-in as the footer's form.
    const newsletter = page.getByTestId("newsletter-preference");
    await newsletter.getByRole("button", { name: "Newsletter abonnieren" }).click();
    await expect(newsletter.getByRole("status")).toContainText("Bestätige den Link");
  });

  test("Apple by redirect: to the provider and back, signed in at the target", async ({ page }) => {
    const email = `${who("apple")}@example.com`;
    await nextProviderAccount({ sub: who("apple"), email, email_verified: true });
    await page.goto("/auth?next=%2Fmy");
    await page.getByTestId("social-login-apple").click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByRole("link", { name: `Mein Konto (${email})` })).toBeVisible();
    await page.goto("/my/settings");
    await expect(page.getByTestId("connected-logins").getByRole("listitem")).toHaveText([new RegExp(`Apple\\s*${email}`)]);
  });

  test("PayPal by popup: the popup logs in, hands its answer over and closes, the page goes on signed in", async ({ page }) => {
    const email = `${who("paypal")}@example.com`;
    await nextProviderAccount({ sub: who("paypal"), email, email_verified: true });
    await page.goto("/auth?next=%2Fmy");
    await hydrated(page);
    const popupOpened = page.waitForEvent("popup");
    await page.getByTestId("social-login-paypal").click();
    const popup = await popupOpened;
    // It closes itself, perhaps before a close event could be awaited.
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByRole("link", { name: `Mein Konto (${email})` })).toBeVisible();
    // The opener's stored state is gone once the login is done.
    expect(await page.evaluate(() => localStorage.getItem("paypal-login-state"))).toBeNull();
  });
});

test.describe("Facebook login through the stand-in SDK", () => {
  /** A new person at Facebook for each project: Facebook ids are digits. */
  const facebookId = (n: number) => `${n}${test.info().project.name === "mobile" ? 1 : 2}`;

  test("from the login dialog: the SDK comes on the click, Facebook's popup grants, the API checks the token and the wish happens", async ({ page }) => {
    const email = `${who("facebook")}@example.com`;
    await nextFacebookPerson({ id: facebookId(501), email, first_name: "Fiona" });
    const productId = test.info().project.name === "mobile" ? 11 : 12;
    const sdkRequests: string[] = [];
    page.on("request", (request) => void (request.url().includes("/sdk.js") && sdkRequests.push(request.url())));
    const response = await page.goto(`/i${productId},x`);
    // The page may load the SDK from its address (only because Facebook login is offered), but does not on first load.
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:\d+ 'nonce-/);
    await hydrated(page);
    await page.locator('[data-testid="watch-controls"][data-ready] form[action="/wishlist"] button').click();
    const dialog = page.getByRole("dialog", { name: "Ich habe ein Konto" });
    await expect(dialog.getByTestId("social-login-facebook")).toBeVisible();
    expect(sdkRequests).toEqual([]);
    expect(await page.evaluate(() => "FB" in window)).toBe(false);

    const popupOpened = page.waitForEvent("popup");
    await dialog.getByTestId("social-login-facebook").click();
    const popup = await popupOpened;
    // In the page's language, with the version and scope Facebook's SDK was set up with.
    expect(sdkRequests).toEqual([expect.stringMatching(/\/facebook\/sdk\/de_DE\/sdk\.js$/)]);
    await expect(popup.getByText("It asks for: email")).toBeVisible();
    await clickClosing(popup, popup.getByRole("button", { name: "Continue", exact: true }));

    await expect(page.getByRole("link", { name: `Mein Konto (${email})` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/i${productId},`));
    await expect(page.getByTestId("watch-controls").locator('form[action="/wishlist"] button')).toHaveAttribute("aria-pressed", "true");
    await page.goto("/my/settings");
    await expect(page.getByTestId("connected-logins").getByRole("listitem")).toHaveText([new RegExp(`Facebook\\s*${email}`)]);
  });

  test("a declined e-mail permission: the server refuses, the page says why, and the visitor stays signed out", async ({ page }) => {
    const email = `${who("facebook-declined")}@example.com`;
    await nextFacebookPerson({ id: facebookId(502), email });
    await page.goto("/auth?next=%2Fmy");
    await hydrated(page);
    const popupOpened = page.waitForEvent("popup");
    await page.getByTestId("social-login-facebook").click();
    const popup = await popupOpened;
    await clickClosing(popup, popup.getByRole("button", { name: "Decline e-mail" }));

    await expect(page.getByTestId("facebook-login-error")).toHaveText("Wir brauchen deine E-Mail-Adresse: Bitte erlaube Facebook, sie mit uns zu teilen, und versuche es noch einmal.");
    await expect(page).toHaveURL(/\/auth\?next=%2Fmy$/);
    expect((await (await page.request.post("/api/user-meta", { data: { withCart: false } })).json()).user).toBeNull();
    await expect(page.getByRole("link", { name: /Mein Konto/ })).toHaveCount(0);
  });
});

test.describe("the login dialog", () => {
  test("a visitor's heart opens it, Escape closes it, and the wish happens right after the login", async ({ page }) => {
    const productId = test.info().project.name === "mobile" ? 7 : 8;
    await page.goto(`/i${productId},x`);
    await hydrated(page);
    const controls = page.locator('[data-testid="watch-controls"][data-ready]');
    const heart = controls.locator('form[action="/wishlist"] button');
    await heart.click();
    const dialog = page.getByRole("dialog", { name: "Ich habe ein Konto" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/i${productId},`));
    // Focus never reaches the page behind the dialog (past its last control it may leave for the browser's own).
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await expectNoAxeViolations(page, '[data-testid="login-modal"]');
    await expect(dialog).toHaveAccessibleDescription(/Melde dich an/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Focus goes back to what opened it.
    await expect(heart).toBeFocused();

    await heart.click();
    await dialog.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
    await dialog.getByLabel("Passwort").fill("wrong password");
    await dialog.getByRole("button", { name: "Anmelden" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expect(dialog.getByLabel("E-Mail-Adresse")).toHaveValue("demo@reloop.local");
    await dialog.getByLabel("Passwort").fill("reloop-demo");
    await dialog.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/i${productId},`));
    await expect(page.getByTestId("watch-controls").locator('form[action="/wishlist"] button')).toHaveAttribute("aria-pressed", "true");
    // Off again, for the next run.
    expect((await page.request.delete(`/api/watchlist/${productId}`)).status()).toBe(200);
  });
});

test.describe("writing a review as a visitor", () => {
  const productId = () => (test.info().project.name === "mobile" ? 33 : 34);

  test("the link opens the login dialog, and the login goes on to the review form", async ({ page }) => {
    await page.goto(`/i${productId()},x`);
    await hydrated(page);
    await page.locator("#reviews a[data-ready]", { hasText: "Bewertung schreiben" }).click();
    const dialog = page.getByRole("dialog", { name: "Ich habe ein Konto" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/i${productId()},`));
    await dialog.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
    await dialog.getByLabel("Passwort").fill("reloop-demo");
    await dialog.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(new RegExp(`/write-review/${productId()}/`));
    await expect(page.getByRole("button", { name: "Bewertung absenden" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toBeVisible();
  });

  test("through a social login in the dialog, too", async ({ page }) => {
    const email = `${who("review-google")}@example.com`;
    await nextProviderAccount({ sub: who("review-google"), email, email_verified: true });
    await page.goto(`/i${productId()},x`);
    await hydrated(page);
    await page.locator("#reviews a[data-ready]", { hasText: "Bewertung schreiben" }).click();
    await page.getByRole("dialog", { name: "Ich habe ein Konto" }).getByTestId("social-login-google").click();
    await expect(page).toHaveURL(new RegExp(`/write-review/${productId()}/`));
    await expect(page.getByRole("button", { name: "Bewertung absenden" })).toBeVisible();
  });

  test("without JavaScript the link leads to the login page, which comes back to the form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The reviews stream in after the critical content: the link is in the page's HTML, a plain link.
    const html = await (await page.request.get(`/i${productId()},x`)).text();
    const href = new RegExp(`<a [^>]*href="(/write-review/${productId()}/[^"]+)"`).exec(html)?.[1];
    expect(href).toBeTruthy();
    await page.goto(href!);
    await expect(page).toHaveURL(/\/auth\?/);
    expect(new URL(page.url()).searchParams.get("next")).toBe(href);
    await context.close();
  });
});

test.describe("the form targets without JavaScript", () => {
  test("POST /login_check keeps what was typed on a refusal, and signs in, runs the pending action and goes to next", async ({ page }) => {
    const productId = test.info().project.name === "mobile" ? 9 : 10;
    const refused = await page.request.post("/login_check", { form: { email: "demo@reloop.local", password: "wrong password", next: "/wishlist" }, maxRedirects: 0 });
    expect(refused.status()).toBe(401);
    const html = await refused.text();
    expect(html).toContain('value="demo@reloop.local"');
    expect(html).toContain('value="/wishlist"');
    const accepted = await page.request.post("/login_check", {
      form: { email: "demo@reloop.local", password: "reloop-demo", next: "/wishlist", then: `wish:${productId}` },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(303);
    expect(accepted.headers().location).toBe("/wishlist");
    await page.goto("/wishlist");
    await expect(page.getByTestId("wishlist").getByRole("listitem")).toHaveCount(1);
    expect((await page.request.delete(`/api/watchlist/${productId}`)).status()).toBe(200);
  });

  test("POST /login_check_facebook goes back to the login page, keeping next and the action, when Facebook does not confirm the token", async ({ page }) => {
    const res = await page.request.post("/login_check_facebook", { form: { accessToken: "token", expiresIn: "3600", next: "/wishlist", then: "wish:9" }, maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe("/auth?error=social&next=%2Fwishlist&then=wish%3A9");
  });
});
