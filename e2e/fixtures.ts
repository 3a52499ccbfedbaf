import { test as base, expect, type Page } from "@playwright/test";
import type { TestAccount } from "../src/test/oidc-test-provider.ts";

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

/** The mails to `to` (whose subject matches `subjectHint`) that reached the mail server, newest first, parsed. */
export async function mailsTo(to: string, subjectHint?: RegExp): Promise<{ subject: string; text: string }[]> {
  const { readdir, readFile } = await import("node:fs/promises");
  const { simpleParser } = await import("mailparser");
  const folder = `./data/e2e-${process.env.E2E_PORT ?? 3210}/mail`;
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort().reverse();
  const found: { subject: string; text: string }[] = [];
  for (const name of names) {
    const mail = await simpleParser(await readFile(`${folder}/${name}`));
    const recipients = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address) ?? []);
    if (recipients.includes(to) && (!subjectHint || subjectHint.test(mail.subject ?? ""))) found.push({ subject: mail.subject ?? "", text: mail.text ?? "" });
  }
  return found;
}

/**
 * The newest mail to `to` that reached the e2e mail server (a real SMTP server, e2e/mail-server.ts,
 * which keeps each mail as an .eml file in the app's data folder); waits for the mail job to run.
 */
export async function mailTo(to: string, subjectHint?: RegExp): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const [newest] = await mailsTo(to, subjectHint);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${to}`);
}

/** The first link in a mail's text that starts with `path`, made relative to the app. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+?(${path.replace(/[/?]/g, "\\$&")}[^\\s>)"]*)`).exec(text);
  if (!match) throw new Error(`no link to ${path} in: ${text.slice(0, 500)}`);
  return match[1]!;
}

/** Names who logs in next at the OpenID Connect stand-in (e2e/identity-provider.ts), which plays Google and PayPal. */
export async function nextProviderAccount(account: TestAccount & { email: string; email_verified: boolean }): Promise<void> {
  const idp = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 5}`;
  const res = await fetch(`${idp}/__test/account`, { method: "POST", body: JSON.stringify(account) });
  if (res.status !== 204) throw new Error(`the identity provider answered ${res.status}`);
}

/** Names who logs in next at Facebook's stand-in (e2e/identity-provider.ts, under /facebook). */
export async function nextFacebookPerson(person: { id: string; email: string; first_name?: string }): Promise<void> {
  const idp = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 5}`;
  const res = await fetch(`${idp}/__test/facebook-account`, { method: "POST", body: JSON.stringify(person) });
  if (res.status !== 204) throw new Error(`Facebook's stand-in answered ${res.status}`);
}
