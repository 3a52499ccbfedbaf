import { describe, expect, it } from "vitest";
import { requestOrigin } from "./request.ts";

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
