import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { seedContent } from "../src/demo-data/content.ts";
import { seedCatalogue } from "../src/demo-data/demo-catalogue.ts";
import { serveForBench } from "./serve.ts";
import { seedDemoCustomer } from "../src/demo-data/demo-customer.ts";

/**
 * Lighthouse (mobile, the default profile) on the storefront pages, in Debian's Chromium.
 * Serves the production build on the demo catalogue from a throw-away embedded database.
 * Each page is measured `--runs` times (default 5); the run with the median score is printed.
 *   tsx bench/lighthouse.ts [--runs 5] [--pages home,product]
 */
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, pages: { type: "string" } }, strict: false });
const runs = Math.max(1, Number(values.runs) || 5);
const dataDir = mkdtempSync(join(tmpdir(), "reloop-lighthouse-"));
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: "100000" });
const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") });
await database.migrate();
await seedCatalogue(database.db, { products: 2000 });
await seedContent(database.db);
await seedDemoCustomer(database.db);
const { app, address } = await serveForBench(config, database);

const allPages: [string, string][] = [
  ["home", "/"],
  ["category", "/kaufen/elektronik/smartphones"],
  ["product", "/i3,x"],
  ["search", "/kaufen/suchen?query=iphone"],
  ["cart", "/checkout/cart"],
  ["sell", "/verkaufen"],
  ["auth", "/auth"],
];
const wanted = typeof values.pages === "string" ? values.pages.split(",") : undefined;
const pages = allPages.filter(([name]) => !wanted || wanted.includes(name));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  console.log(`Lighthouse, mobile profile, median of ${runs} runs (score 0–100; LCP and TBT in ms; all scores of the page)`);
  console.log("page".padEnd(10) + "perf".padStart(6) + "a11y".padStart(6) + "LCP".padStart(8) + "TBT".padStart(7) + "CLS".padStart(7) + "   runs");
  for (const [name, path] of pages) {
    const measured: { perf: number; a11y: number; lcp: number; tbt: number; cls: number }[] = [];
    for (let run = 0; run < runs; run += 1) {
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
      measured.push({ perf: score("performance"), a11y: score("accessibility"), lcp: audit("largest-contentful-paint"), tbt: audit("total-blocking-time"), cls: audit("cumulative-layout-shift") });
    }
    const sorted = [...measured].sort((x, y) => x.perf - y.perf);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.log(
      name.padEnd(10) + String(median.perf).padStart(6) + String(median.a11y).padStart(6) + median.lcp.toFixed(0).padStart(8) + median.tbt.toFixed(0).padStart(7) + median.cls.toFixed(3).padStart(7) +
        "   " + measured.map((m) => m.perf).join(" "),
    );
  }
} finally {
  await chrome.kill();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
