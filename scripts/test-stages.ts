import { appendFileSync } from "node:fs";
import { runCommand, type Run } from "./side-by-side.ts";

/**
 * `npm test`: each stage in turn, stopping at the first that fails, and at the end the time each
 * took. With STAGE_TIMES_FILE set (CI), the times are also added to that file, so the whole CI
 * run can print every stage of its own beside these.
 *
 * The runs of one stage go side by side, each line named by its run: alone, each of them leaves
 * part of the two cores idle (type-checking is mostly one thread; the API suite on the PostgreSQL
 * server kept about 72 % of the two cores busy). With TEST_DATABASE_URL set, the API suite runs on
 * PGlite and, beside it, on that server: a tenth sooner than one after the other, measured on the
 * same machine within minutes.
 */
const script = (label: string, name: string, env: NodeJS.ProcessEnv = process.env): Run => ({ label, command: "npm", args: ["run", "--silent", name], env });

const { TEST_DATABASE_URL: serverUrl, ...withoutServer } = process.env;
const STAGES: [name: string, runs: Run[]][] = [
  ["lint and type-check", [script("lint", "lint"), script("types", "typecheck")]],
  ["unit tests", [script("unit", "test:unit")]],
  [
    serverUrl ? "API tests on PGlite and on the PostgreSQL server" : "API tests on PGlite",
    [
      script("PGlite", "test:api", withoutServer),
      // The fuzzer's depth is the PGlite pass's (same operations, same validation); on the server a few runs per operation check they answer there too.
      ...(serverUrl ? [script("server", "test:api", { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? "8" })] : []),
    ],
  ],
  ["end-to-end tests in Chromium (with the build)", [script("e2e", "test:e2e")]],
  ["two instances behind nginx", [script("cluster", "test:cluster")]],
];

const times: string[] = [];
let failed: string | undefined;
for (const [name, runs] of STAGES) {
  const started = Date.now();
  console.log(`\n== ${name} (${runs.map((run) => `${run.args.at(-1)}${runs.length > 1 ? ` as [${run.label}]` : ""}`).join(" beside ")})`);
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
