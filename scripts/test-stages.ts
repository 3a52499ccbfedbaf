import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, openSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * `npm test`: each stage in turn, stopping at the first that fails, and at the end the time each
 * took. With STAGE_TIMES_FILE set (CI), the times are also added to that file, so the whole CI
 * run can print every stage of its own beside these.
 *
 * With SERVER_TEST_DATABASE_URL set (CI), the API suite runs a second time on that PostgreSQL
 * server beside the end-to-end stage, at a lower priority: the browser tests leave much of the
 * machine's second core idle (one server process, one browser), and the suite's own time is mostly
 * the server's. Its output is printed when it ends.
 */
const STAGES: [name: string, script: string][] = [
  ["lint", "lint"],
  ["type-check", "typecheck"],
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

const BESIDE_E2E = "test:e2e";
const serverDatabaseUrl = process.env.SERVER_TEST_DATABASE_URL;

/** The API suite on the PostgreSQL server, in the background, niced; resolves with its exit code, time and output. */
function serverApiSuite(url: string): Promise<{ code: number; seconds: number; output: string }> {
  const started = Date.now();
  const log = join(mkdtempSync(join(tmpdir(), "api-on-server-")), "output.log");
  const fd = openSync(log, "w");
  return new Promise((resolve) => {
    const child = spawn("nice", ["-n", "10", "npm", "run", "--silent", "test:api"], {
      stdio: ["ignore", fd, fd],
      env: { ...process.env, TEST_DATABASE_URL: url, FUZZ_RUNS: process.env.FUZZ_RUNS ?? "8" },
    });
    child.on("exit", (code, signal) => {
      closeSync(fd);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, output: readFileSync(log, "utf8") });
    });
  });
}

const times: string[] = [];
let failed: string | undefined;
for (const [name, script] of STAGES) {
  const started = Date.now();
  console.log(`\n== ${name} (npm run ${script})`);
  const beside = script === BESIDE_E2E && serverDatabaseUrl ? serverApiSuite(serverDatabaseUrl) : undefined;
  if (beside) console.log("== API tests on the PostgreSQL server: started beside it, output when they end");
  let code = await run(script);
  if (beside) {
    const server = await beside;
    console.log(`\n== API tests on the PostgreSQL server (beside the end-to-end tests)\n${server.output}`);
    const serverLine = `API tests on the PostgreSQL server, beside the end-to-end tests: ${server.seconds.toFixed(0)} s${server.code === 0 ? "" : ` (failed, exit ${server.code})`}`;
    times.push(serverLine);
    if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${serverLine}\n`);
    if (server.code !== 0 && code === 0) code = server.code;
  }
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
