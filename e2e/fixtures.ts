import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_STAFF } from "../src/demo-data/demo-customer.ts";
import type { TestAccount } from "../src/test/oidc-test-provider.ts";
import { totpCode } from "../src/test/staff-session.ts";

/**
 * Every test closes the browser contexts and API clients it opened, even when it fails half-way:
 * the browser is shared by all tests of a worker, and whatever stays open keeps its pages running
 * and is traced again in every later test, which slows the rest of the run down.
 */
const tidy = base.extend<{ closesWhatItOpens: void }>({
  closesWhatItOpens: [
    async ({ browser, playwright }, use) => {
      const contextsBefore = new Set(browser.contexts());
      const clients: APIRequestContext[] = [];
      const newClient = playwright.request.newContext;
      playwright.request.newContext = async (options) => {
        const client = await newClient.call(playwright.request, options);
        clients.push(client);
        return client;
      };
      // `use` comes back when the test has ended, passed or failed (and after its failure's screenshots).
      await use();
      playwright.request.newContext = newClient;
      const contexts = browser.contexts().filter((context) => !contextsBefore.has(context));
      await Promise.all([...contexts.map((context) => context.close()), ...clients.map((client) => client.dispose())]);
    },
    { auto: true },
  ],
});

/**
 * Most specs browse as a returning visitor: language chosen, cookies decided. Shell specs that
 * test the first visit start from `firstVisit` instead.
 */
export const test = tidy.extend<{ returningVisitor: void }>({
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
export const firstVisit = tidy;

/**
 * Screenshots are for a person to look at; E2E_SCREENSHOTS=off (CI, whose clean clone keeps none)
 * skips them. Failures still get theirs (playwright.config.ts).
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== "off";

/** A screenshot for a person to look at. */
export async function keepScreenshot(page: Page, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (screenshotsWanted) await page.screenshot(options);
}

/**
 * The whole page at each width in turn, as `{folder}/{name}-{width}.png`, for a person to look at:
 * the folder is SCREENSHOT_DIR when set, else the spec's own under test-results. The page is left
 * 1280 by 900 pixels, with or without them, so the test goes on alike.
 */
export async function screenshotsAtWidths(page: Page, spec: string, name: string, widths: number[]): Promise<void> {
  if (screenshotsWanted) {
    const folder = process.env.SCREENSHOT_DIR ?? `test-results/${spec}`;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

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

interface ParsedMail {
  recipients: string[];
  subject: string;
  text: string;
}
/** Each mail file parsed once: the mail server writes a file whole and never changes it, and a run collects hundreds. */
const parsedMails = new Map<string, ParsedMail>();

/** The mails to `to` (whose subject matches `subjectHint`) that reached the mail server, newest first, parsed. */
export async function mailsTo(to: string, subjectHint?: RegExp): Promise<{ subject: string; text: string }[]> {
  const { readdir, readFile } = await import("node:fs/promises");
  const { simpleParser } = await import("mailparser");
  const folder = `./data/e2e-${process.env.E2E_PORT ?? 3210}/mail`;
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort().reverse();
  const found: { subject: string; text: string }[] = [];
  for (const name of names) {
    const path = `${folder}/${name}`;
    let mail = parsedMails.get(path);
    if (!mail) {
      const parsed = await simpleParser(await readFile(path));
      mail = { recipients: [parsed.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? "") ?? []), subject: parsed.subject ?? "", text: parsed.text ?? "" };
      parsedMails.set(path, mail);
    }
    if (mail.recipients.includes(to) && (!subjectHint || subjectHint.test(mail.subject))) found.push({ subject: mail.subject, text: mail.text });
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

const STAFF_STATE = `test-results/staff-session-${process.env.E2E_PORT ?? 3210}.json`;
type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;
let staffState: StorageState | undefined;

/**
 * The demo staff member's cookies, logged in with password and TOTP code. One session for the
 * whole run: a code is accepted once per 30-second step, so every spec logging in anew would wait.
 */
export async function staffStorageState(playwright: { request: { newContext: (o: { baseURL: string; storageState?: StorageState }) => Promise<APIRequestContext> } }, baseURL: string): Promise<StorageState> {
  if (!staffState && existsSync(STAFF_STATE)) staffState = JSON.parse(readFileSync(STAFF_STATE, "utf8")) as StorageState;
  if (staffState) {
    // A state from an earlier run (another database) or an idle one: log in anew.
    const check = await playwright.request.newContext({ baseURL, storageState: staffState });
    const me = await check.get("/api/ops/me");
    const ready = me.ok() && (await me.json()).secondFactor?.given === true;
    await check.dispose();
    if (ready) return staffState;
  }
  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post("/api/customer/login", { data: { credentials: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } } })).status()).toBe(200);
  // This step's code may have been used by an earlier run's login: the next step's is accepted too (clock drift), else wait for a new one.
  for (let attempt = 0; ; attempt += 1) {
    const at = new Date(Date.now() + (attempt % 2) * 30_000);
    if ((await staff.post("/api/ops/second-factor", { data: { code: await totpCode(DEMO_STAFF.totpSecret, at) } })).ok()) break;
    expect(attempt, "no TOTP code accepted").toBeLessThan(4);
    if (attempt % 2 === 1) {
      // Both codes taken (a code works once): the next step's comes within 30 seconds, which this test may wait for.
      base.info().setTimeout(base.info().timeout + 35_000);
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100));
    }
  }
  staffState = await staff.storageState();
  mkdirSync(dirname(STAFF_STATE), { recursive: true });
  writeFileSync(STAFF_STATE, JSON.stringify(staffState));
  await staff.dispose();
  return staffState;
}

/** An API client in the demo staff member's session, second factor given. */
export async function staffApi(playwright: Parameters<typeof staffStorageState>[0], baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, storageState: await staffStorageState(playwright, baseURL) });
}

/**
 * On the second-factor page, the demo staff member's code, until the page goes on to `next`: this
 * step's code, else the next step's (another login of the run may have taken one), else, after
 * waiting for a new step, once more.
 */
export async function giveStaffCode(page: Page, next: RegExp): Promise<void> {
  await hydrated(page);
  for (const ahead of [0, 30_000, 0, 30_000]) {
    await page.getByLabel("Sechsstelliger Code").fill(await totpCode(DEMO_STAFF.totpSecret, new Date(Date.now() + ahead)));
    await page.getByRole("button", { name: "Bestätigen" }).click();
    if (await page.waitForURL(next, { timeout: 3_000 }).then(() => true, () => false)) return;
    if (ahead === 30_000) {
      base.info().setTimeout(base.info().timeout + 35_000);
      await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 100);
    }
  }
  throw new Error("no TOTP code accepted");
}

/**
 * A new staff member with only these roles, browsing in `page`: invited by the demo admin, their
 * account made and logged in, the mail's invitation followed (`onInvitation` sees its page) and
 * accepted, and their authenticator app set up with its first code, as a person does it.
 */
export async function invitedStaffMember(
  page: Page,
  playwright: Parameters<typeof staffStorageState>[0],
  baseURL: string,
  roles: string[],
  onInvitation: (page: Page) => Promise<void> = async () => {},
): Promise<{ email: string; invitation: string }> {
  const email = `${roles.join("-")}-${Date.now()}@example.com`;
  const password = "a-long-enough-password-1";
  const admin = await staffApi(playwright, baseURL);
  expect((await admin.post("/api/ops/staff/invitations", { data: { email, roles, locale: "de" } })).status()).toBe(200);
  await admin.dispose();
  const invitation = linkIn((await mailTo(email, /Einladung/)).text, "/ops/invitation?token=");
  expect((await page.request.post("/api/customer/registrations", { data: { email, password, locale: "de" } })).status()).toBeLessThan(300);
  expect((await page.request.post("/api/customer/login", { data: { credentials: { email, password } } })).status()).toBe(200);
  await page.goto(invitation);
  await expect(page.getByRole("heading", { level: 1, name: "Einladung ins Backoffice" })).toBeVisible();
  await hydrated(page);
  await onInvitation(page);
  await page.getByRole("button", { name: "Einladung annehmen" }).click();
  await expect(page).toHaveURL(/\/ops\/second-factor$/);
  await page.getByRole("button", { name: "App einrichten" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Sechsstelliger Code").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page).toHaveURL(/\/ops$/);
  return { email, invitation };
}

let imeis = 0;
/** A valid IMEI of this run (the Luhn check digit holds), so no other test's device shares it. */
export function freshImei(): string {
  const body = `35${String(Date.now() + imeis++).slice(-12)}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let digit = body.charCodeAt(i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

let accounts = 0;
/** A new customer's account, logged in on `request`: its e-mail address. */
export async function registeredCustomer(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name}-${Date.now()}-${accounts++}@example.com`;
  const password = "a-long-enough-password-1";
  expect((await request.post("/api/customer/registrations", { data: { email, password } })).ok()).toBe(true);
  expect((await request.post("/api/customer/login", { data: { credentials: { email, password } } })).status()).toBe(200);
  return email;
}

/** The cart of `shopper` placed as an order to `billingAddress` and paid in the payment sandbox. */
export async function orderPaidInSandbox(shopper: APIRequestContext, billingAddress: Record<string, string>, idempotencyKey: string): Promise<{ orderUuid: string; number: string }> {
  expect((await shopper.put("/api/checkout/address", { data: { billingAddress } })).ok()).toBe(true);
  const cart = await (await shopper.put("/api/cart/options", { data: { paymentMethod: "sandbox" } })).json();
  const placed = await shopper.post("/api/checkout/orders", {
    headers: { "idempotency-key": idempotencyKey },
    data: { expectedTotal: cart.totals.total.amount, expectedDispatch: { min: cart.minDaysUntilDispatch, max: cart.maxDaysUntilDispatch }, termsAccepted: true },
  });
  expect(placed.status()).toBe(201);
  const { orderUuid, number, redirectUrl } = await placed.json();
  const start = await shopper.get(redirectUrl, { maxRedirects: 0 });
  expect((await shopper.post(start.headers().location!, { form: { result: "approved" }, maxRedirects: 0 })).status()).toBe(303);
  return { orderUuid, number };
}
