import { appendFileSync } from "node:fs";
import { runCommand, type Run } from "./side-by-side.ts";

/**
 * `npm test`: each stage in turn, stopping at the first that fails, and at the end the time each
 * took. With STAGE_TIMES_FILE set (CI), the times are also added to that file, so the whole CI
 * run can print every stage of its own beside these.
 *
 * The runs of one stage go side by side, each line named by its run: alone, each of them leaves
 * part of the two cores idle (type-checking is mostly one thread; the API suite on the PostgreSQL
 * server kept about 72 % of the two cores busy).
 *
 * The build comes before the API tests, so that the two-instance test, which serves it, runs beside
 * them: they leave about a tenth of the two cores idle, and it needs little more.
 *
 * With TEST_DATABASE_URL set (CI), the API suite runs on that server, the database production runs
 * on, and beside it PGlite runs what its driver changes (ON_PGLITE_BESIDE_THE_SERVER); without it,
 * the whole suite runs on PGlite. The whole app also runs on PGlite end to end.
 */
const script = (label: string, name: string, env: NodeJS.ProcessEnv = process.env, extra: string[] = []): Run => ({
  label,
  command: "npm",
  args: ["run", "--silent", name, ...(extra.length > 0 ? ["--", ...extra] : [])],
  env,
});

/** The OpenAPI fuzzer: it sends the same requests and checks the same answers on either driver. */
const FUZZER = "src/api/openapi-fuzz/";

/**
 * The API tests that PGlite runs beside the suite on a server: the drivers' own tests, the job queue
 * (its PGlite backend is its own), the seed that `npm start` writes, and the fuzzer, which calls every
 * operation there. The embedded driver serves one query at a time, so a handler that queried outside
 * its transaction would hang on it. The fuzzer runs on PGlite only: a signed-in caller's login and
 * carts before each operation cost more round trips on a server. Everything else behaves alike on
 * both drivers, and the whole suite on both cost a third of CI's time.
 */
const ON_PGLITE_BESIDE_THE_SERVER = ["src/db/", "src/jobs/", "src/demo-data/", FUZZER];

const { TEST_DATABASE_URL: serverUrl, ...withoutServer } = process.env;
const cluster = script("cluster", "test:cluster");
const STAGES: [name: string, runs: Run[]][] = [
  ["lint and type-check", [script("lint", "lint"), script("types", "typecheck")]],
  ["unit tests", [script("unit", "test:unit")]],
  ["build", [script("build", "build")]],
  serverUrl
    ? [
        "API tests on the PostgreSQL server and the driver's own on PGlite, two instances behind nginx",
        [script("server", "test:api", process.env, ["--exclude", `${FUZZER}**`]), script("PGlite", "test:api", withoutServer, ON_PGLITE_BESIDE_THE_SERVER), cluster],
      ]
    : ["API tests on PGlite, two instances behind nginx", [script("PGlite", "test:api", withoutServer), cluster]],
  ["end-to-end tests in Chromium", [{ label: "e2e", command: "./node_modules/.bin/tsx", args: ["scripts/end-to-end.ts"] }]],
];

const times: string[] = [];
let failed: string | undefined;
for (const [name, runs] of STAGES) {
  const started = Date.now();
  console.log(`\n== ${name} (${runs.map((run) => run.label).join(" beside ")})`);
  // A run alone keeps its output as it is (the end-to-end script names its halves' lines itself).
  const codes = await Promise.all(runs.map((run) => runCommand(run, { labelled: runs.length > 1 })));
  const failedRuns = runs.filter((_, i) => codes[i] !== 0).map((run) => run.label);
  const line = `${name}: ${((Date.now() - started) / 1000).toFixed(0)} s${failedRuns.length === 0 ? "" : ` (failed: ${failedRuns.join(", ")})`}`;
  times.push(line);
  if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${line}\n`);
  if (failedRuns.length > 0) {
    failed = name;
    break;
  }
}
console.log(`\n== time per stage\n${times.map((t) => `  ${t}`).join("\n")}`);
if (failed) {
  console.error(`npm test failed at: ${failed}`);
  process.exit(1);
}
