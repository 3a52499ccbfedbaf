/**
 * The server as production runs it: src/server.ts and everything it imports from src/ bundled by
 * esbuild into one JavaScript module, dist/server.js, run by `node` (ADR 19). Packages stay in
 * node_modules; the migrations are copied next to the bundle, where src/db/client.ts looks for
 * them (beside the module that reads them). The storefront's own build (build/) stays where React
 * Router writes it: the server loads it from the working directory at start.
 *   tsx scripts/build-server.ts        (npm run build runs it after the storefront's build)
 */
import { cpSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

interface BuildOptions {
  entryPoints: string[];
  outdir: string;
  /** Refuse a bundle that imports a package outside package.json's dependencies (pruned from the image) when it starts. */
  productionDependenciesOnly?: boolean;
}

export async function buildServer({ entryPoints, outdir, productionDependenciesOnly = false }: BuildOptions): Promise<string[]> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    // Packages are loaded from node_modules at run time, as under tsx; only our own modules are bundled.
    packages: "external",
    // Class and function names as written (error types in logs), as tsx keeps them.
    keepNames: true,
    // For stack traces in our sources: node --enable-source-maps dist/server.js.
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
  });
  cpSync(join("src", "db", "migrations"), join(outdir, "migrations"), { recursive: true });
  if (productionDependenciesOnly) {
    const dependencies = new Set(Object.keys((JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> }).dependencies));
    const builtins = new Set(builtinModules);
    const problems: string[] = [];
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      for (const imported of output.imports) {
        if (!imported.external || imported.path.startsWith("node:") || builtins.has(imported.path)) continue;
        const name = imported.path.split("/").slice(0, imported.path.startsWith("@") ? 2 : 1).join("/");
        // A lazy import() runs only on the path that needs it: Vite, in development mode.
        if (!dependencies.has(name) && imported.kind !== "dynamic-import") problems.push(`${file} imports ${imported.path}, which is not in package.json's dependencies`);
      }
    }
    if (problems.length > 0) throw new Error(`The built server needs development packages:\n${problems.join("\n")}`);
  }
  return Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [file] = await buildServer({ entryPoints: ["src/server.ts"], outdir: "dist", productionDependenciesOnly: true });
  console.log(`built the server into ${file}`);
}
