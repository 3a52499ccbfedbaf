import fc from "fast-check";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { customers } from "../../db/schema/accounts.ts";
import { staffMembers } from "../../db/schema/staff.ts";
import { STAFF_ROLES } from "../../domain/staff/staff.ts";
import { setupTestApp } from "../../test/api-harness.ts";
import { PERFECT_DEVICE, sellFixtures } from "../../test/sell-fixtures.ts";
import { shopFixtures, type Cookies } from "../../test/shop-fixtures.ts";
import { withSecondFactor } from "../../test/staff-roles.ts";
import { errorBodySchema } from "../errors.ts";
import { describeRequest, requestsFor, targetsOf, type FuzzRequest, type OpenApiDocument, type Target } from "./requests.ts";

/**
 * Every operation of the OpenAPI document, fed hostile requests: none may answer 5xx, and every
 * error must come in the one error shape. The runs are seeded, so a failure is reproduced by
 * running the test again. FUZZ_SEED picks other requests, FUZZ_RUNS searches longer, FUZZ_STATS=1
 * prints the answers' statuses per operation. Each caller has a test file of its own (as-*.test.ts),
 * so that the three run on separate workers, each on an app and database of its own.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
/** Signed-in callers reach past the 401s and 404s into handlers: fewer runs each, but every operation. */
const RUNS_SIGNED_IN = Math.max(1, Math.round(RUNS_PER_OPERATION / 2));
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

/**
 * Who sends the requests. A guest has no cart and stops at 404 where a customer's request goes on
 * into the handler, so every operation is also called by a customer whose buy and sell carts hold
 * items, and by staff. Each operation starts from a fresh session (an earlier one may have logged
 * out, or changed what it could), with the carts filled again.
 */
interface Caller {
  name: string;
  runs: number;
  /** The caller's cookies for the next operation; none for a guest. */
  prepare(): Promise<Cookies>;
}

/** The caller's cookies before the generated ones; a generated cookie of the same name does not replace the caller's. */
function asCaller(request: FuzzRequest, cookies: Cookies): FuzzRequest {
  const own = Object.entries(cookies).map(([name, value]) => `${name}=${value}`);
  if (own.length === 0) return request;
  const generated = (request.headers.cookie ?? "").split(";").filter((pair) => pair.trim() !== "" && !(pair.split("=")[0]!.trim() in cookies));
  return { ...request, headers: { ...request.headers, cookie: [...own, ...generated.map((p) => p.trim())].join("; ") } };
}

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

export type CallerName = "guest" | "customer" | "staff";

/** The fuzzing test for one caller, with the file's app on the file's own database. */
export function fuzzEveryOperationAs(callerName: CallerName): void {
  const { app, database } = setupTestApp({
    // 429 is not the subject here, and subscriptions must not send mail.
    env: { RATE_LIMIT_PER_MINUTE: "1000000" },
    mailer: { send: async () => {} },
  });
  const shop = shopFixtures(app, database);
  const sell = sellFixtures(app, database);

  let accounts = 0;
  /** A customer of its own, signed in; a new one when the last can no longer sign in (the fuzzer may have deleted it). */
  async function signedIn(role: "customer" | "staff"): Promise<Cookies> {
    const email = `fuzz-${role}-${accounts}@example.com`;
    const password = "a-long-enough-password-1";
    const cookies: Cookies = {};
    const login = await sell.call("POST", "/api/customer/login", cookies, { credentials: { email, password } });
    if (login.statusCode === 200) return role === "staff" ? withSecondFactor(database(), cookies) : cookies;
    accounts += 1;
    const fresh = await sell.newCustomer(`fuzz-${role}-${accounts}@example.com`);
    if (role === "staff") {
      const [customer] = await database().db.select({ uuid: customers.uuid }).from(customers).where(eq(customers.email, `fuzz-${role}-${accounts}@example.com`));
      await database().db.insert(staffMembers).values({ customerUuid: customer!.uuid, roles: [...STAFF_ROLES] });
      return withSecondFactor(database(), fresh);
    }
    return fresh;
  }

  let stocked: { buy: number; sell: number } | undefined;
  /** One unit in the buy cart and one offer in the sell cart, unless they are there already. */
  async function withFilledCarts(cookies: Cookies): Promise<Cookies> {
    stocked ??= { buy: await shop.freshProduct(1_000), sell: await sell.phone() };
    const cart = (await sell.call("GET", "/api/cart", cookies)).json();
    if (!(cart.itemCount > 0)) await sell.call("POST", "/api/cart/items", cookies, { id: stocked.buy, productVariantLabel: "A1", withFullBattery: false });
    const sellCart = (await sell.call("GET", "/api/green-cart", cookies)).json();
    if (!(sellCart.items?.length > 0)) await sell.addOffer(cookies, stocked.sell, PERFECT_DEVICE);
    return cookies;
  }

  const callers: Record<CallerName, Caller> = {
    guest: { name: "guest", runs: RUNS_PER_OPERATION, prepare: async () => ({}) },
    customer: { name: "customer with filled carts", runs: RUNS_SIGNED_IN, prepare: async () => withFilledCarts(await signedIn("customer")) },
    staff: { name: "staff", runs: RUNS_SIGNED_IN, prepare: async () => withFilledCarts(await signedIn("staff")) },
  };

  async function send(request: FuzzRequest) {
    return app().inject({
      method: request.method as "GET",
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
  }

  const caller = callers[callerName];
  it(`answers every operation of the OpenAPI document without 5xx under hostile requests from a ${caller.name}, and every error in the one error shape`, { timeout: 180_000 }, async () => {
    const doc = (await app().inject({ method: "GET", url: "/api/openapi.json" })).json<OpenApiDocument>();
    const targets = [...targetsOf(doc), ...UNDOCUMENTED];
    expect(targets.length).toBeGreaterThan(20);

    const failures: string[] = [];
    for (const target of targets) {
      const seed = seedOf(target);
      const last = new Map<FuzzRequest, string>();
      const statuses = new Map<number, number>();
      const cookies = await caller.prepare();
      const details = await fc.check(
        fc.asyncProperty(requestsFor(target), async (generated) => {
          const request = asCaller(generated, cookies);
          const response = await send(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = problemWith(response, request.method);
          last.set(generated, `${problem ?? "fine"}: ${response.statusCode} ${response.body.slice(0, 400)}`);
          return problem === null;
        }),
        { numRuns: caller.runs, seed },
      );
      // FUZZ_STATS=1 shows how far the requests get: mostly 400s would mean handlers go untested.
      if (process.env.FUZZ_STATS) console.log(caller.name, target.name, JSON.stringify(Object.fromEntries([...statuses].sort())));
      if (details.failed && details.counterexample) {
        const [generated] = details.counterexample;
        const request = asCaller(generated, cookies);
        const response = last.get(generated) ?? `threw ${String(details.errorInstance)}`;
        failures.push(
          `${caller.name}: ${target.name} (${target.method} ${target.path}), seed ${seed}, path "${details.counterexamplePath}":\n${describeRequest(request)}\n  → ${response}`,
        );
      }
    }
    expect(failures, `${failures.length} of ${targets.length} operations failed:\n\n${failures.join("\n\n")}`).toEqual([]);
  });
}
