import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { seedContent } from "../src/demo-data/content.ts";
import { seedCatalogue } from "../src/demo-data/demo-catalogue.ts";
import { serveForBench } from "./serve.ts";

/**
 * Lighthouse (mobile, the default profile) on the storefront pages, in Debian's Chromium.
 * Serves the production build on the demo catalogue from a throw-away embedded database.
 */
const dataDir = mkdtempSync(join(tmpdir(), "reloop-lighthouse-"));
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: "100000" });
const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") });
await database.migrate();
await seedCatalogue(database.db, { products: 2000 });
await seedContent(database.db);
const { app, address } = await serveForBench(config, database);

const pages: [string, string][] = [
  ["home", "/"],
  ["category", "/kaufen/elektronik/smartphones"],
  ["product", "/i3,x"],
  ["search", "/kaufen/suchen?query=iphone"],
  ["cart", "/checkout/cart"],
];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  console.log("Lighthouse, mobile profile (score 0–100; LCP and TBT in ms)");
  console.log("page".padEnd(10) + "perf".padStart(6) + "a11y".padStart(6) + "LCP".padStart(8) + "TBT".padStart(7) + "CLS".padStart(7));
  for (const [name, path] of pages) {
    // The visitor has decided on cookies and language, as most returning visitors have.
    const result = await lighthouse(address + path, {
      port: chrome.port,
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: { Cookie: "reloop-consent=necessary; reloop-language=de" },
      output: "json",
      logLevel: "error",
    });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    console.log(
      name.padEnd(10) + String(score("performance")).padStart(6) + String(score("accessibility")).padStart(6) +
        audit("largest-contentful-paint").toFixed(0).padStart(8) + audit("total-blocking-time").toFixed(0).padStart(7) + audit("cumulative-layout-shift").toFixed(3).padStart(7),
    );
  }
} finally {
  await chrome.kill();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
