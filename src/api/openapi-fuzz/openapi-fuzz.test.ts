import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api-harness.ts";
import { errorBodySchema } from "../errors.ts";
import { describeRequest, requestsFor, targetsOf, type FuzzRequest, type OpenApiDocument, type Target } from "./requests.ts";

/**
 * Every operation of the OpenAPI document, fed hostile requests: none may answer 5xx, and every
 * error must come in the one error shape. The runs are seeded, so a failure is reproduced by
 * running the file again. FUZZ_SEED picks other requests, FUZZ_RUNS searches longer, FUZZ_STATS=1
 * prints the answers' statuses per operation.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_240_601);

/** Routes hidden from the document (pictures, sitemaps) are walked the same way. */
const UNDOCUMENTED: Target[] = [
  {
    name: "media_product_image",
    method: "GET",
    path: "/media/products/{id}/{file}",
    operation: {
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1, maximum: 300 } },
        { name: "file", in: "path", required: true, schema: { type: "string", pattern: "^[0-9]{1,2}\\.svg$" } },
        { name: "size", in: "query", schema: { type: "string", enum: ["large", "thumb"] } },
      ],
    },
  },
  {
    name: "media_grade_illustration",
    method: "GET",
    path: "/media/grades/{file}",
    operation: { parameters: [{ name: "file", in: "path", required: true, schema: { type: "string", enum: ["A0.svg", "A4.svg", "NEW.svg"] } }] },
  },
  {
    name: "sitemap_products",
    method: "GET",
    path: "/sitemaps/products-{page}.xml",
    operation: { parameters: [{ name: "page", in: "path", required: true, schema: { type: "integer", minimum: 1, maximum: 3 } }] },
  },
];

const { app } = setupTestApp({
  // 429 is not the subject here, and subscriptions must not send mail.
  env: { RATE_LIMIT_PER_MINUTE: "1000000" },
  mailer: { send: async () => {} },
});

/** A stable seed per operation, so adding one does not change the requests of the others. */
function seedOf(target: Target): number {
  let hash = BASE_SEED | 0;
  for (const char of `${target.method} ${target.path}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** What is wrong with the answer, or null: a 5xx, or an error that is not exactly the one shape. */
function problemWith(response: { statusCode: number; headers: Record<string, unknown>; body: string }, method: string): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400 || method === "HEAD") return null;
  if (!String(response.headers["content-type"] ?? "").startsWith("application/json")) return `error with content-type ${String(response.headers["content-type"])}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return "error body is not JSON";
  }
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? null : `error body is not the one error shape: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`;
}

async function send(request: FuzzRequest) {
  return app().inject({
    method: request.method as "GET",
    url: request.url,
    headers: request.headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
}

describe("every operation of the OpenAPI document, under hostile requests", () => {
  it("answers without 5xx, and every error in the one error shape", { timeout: 120_000 }, async () => {
    const doc = (await app().inject({ method: "GET", url: "/api/openapi.json" })).json<OpenApiDocument>();
    const targets = [...targetsOf(doc), ...UNDOCUMENTED];
    expect(targets.length).toBeGreaterThan(20);

    const failures: string[] = [];
    for (const target of targets) {
      const seed = seedOf(target);
      const last = new Map<FuzzRequest, string>();
      const statuses = new Map<number, number>();
      const details = await fc.check(
        fc.asyncProperty(requestsFor(target), async (request) => {
          const response = await send(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = problemWith(response, request.method);
          last.set(request, `${problem ?? "fine"}: ${response.statusCode} ${response.body.slice(0, 400)}`);
          return problem === null;
        }),
        { numRuns: RUNS_PER_OPERATION, seed },
      );
      // FUZZ_STATS=1 shows how far the requests get: mostly 400s would mean handlers go untested.
      if (process.env.FUZZ_STATS) console.log(target.name, JSON.stringify(Object.fromEntries([...statuses].sort())));
      if (details.failed && details.counterexample) {
        const [request] = details.counterexample;
        const response = last.get(request) ?? `threw ${String(details.errorInstance)}`;
        failures.push(
          `${target.name} (${target.method} ${target.path}), seed ${seed}, path "${details.counterexamplePath}":\n${describeRequest(request)}\n  → ${response}`,
        );
      }
    }
    expect(failures, `${failures.length} of ${targets.length} operations failed:\n\n${failures.join("\n\n")}`).toEqual([]);
  });
});
