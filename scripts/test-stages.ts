import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

/**
 * `npm test`: each stage in turn, stopping at the first that fails, and at the end the time each
 * took. With STAGE_TIMES_FILE set (CI), the times are also added to that file, so the whole CI
 * run can print every stage of its own beside these.
 */
const STAGES: [name: string, script: string | string[]][] = [
  // Each of these two leaves a core idle: side by side they take the time of the longer.
  ["lint and type-check", ["lint", "typecheck"]],
  ["unit tests", "test:unit"],
  ["API tests on PGlite", "test:api"],
  ["end-to-end tests in Chromium (with the build)", "test:e2e"],
  ["two instances behind nginx", "test:cluster"],
];

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const times: string[] = [];
let failed: string | undefined;
for (const [name, scripts] of STAGES) {
  const started = Date.now();
  const together = [scripts].flat();
  console.log(`\n== ${name} (${together.map((script) => `npm run ${script}`).join(" beside ")})`);
  const code = Math.max(...(await Promise.all(together.map(run))));
  const line = `${name}: ${((Date.now() - started) / 1000).toFixed(0)} s${code === 0 ? "" : ` (failed, exit ${code})`}`;
  times.push(line);
  if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${line}\n`);
  if (code !== 0) {
    failed = name;
    break;
  }
}
console.log(`\n== time per stage\n${times.map((t) => `  ${t}`).join("\n")}`);
if (failed) {
  console.error(`npm test failed at: ${failed}`);
  process.exit(1);
}
