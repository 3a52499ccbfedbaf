import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

describe("the page CSP", () => {
  it("allows scripts from our origin and the response's nonce only", () => {
    const csp = securityHeaders("n0nce")["Content-Security-Policy"] ?? "";
    expect(csp).toContain("script-src 'self' 'nonce-n0nce';");
    expect(csp).not.toContain("facebook");
    expect(csp).not.toContain("frame-src");
  });

  it("allows Facebook's SDK only when Facebook login is offered", () => {
    const csp = securityHeaders("n0nce", "https://connect.facebook.net")["Content-Security-Policy"] ?? "";
    expect(csp).toContain("script-src 'self' https://connect.facebook.net 'nonce-n0nce';");
    expect(csp).toContain("connect-src 'self' ws: wss: https://connect.facebook.net;");
    expect(csp).toContain("frame-src 'self' https://*.facebook.com;");
    // The same setting again: the same policy, with this response's nonce.
    expect(securityHeaders("other", "https://connect.facebook.net")["Content-Security-Policy"]).toBe(csp.replace("n0nce", "other"));
  });
});
