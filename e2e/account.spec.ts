import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, firstVisit, hydrated, linkIn, logInAsDemoCustomer, mailTo, nextProviderAccount, test } from "./fixtures.ts";

const uniqueEmail = () => `kunde-${randomBytes(4).toString("hex")}@example.com`;
const LOGIN = { region: "Ich habe ein Konto", button: "Anmelden" };
const REGISTER = { region: "Ich bin neu hier", button: "Konto erstellen" };

/** Fills one of the two forms on /auth and sends it; returns the form's region. */
async function submitAuth(page: Page, form: typeof LOGIN, email: string, password: string) {
  const region = page.getByRole("region", { name: form.region });
  await region.getByLabel("E-Mail-Adresse").fill(email);
  await region.getByLabel("Passwort").fill(password);
  await region.getByRole("button", { name: form.button }).click();
  return region;
}

test.describe("accounts", () => {
  test("an account page sends visitors to the login and back; wrong passwords keep the address typed", async ({ page }) => {
    await page.goto("/my/settings");
    await expect(page).toHaveURL(/\/auth\?platform=my&next=%2Fmy%2Fsettings$/);
    await hydrated(page);
    const login = await submitAuth(page, LOGIN, "demo@reloop.local", "not the password");
    await expect(login.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await expect(login.getByLabel("E-Mail-Adresse")).toHaveValue("demo@reloop.local");

    await submitAuth(page, LOGIN, "demo@reloop.local", "reloop-demo");
    await expect(page).toHaveURL(/\/my\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Einstellungen" })).toBeVisible();
    await expect(page.getByText("Du bist angemeldet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toBeVisible();
  });

  test("registration explains what is wrong and keeps what was typed, and does not reveal taken addresses", async ({ page }) => {
    await page.goto("/auth");
    await hydrated(page);
    const register = page.getByRole("region", { name: REGISTER.region });
    await register.getByLabel("E-Mail-Adresse").fill("neu@example.com");
    await register.getByLabel("Passwort").fill("short");
    // The browser's own check would stop a short password; the server's answer is what is tested.
    await register.locator("form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await register.getByRole("button", { name: REGISTER.button }).click();
    await expect(register.getByText("Das Passwort braucht mindestens 8 Zeichen.")).toBeVisible();
    await expect(register.getByLabel("E-Mail-Adresse")).toHaveValue("neu@example.com");
    // A taken address answers exactly like a new one; its owner gets a mail instead.
    await submitAuth(page, REGISTER, "demo@reloop.local", "long enough");
    await expect(page.getByTestId("registration-sent")).toContainText("demo@reloop.local");
    await expect(page.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toHaveCount(0);
  });

  test("registers, confirms the address with the mailed link and is logged in", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/auth");
    await hydrated(page);
    await submitAuth(page, REGISTER, email, "a good password");
    await expect(page.getByTestId("registration-sent")).toContainText(email);
    const mail = await mailTo(email);
    await page.goto(linkIn(mail.text, "/auth/verify-email?token="));
    await hydrated(page);
    await page.getByRole("button", { name: "Adresse bestätigen" }).click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByText("Danke! Deine E-Mail-Adresse ist bestätigt.")).toBeVisible();
    await expect(page.getByRole("link", { name: `Mein Konto (${email})` })).toBeVisible();
  });

  test("resets a forgotten password with the mailed link, which works once", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/auth");
    await hydrated(page);
    await submitAuth(page, REGISTER, email, "the old password");
    await expect(page.getByTestId("registration-sent")).toBeVisible();
    await page.getByRole("link", { name: "Passwort vergessen?" }).click();
    await expect(page).toHaveURL(/\/auth\/reset$/);
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByRole("button", { name: "Link schicken" }).click();
    await expect(page.getByTestId("reset-sent")).toBeVisible();
    const link = linkIn((await mailTo(email, /[Pp]asswort/)).text, "/auth/reset?token=");
    await page.goto(link);
    await hydrated(page);
    await page.getByLabel("Neues Passwort").fill("the new password");
    await page.getByRole("button", { name: "Neues Passwort speichern" }).click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByText("Dein neues Passwort ist gespeichert und du bist angemeldet.")).toBeVisible();

    await page.goto(link);
    await hydrated(page);
    await page.getByLabel("Neues Passwort").fill("yet another password");
    await page.getByRole("button", { name: "Neues Passwort speichern" }).click();
    await expect(page.getByRole("alert")).toContainText("abgelaufen oder wurde schon benutzt");
  });

  test("keeps an address book with default addresses", async ({ page }) => {
    await logInAsDemoCustomer(page);
    await page.goto("/my/addresses");
    await hydrated(page);
    const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Adresse hinzufügen" }) });
    const city = `Leipzig ${randomBytes(2).toString("hex")}`;
    for (const [label, value] of [["Vorname", "Ada"], ["Nachname", "Lovelace"], ["Straße", "Ringstraße"], ["Nr.", "7"], ["PLZ", "04109"], ["Ort", city]]) {
      await form.getByLabel(label!, { exact: true }).fill(value!);
    }
    await form.getByLabel("Standard-Lieferadresse").check();
    await form.getByRole("button", { name: "Speichern" }).click();
    const entry = page.getByTestId("address-book").getByRole("listitem").filter({ hasText: city });
    await expect(entry).toContainText("Standard-Lieferadresse");
    await entry.getByRole("button", { name: /löschen/i }).click();
    await expect(page.getByTestId("address-book").getByRole("listitem").filter({ hasText: city })).toHaveCount(0);
  });

  test("logging out ends the session", async ({ page }) => {
    await page.goto("/auth");
    await hydrated(page);
    await submitAuth(page, LOGIN, "demo@reloop.local", "reloop-demo");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/my");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Kontobereich" }).getByRole("button", { name: "Abmelden" }).click();
    await expect(page.getByText("Du bist abgemeldet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
    await page.goto("/my");
    await expect(page).toHaveURL(/\/auth\?/);
  });
  test("an address the mail server refuses for good is marked, and every account page says so with a way to change it", async ({ page }) => {
    // Signed in through the OpenID Connect stand-in; the mail server refuses every address at bounces.example.
    const email = `bounce-${test.info().project.name}-${randomBytes(3).toString("hex")}@bounces.example`;
    await nextProviderAccount({ sub: email, email, email_verified: true });
    await page.goto("/auth?next=%2Fmy");
    await page.getByTestId("social-login-google").click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByTestId("email-undeliverable")).toHaveCount(0);

    // The newsletter's opt-in mail is the first mail to the address: refused with 550.
    await page.goto("/my/settings");
    await page.getByTestId("newsletter-preference").getByRole("button", { name: "Newsletter abonnieren" }).click();
    await expect(page.getByTestId("newsletter-preference").getByRole("status")).toBeVisible();
    await expect(async () => {
      await page.goto("/my/addresses");
      await expect(page.getByTestId("email-undeliverable")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const banner = page.getByRole("alert").filter({ hasText: "Wir können dir keine E-Mails zustellen" });
    await expect(banner).toBeVisible();
    await banner.getByRole("link", { name: "E-Mail-Adresse ändern" }).click();
    await expect(page).toHaveURL(/\/my\/settings#email$/);
    await expect(page.getByRole("heading", { name: "E-Mail-Adresse", exact: true })).toBeVisible();
  });
});

firstVisit.describe("language of a logged-in customer", () => {
  firstVisit("the language modal stores the choice in the account (api_customer_update_locale)", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "reloop-consent", value: "necessary", url: baseURL! }]);
    const email = uniqueEmail();
    await page.clock.install();
    await page.goto("/auth");
    await hydrated(page);
    await submitAuth(page, REGISTER, email, "a good password");
    await expect(page.getByTestId("registration-sent")).toBeVisible();
    // An unconfirmed account may log in; the settings ask it to confirm.
    await submitAuth(page, LOGIN, email, "a good password");
    await expect(page.getByRole("link", { name: `Mein Konto (${email})` })).toBeVisible();

    await page.goto("/my/settings");
    await hydrated(page);
    await expect(page.locator("#account-language")).toHaveValue("de");
    await page.clock.runFor(6_200);
    const modal = page.getByRole("dialog", { name: "Welche Sprache sprichst du?" });
    await expect(modal).toBeVisible();
    await modal.getByLabel("Français").check();
    await modal.getByRole("button", { name: "Weiter" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    // Stored with the account, not only in this browser's cookie.
    await context.clearCookies({ name: "reloop-language" });
    await page.goto("/my/settings");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("#account-language")).toHaveValue("fr");
  });
});
