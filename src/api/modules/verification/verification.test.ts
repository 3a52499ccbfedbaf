import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp({ env: { RATE_LIMIT_PER_MINUTE: "3" } });

function confirm(remoteAddress: string, next: string) {
  return app().inject({
    method: "POST",
    url: "/api/verification",
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `next=${encodeURIComponent(next)}`,
  });
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

  it("lets a confirmed person through with a signed pass, and returns them where they were", async () => {
    const confirmed = await confirm("203.0.113.9", "/i1,foo?variant=a2");
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/i1,foo?variant=a2");
    const pass = confirmed.cookies.find((c) => c.name === "reloop-verified")!;
    expect(pass.httpOnly).toBe(true);
    for (let i = 0; i < 6; i++) {
      const res = await app().inject({ method: "GET", url: "/api/announcements", remoteAddress: "203.0.113.9", cookies: { "reloop-verified": pass.value } });
      expect(res.statusCode).toBe(200);
    }
  });

  it("ignores a forged pass and never redirects off-site", async () => {
    const forged = `${Date.now() + 3_600_000}.${"A".repeat(43)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await app().inject({ method: "GET", url: "/api/announcements", remoteAddress: "203.0.113.10", cookies: { "reloop-verified": forged } })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const offsite = await confirm("203.0.113.11", "//evil.example");
    expect(offsite.headers.location).toBe("/");
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
