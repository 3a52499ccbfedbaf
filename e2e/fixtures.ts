import { test as base, expect, type Page } from "@playwright/test";

/**
 * Most specs browse as a returning visitor: language chosen, cookies decided. Shell specs that
 * test the first visit start from `firstVisit` instead.
 */
export const test = base.extend<{ returningVisitor: void }>({
  returningVisitor: [
    async ({ context, baseURL }, use) => {
      await context.addCookies([
        { name: "reloop-language", value: "de", url: baseURL! },
        { name: "reloop-consent", value: "necessary", url: baseURL! },
      ]);
      await use();
    },
    { auto: true },
  ],
});
export const firstVisit = base;

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
export { expect };

/** Waits until the footer's newsletter form is interactive: the footer hydrates after the page. */
export async function newsletterReady(page: Page): Promise<void> {
  await page.locator("form[action='/newsletter'][data-ready]").waitFor();
}

/** Logs in as the demo customer through the login page. */
export async function logInAsDemoCustomer(page: Page): Promise<void> {
  await page.goto("/auth");
  await hydrated(page);
  const login = page.getByRole("region", { name: "Ich habe ein Konto" });
  await login.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
  await login.getByLabel("Passwort").fill("reloop-demo");
  await login.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toBeVisible();
}
