import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { KeptPageHeaderRead, requestOrigin, requestTarget, toKeptPageRequest } from "./request.ts";

describe("requestOrigin", () => {
  it("keeps a valid host, with its port", () => {
    expect(requestOrigin("http", "localhost:3000")).toBe("http://localhost:3000");
    expect(requestOrigin("https", "shop.example")).toBe("https://shop.example");
    expect(requestOrigin("http", "[::1]:3000")).toBe("http://[::1]:3000");
  });

  it.each(["[::1", "a b", "evil.example/path", "user@evil.example", "evil.example?x", "", undefined, "%"])("falls back to localhost for %j", (host) => {
    expect(requestOrigin("http", host)).toBe("http://localhost");
  });
});

describe("requestTarget", () => {
  it("keeps an origin-form target, and takes path and query from an absolute-form one", () => {
    expect(requestTarget("/kaufen/suchen?query=x")).toBe("/kaufen/suchen?query=x");
    expect(requestTarget("//evil.example/x")).toBe("//evil.example/x");
    expect(requestTarget("http://evil.example/foo?a=1")).toBe("/foo?a=1");
    expect(requestTarget("*")).toBe("/");
  });
});

describe("a kept page's request", () => {
  async function requestAsSeen(see: (request: Request) => unknown) {
    const app = Fastify();
    app.get("/*", async (request, reply) => {
      try {
        return { seen: see(toKeptPageRequest(request, reply, "reloop-language=en")) };
      } catch (error) {
        return { refused: error instanceof KeptPageHeaderRead ? error.message : String(error) };
      }
    });
    const headers = { cookie: "reloop-language=en; reloop-session=secret", "user-agent": "Mozilla/5.0", referer: "http://shop.example/kaufen/suchen?query=phishing", "accept-language": "fr" };
    return (await app.inject({ method: "GET", url: "/auth", headers })).json();
  }

  it("carries only what its cache key holds", async () => {
    const seen = await requestAsSeen((request) => [...request.headers.keys()].sort());
    expect(seen).toEqual({ seen: ["cookie", "host", "user-agent"] });
    expect(await requestAsSeen((request) => request.headers.get("Cookie"))).toEqual({ seen: "reloop-language=en" });
  });

  it("fails the render that reads any other header, such as the Referer", async () => {
    for (const name of ["referer", "Referer", "accept-language"]) {
      const answer = await requestAsSeen((request) => request.headers.get(name));
      expect(answer.refused, name).toContain(`read the request header "${name}"`);
    }
    expect((await requestAsSeen((request) => request.headers.has("x-forwarded-for"))).refused).toContain("x-forwarded-for");
  });
});
