import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/** Debian's chromium-headless-shell (.ci/run installs it). */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = `./data/e2e-${port}`;
/** The OpenID Connect stand-in for Google, Apple and PayPal, with Facebook's stand-in beside it (e2e/identity-provider.ts). */
export const idpPort = port + 5;
/** The real SMTP server every mail of the app goes to (e2e/mail-server.ts). */
const smtpPort = port + 6;
/** Stripe's stand-in with its hosted checkout page (e2e/stripe-server.ts): the checkout offers Stripe beside the sandbox and prepayment. */
export const stripePort = port + 7;
const stripe = { STRIPE_SECRET_KEY: "sk_test_e2estandin4242", STRIPE_WEBHOOK_SECRET: "whsec_e2estandinsecret4242" };
const shopUrl = `http://127.0.0.1:${port}`;
export const carrierEventsSecret = "e2e-carrier-events-secret";
/** The scraper's token of GET /metrics: tests read the server's own figures there. */
export const metricsToken = "e2e-metrics-token-for-tests";
/** The same shop by name: WebAuthn binds passkeys to a domain, never to an IP address (e2e/back-office-passkey.spec.ts). */
export const shopUrlByName = `http://localhost:${port}`;

/**
 * The specs whose layout or behaviour differ on a phone: they run on both viewports, but for their
 * tests tagged @same-on-every-screen (redirects, server answers, mails), which run once, on the desktop.
 */
const MOBILE_SPECS = ["accessibility", "browse", "checkout", "product", "search", "sell-flow", "shell", "storefront"].map((name) => `${name}.spec.ts`);

/**
 * One half of the suite (scripts/end-to-end.ts runs both side by side, each on its own app):
 * "pages", the specs above on the phone and, but for the accessibility checks, on the desktop; or
 * "flows", every other spec and those checks, on the desktop (so the two take about as long).
 * Unset, the whole suite.
 */
const half = process.env.E2E_HALF as "pages" | "flows" | undefined;
const PAGES_ON_DESKTOP = MOBILE_SPECS.filter((spec) => spec !== "accessibility.spec.ts");

/** End-to-end tests in Debian's Chromium against the production build on a fresh embedded database. */
export default defineConfig({
  testDir: "e2e",
  // Each app's own: a run empties its output folder first, and the two halves run at once.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  // A test that fails once in many runs is a bug to find, never retried away.
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    // Recording a trace costs every test a sixteenth of its time whether it fails or not; to study a
    // failure, run it again with --trace retain-on-failure.
    trace: "off",
    launchOptions: {
      // Chromium's headless shell: the browser without its windowing layers, as headless tests need it (a sixth faster than the full browser here).
      executablePath: process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    // On a phone only what is laid out or used differently there: the header and its menu and
    // overlay, the product page, lists and their filters, cart and checkout, the sell flow, toasts,
    // dialogs and banners, and the accessibility checks. Flows that are the same on both (accounts,
    // social logins, wishlist, content, hardening, the page cache) run once, on the desktop.
    // The phone at one device pixel per CSS pixel: its layout is the same (the pages serve nothing
    // by pixel density), and drawing 2.6 times the pixels in software cost a seventh of each test.
    ...(half === "flows"
      ? []
      : [{ name: "mobile", use: { ...devices["Pixel 7"], deviceScaleFactor: 1, browserName: "chromium" as const }, testMatch: MOBILE_SPECS, grepInvert: /@same-on-every-screen/ }]),
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], browserName: "chromium" },
      ...(half === "pages" ? { testMatch: PAGES_ON_DESKTOP } : half === "flows" ? { testIgnore: PAGES_ON_DESKTOP } : {}),
    },
  ],
  webServer: [
    {
      command: "./node_modules/.bin/tsx e2e/identity-provider.ts",
      url: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { IDP_PORT: String(idpPort), SHOP_URL: shopUrl },
    },
    {
      command: "./node_modules/.bin/tsx e2e/mail-server.ts",
      port: smtpPort,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(smtpPort), MAIL_DIR: `${dataDir}/mail` },
    },
    {
      command: "./node_modules/.bin/tsx e2e/stripe-server.ts",
      url: `http://127.0.0.1:${stripePort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { STRIPE_PORT: String(stripePort), SHOP_URL: shopUrl, ...stripe },
    },
    {
      command: `rm -rf ${dataDir} && node dist/server.js`,
      url: `http://127.0.0.1:${port}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_PRODUCTS: "400",
        LOG_LEVEL: "warn",
        EXPERIMENT_MACBOOK_IN_STOCK: "on",
        // One browser makes every request from one address: the limit itself is tested in the API suite.
        RATE_LIMIT_PER_MINUTE: "100000",
        PUBLIC_URL: shopUrl,
        PASSKEY_RP_ID: "localhost",
        PASSKEY_ORIGINS: shopUrlByName,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // The carriers' tracking webhook: a parcel's delivery can be dated back (returns past their period).
        CARRIER_EVENTS_SECRET: carrierEventsSecret,
        METRICS_TOKEN: metricsToken,
        ...stripe,
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
        OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${idpPort}`,
        OIDC_GOOGLE_CLIENT_ID: "e2e-google",
        OIDC_GOOGLE_CLIENT_SECRET: "e2e-google-secret",
        OIDC_APPLE_ISSUER: `http://127.0.0.1:${idpPort}`,
        OIDC_APPLE_CLIENT_ID: "e2e-apple",
        OIDC_APPLE_CLIENT_SECRET: "e2e-apple-secret",
        OIDC_PAYPAL_ISSUER: `http://127.0.0.1:${idpPort}`,
        OIDC_PAYPAL_CLIENT_ID: "e2e-paypal",
        OIDC_PAYPAL_CLIENT_SECRET: "e2e-paypal-secret",
        // Facebook's stand-in (Graph API, SDK and login popup) answers under /facebook on the same port.
        FACEBOOK_APP_ID: "1234567890",
        FACEBOOK_APP_SECRET: "e2e-facebook-secret",
        FACEBOOK_GRAPH_URL: `http://127.0.0.1:${idpPort}/facebook`,
        FACEBOOK_SDK_URL: `http://127.0.0.1:${idpPort}/facebook/sdk/{locale}/sdk.js`,
      },
    },
  ],
});
