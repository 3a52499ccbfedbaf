import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, firstVisit, hydrated, test } from "./fixtures.ts";

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

  test("registration explains what is wrong and keeps what was typed", async ({ page }) => {
    await page.goto("/auth");
    await hydrated(page);
    const register = await submitAuth(page, REGISTER, "demo@reloop.local", "long enough");
    await expect(register.getByRole("alert")).toContainText("Für diese E-Mail-Adresse gibt es schon ein Konto.");
    await expect(register.getByLabel("E-Mail-Adresse")).toHaveValue("demo@reloop.local");
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
});

firstVisit.describe("language of a logged-in customer", () => {
  firstVisit("the language modal stores the choice in the account (api_customer_update_locale)", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "reloop-consent", value: "necessary", url: baseURL! }]);
    const email = uniqueEmail();
    await page.clock.install();
    await page.goto("/auth");
    await hydrated(page);
    await submitAuth(page, REGISTER, email, "a good password");
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
