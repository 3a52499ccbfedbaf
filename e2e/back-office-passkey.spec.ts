import { expectNoAxeViolations } from "./axe.ts";
import type { Page } from "@playwright/test";
import { shopUrlByName } from "../playwright.config.ts";
import { expect, hydrated, linkIn, mailTo, staffApi, test } from "./fixtures.ts";

/** The shop by name: a passkey is bound to a domain, so this spec's pages are on localhost. */
test.use({ baseURL: shopUrlByName });

const shopByAddress = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210)}`;


/** Chromium's virtual authenticator, as a phone's or laptop's platform authenticator with a fingerprint. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  expect((await page.request.post("/api/customer/login", { data: { credentials: { email, password } } })).status()).toBe(200);
}

test("an invited member signs in with a passkey: set up as the first factor, asked for at the next login, and the last factor kept", async ({ page, playwright }) => {
  const email = `passkey-${Date.now()}@example.com`;
  const password = "a-long-enough-password-1";
  const admin = await staffApi(playwright, shopByAddress);
  expect((await admin.post("/api/ops/staff/invitations", { data: { email, roles: ["receiving"], locale: "de" } })).status()).toBe(200);
  await admin.dispose();
  const invitation = linkIn((await mailTo(email, /Einladung/)).text, "/ops/invitation?token=");
  expect((await page.request.post("/api/customer/registrations", { data: { email, password, locale: "de" } })).status()).toBeLessThan(300);
  await logIn(page, email, password);
  await page.goto(invitation);
  await hydrated(page);
  await page.getByRole("button", { name: "Einladung annehmen" }).click();
  await expect(page).toHaveURL(/\/ops\/second-factor$/);

  // The first factor: a passkey on this device, named.
  await virtualAuthenticator(page);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Passkey einrichten" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Name des Passkeys").fill("Laptop Wareneingang");
  await page.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Wareneingang" })).toBeVisible();

  // Its page lists it.
  await page.getByRole("link", { name: "Sicherheit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldung und Passkeys" })).toBeVisible();
  await expect(page.getByTestId("passkey-list").getByRole("row", { name: /Laptop Wareneingang/ })).toContainText("noch nie");
  await expect(page.getByTestId("totp-state")).toHaveText("Authenticator-App: nicht eingerichtet.");
  await hydrated(page);
  await expectNoAxeViolations(page);

  // The next login: the password alone opens nothing; the passkey does.
  await page.context().clearCookies();
  await page.context().addCookies([
    { name: "reloop-language", value: "de", url: shopUrlByName },
    { name: "reloop-consent", value: "necessary", url: shopUrlByName },
  ]);
  await logIn(page, email, password);
  await page.goto("/ops/receiving");
  await expect(page).toHaveURL(/\/ops\/second-factor\?next=%2Fops%2Freceiving$/);
  await expect(page.getByText("bestätige mit deinem Passkey")).toBeVisible();
  await expect(page.getByLabel("Sechsstelliger Code")).toHaveCount(0);
  await hydrated(page);
  await page.getByRole("button", { name: "Mit Passkey bestätigen" }).click();
  await expect(page).toHaveURL(/\/ops\/receiving$/);

  // Its only second factor cannot be removed.
  await page.goto("/ops/security");
  await expect(page.getByTestId("passkey-list").getByRole("row", { name: /Laptop Wareneingang/ })).not.toContainText("noch nie");
  await hydrated(page);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Passkey Laptop Wareneingang entfernen" }).click();
  await expect(page.getByRole("alert")).toHaveText("Das ist dein einziger zweiter Faktor. Richte zuerst einen weiteren ein.");
  await expect(page.getByTestId("passkey-list").getByRole("row", { name: /Laptop Wareneingang/ })).toBeVisible();
});
