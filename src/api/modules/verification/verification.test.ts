import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";
import { DEVELOPMENT_COOKIE_SECRET } from "../../../config.ts";
import { passPayload, searchSolution, VERIFICATION_TTL_MS } from "../../../domain/protection/verification.ts";

let now = new Date(Date.now());
const { app } = setupTestApp({
  env: { RATE_LIMIT_PER_MINUTE: "3", VERIFICATION_DIFFICULTY: "8" },
  clock: () => now,
  // Pages behind the limit, as the storefront registers them: every other path is a page.
  web: async (root, limitRequests) => {
    await root.register(async (pages) => {
      limitRequests(pages);
      pages.get("/*", async (_request, reply) => reply.type("text/html").send("<!doctype html><p>page</p>"));
    });
  },
});
const BROWSER = "Mozilla/5.0 (test browser)";

async function challengeFor(remoteAddress: string, userAgent = BROWSER): Promise<string> {
  const res = await app().inject({ method: "GET", url: "/api/verification/challenge", remoteAddress, headers: { "user-agent": userAgent } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json().challenge;
}

function solve(challenge: string): number {
  const solution = searchSolution(challenge, 8, 0, 1_000_000)!;
  // The browser's hash agrees with the platform's own SHA-256.
  expect(createHash("sha256").update(`${challenge}:${solution}`).digest()[0]).toBe(0);
  return solution;
}

function confirm(remoteAddress: string, fields: Record<string, string | number>, userAgent = BROWSER) {
  return app().inject({
    method: "POST",
    url: "/api/verification",
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": userAgent },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  });
}

async function passFor(remoteAddress: string): Promise<string> {
  const challenge = await challengeFor(remoteAddress);
  const res = await confirm(remoteAddress, { next: "/", challenge, solution: solve(challenge) });
  expect(res.statusCode).toBe(303);
  return res.cookies.find((c) => c.name === "reloop-verified")!.value;
}

async function statusesOf(remoteAddress: string, times: number, cookies: Record<string, string> = {}, userAgent = BROWSER): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    statuses.push((await app().inject({ method: "GET", url: "/api/announcements", remoteAddress, cookies, headers: { "user-agent": userAgent } })).statusCode);
  }
  return statuses;
}

describe("rate limit and verification", () => {
  it("answers 429 past the limit, in the error shape, with the verification location", async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await app().inject({ method: "GET", url: "/api/announcements", remoteAddress: "203.0.113.7" });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers["x-verify-location"]).toBe("/verify");
    expect(last!.json().errors[0].code).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect((await app().inject({ method: "GET", url: "/api/announcements", remoteAddress: "203.0.113.8" })).statusCode).toBe(200);
  });

  it("sends a limited visitor's pages to the verification page, which works: it and the route manifest it asks for are not limited", async () => {
    const address = "203.0.113.30";
    for (let i = 0; i < 3; i += 1) await app().inject({ method: "GET", url: "/kaufen/elektronik", remoteAddress: address });
    const limited = await app().inject({ method: "GET", url: "/kaufen/elektronik", remoteAddress: address });
    expect(limited.statusCode).toBe(303);
    expect(limited.headers.location).toBe("/verify?next=%2Fkaufen%2Felektronik");
    expect((await app().inject({ method: "GET", url: "/verify?next=%2Fkaufen%2Felektronik", remoteAddress: address })).statusCode).toBe(200);
    // React Router asks for the routes of the page's links; answered with the page's HTML, the browser logs "Failed to fetch manifest patches".
    const manifest = await app().inject({ method: "GET", url: "/__manifest?paths=%2F%2C%2Fkaufen&version=abc", remoteAddress: address });
    expect(manifest.statusCode).toBe(200);
    // Only the manifest's own path: a page that merely starts like it is limited.
    expect((await app().inject({ method: "GET", url: "/__manifestly", remoteAddress: address })).statusCode).toBe(303);
  });

  it("gives one pass per solved challenge: a replay is refused", async () => {
    const challenge = await challengeFor("203.0.113.16");
    const solution = solve(challenge);
    expect((await confirm("203.0.113.16", { next: "/", challenge, solution })).statusCode).toBe(303);
    const replay = await confirm("203.0.113.16", { next: "/", challenge, solution });
    expect([replay.statusCode, replay.json().errors[0].code]).toEqual([400, "VERIFICATION_CHALLENGE_SPENT"]);
  });

  it("lets a person who solved the challenge through with a signed pass, and returns them where they were", async () => {
    await statusesOf("203.0.113.9", 4);
    // Limited, yet the challenge and the confirmation stay reachable.
    const challenge = await challengeFor("203.0.113.9");
    const confirmed = await confirm("203.0.113.9", { next: "/i1,foo?variant=a2", challenge, solution: solve(challenge) });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/i1,foo?variant=a2");
    const pass = confirmed.cookies.find((c) => c.name === "reloop-verified")!;
    expect(pass.httpOnly).toBe(true);
    expect(await statusesOf("203.0.113.9", 6, { "reloop-verified": pass.value })).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("gives no pass without a solved challenge", async () => {
    const challenge = await challengeFor("203.0.113.12");
    const noChallenge = await confirm("203.0.113.12", { next: "/" });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().errors[0].reference).toBe("body.challenge");
    let wrong = 0;
    while (searchSolution(challenge, 8, wrong, 1) !== undefined) wrong++;
    const wrongSolution = await confirm("203.0.113.12", { challenge, solution: wrong });
    expect(wrongSolution.statusCode).toBe(400);
    expect(wrongSolution.json().errors[0].code).toBe("VERIFICATION_SOLUTION_WRONG");
    const madeUp = await confirm("203.0.113.12", { challenge: `${Date.now()}.8.${"a".repeat(22)}.${"b".repeat(43)}`, solution: 1 });
    expect(madeUp.json().errors[0].code).toBe("VERIFICATION_CHALLENGE_INVALID");
    for (const res of [noChallenge, wrongSolution, madeUp]) expect(res.cookies.find((c) => c.name === "reloop-verified")).toBeUndefined();
  });

  it("refuses a challenge issued to another client, or solved too late", async () => {
    const elsewhere = await challengeFor("203.0.113.13");
    expect((await confirm("203.0.113.14", { challenge: elsewhere, solution: solve(elsewhere) })).json().errors[0].code).toBe("VERIFICATION_CHALLENGE_INVALID");
    const otherBrowser = await challengeFor("203.0.113.13", "curl/8");
    expect((await confirm("203.0.113.13", { challenge: otherBrowser, solution: solve(otherBrowser) })).json().errors[0].code).toBe("VERIFICATION_CHALLENGE_INVALID");
    const old = await challengeFor("203.0.113.15");
    now = new Date(now.getTime() + 11 * 60_000);
    try {
      expect((await confirm("203.0.113.15", { challenge: old, solution: solve(old) })).json().errors[0].code).toBe("VERIFICATION_CHALLENGE_EXPIRED");
    } finally {
      now = new Date(now.getTime() - 11 * 60_000);
    }
  });

  it("binds the pass to the client that earned it", async () => {
    const pass = await passFor("203.0.113.16");
    expect((await statusesOf("203.0.113.17", 4, { "reloop-verified": pass })).at(-1)).toBe(429);
    expect((await statusesOf("203.0.113.16", 4, { "reloop-verified": pass }, "another browser")).at(-1)).toBe(429);
  });

  it("ends a pass one hour after it was issued, whatever the cookie says", async () => {
    const pass = await passFor("203.0.113.18");
    now = new Date(now.getTime() + VERIFICATION_TTL_MS + 1_000);
    try {
      expect((await statusesOf("203.0.113.18", 4, { "reloop-verified": pass })).at(-1)).toBe(429);
    } finally {
      now = new Date(now.getTime() - VERIFICATION_TTL_MS - 1_000);
    }
  });

  it("ignores forged passes: made up, or signed for the far future", async () => {
    const madeUp = `${Date.now() + 3_600_000}.${"A".repeat(43)}`;
    expect((await statusesOf("203.0.113.10", 4, { "reloop-verified": madeUp })).at(-1)).toBe(429);
    // Even with the right secret and client, a pass "issued" in the future is refused.
    const future = 10_000_000_000_000;
    const signature = createHmac("sha256", DEVELOPMENT_COOKIE_SECRET).update(passPayload(future, `203.0.113.19|${BROWSER}`)).digest("base64url");
    expect((await statusesOf("203.0.113.19", 4, { "reloop-verified": `${future}.${signature}` })).at(-1)).toBe(429);
  });

  it("never redirects off-site", async () => {
    for (const next of ["//evil.example", "/\t/evil.example", "https://evil.example/"]) {
      const challenge = await challengeFor("203.0.113.11");
      const res = await confirm("203.0.113.11", { next, challenge, solution: solve(challenge) });
      expect(res.headers.location).toBe("/");
    }
  });
});

describe("client addresses", () => {
  it("ignore X-Forwarded-For unless TRUST_PROXY is set, so the limit cannot be dodged", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app().inject({ method: "GET", url: "/api/announcements", remoteAddress: "203.0.113.20", headers: { "x-forwarded-for": `198.51.100.${i}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
