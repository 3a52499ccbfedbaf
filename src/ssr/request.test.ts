import { describe, expect, it } from "vitest";
import { requestOrigin, requestTarget } from "./request.ts";

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
