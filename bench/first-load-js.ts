import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

/**
 * First-load JavaScript per page: the entry, every route module on the page's route chain with
 * their imports, and the one language file loaded before hydration. Sizes are gzip -9.
 * Run after `npm run build`.
 */
const clientDir = resolve("build/client");
const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
const manifest = build.assets;

const gzipped = (url: string) => gzipSync(readFileSync(join(clientDir, url)), { level: 9 }).length;
// The German core texts (deferred and page texts are separate chunks of the same name): the one with the header's texts.
const messagesChunk = readdirSync(join(clientDir, "assets")).find(
  (f) => /^de-[\w-]+\.js$/.test(f) && readFileSync(join(clientDir, "assets", f), "utf8").includes("skipToContent"),
);

const pages: Record<string, string[]> = {
  home: ["root", "layouts/default", "routes/home"],
  product: ["root", "layouts/default", "routes/product"],
  category: ["root", "layouts/default", "buy-category-de"],
  search: ["root", "layouts/default", "search-de"],
};

const rows = Object.entries(pages).map(([page, chain]) => {
  const urls = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of chain) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the build`);
    urls.add(route.module);
    for (const u of route.imports ?? []) urls.add(u);
  }
  if (messagesChunk) urls.add(`/assets/${messagesChunk}`);
  const bytes = [...urls].reduce((sum, u) => sum + gzipped(u), 0);
  return { page, files: urls.size, kb: (bytes / 1024).toFixed(2) };
});

console.log("first-load JavaScript (gzip), budget for the product page: 125 KB");
for (const r of rows) console.log(`${r.page.padEnd(10)} ${r.kb.padStart(7)} KB in ${r.files} files`);
