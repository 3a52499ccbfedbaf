import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = `./data/e2e-${port}`;

/** End-to-end tests in Debian's Chromium against the production build on a fresh embedded database. */
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "mobile", use: { ...devices["Pixel 7"], browserName: "chromium" } },
    { name: "desktop", use: { ...devices["Desktop Chrome"], browserName: "chromium" } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && ./node_modules/.bin/tsx src/server.ts`,
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
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
