import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../test/api-harness.ts";

/** Redocly's own entry point, run by this Node: the `redocly` script's shebang could pick another one. */
const REDOCLY_CLI = join(dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin", "cli.js");
const CONFIG = fileURLToPath(new URL("../../redocly.yaml", import.meta.url));

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** Lints the document as `redocly lint` with the project's configuration does: from a file, offline (no telemetry, no update check). */
async function lint(document: Document): Promise<Problem[]> {
  const dir = await mkdtemp(join(tmpdir(), "reloop-openapi-"));
  try {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document));
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [REDOCLY_CLI, "lint", file, `--config=${CONFIG}`, "--format=json", "--max-problems=10000"],
        { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
        // It exits with 1 when it found errors: the report on stdout says which.
        (_error, out, err) => resolve({ stdout: out, stderr: err }),
      );
    });
    if (!stdout.trim().startsWith("{")) throw new Error(`redocly gave no report: ${stderr}`);
    return (JSON.parse(stdout) as { problems: Problem[] }).problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const { app } = setupTestApp();
let document: Document;
beforeAll(async () => {
  const res = await app().inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  document = res.json<Document>();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

describe("the served OpenAPI document", () => {
  it("passes redocly lint (recommended rules) without errors", { timeout: 60_000 }, async () => {
    const problems = await lint(document);
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(problems.map((p) => p.ruleId)).not.toContain("info-license");
  });

  it("names this shop as its server and the session cookie as its security scheme", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "http://localhost:3000" })]);
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: "reloop-session" });
  });

  it("says who may call each operation, as the routes are guarded", () => {
    const securityOf = (operationId: string) => operations().find((o) => o.operation.operationId === operationId)?.operation.security;
    for (const { path, operation } of operations()) {
      if (path.startsWith("/api/ops/")) expect(operation.security, operation.operationId).toEqual([{ session: ["staff"] }]);
      if (operation.responses["401"]?.description.startsWith("NOT_AUTHENTICATED: log in")) {
        expect(operation.security, `${operation.operationId}: a customer-only route declares the shared 401, unauthorized`).toEqual([{ session: [] }]);
      }
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.description, operation.operationId).toBeTruthy();
    }
    expect(securityOf("api_order_list")).toEqual([{ session: [] }]);
    expect(securityOf("api_sale_list")).toEqual([{ session: [] }]);
    // A Facebook login's 401 is about Facebook's token, not a missing session.
    expect(securityOf("api_customer_facebook_login")).toEqual([{}, { session: [] }]);
    expect(securityOf("api_product_view")).toEqual([{}, { session: [] }]);
    expect(securityOf("api_health_live")).toEqual([]);
  });

  it("refers to the one error body from every error answer of the API", () => {
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(["ErrorBody", "ErrorItem", "Money", "NavigationNode"]));
    const errorAnswers = operations()
      .filter(({ path }) => path.startsWith("/api/"))
      .flatMap(({ operation }) => Object.entries(operation.responses).filter(([status]) => Number(status) >= 400).map(([status, response]) => ({ at: `${operation.operationId} ${status}`, response })));
    expect(errorAnswers.length).toBeGreaterThan(200);
    for (const { at, response } of errorAnswers) expect(response.content?.["application/json"]?.schema, at).toEqual({ $ref: "#/components/schemas/ErrorBody" });
  });
});
