import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api-harness.ts";
import { shopFixtures } from "../../test/shop-fixtures.ts";

const { app, database } = setupTestApp();

describe("security headers outside the storefront's pages", () => {
  it("JSON is never sniffed, framed or run", async () => {
    const res = await app().inject({ method: "GET", url: "/api/announcements" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    const error = await app().inject({ method: "GET", url: "/api/products/0" });
    expect(error.statusCode).toBe(400);
    expect(error.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("the API docs page has its own CSP without inline scripts, and cannot be framed", async () => {
    const res = await app().inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a signed-in customer's answers are kept by no cache", async () => {
    const login = await app().inject({
      method: "POST",
      url: "/api/customer/login",
      remoteAddress: "198.51.100.77",
      headers: { "sec-fetch-site": "same-origin" },
      payload: { credentials: { email: "demo@reloop.local", password: "reloop-demo" } },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === "reloop-session")!;
    const meta = await app().inject({ method: "POST", url: "/api/user-meta", headers: { "sec-fetch-site": "same-origin" }, cookies: { [session.name]: session.value }, payload: {} });
    expect(meta.statusCode).toBe(200);
    expect(meta.headers["cache-control"]).toBe("private, no-store");
    const anonymous = await app().inject({ method: "GET", url: "/api/announcements" });
    expect(anonymous.headers["cache-control"]).toBeUndefined();
  });

  it("a guest's answers, which depend on the cart cookie, are kept by no cache either", async () => {
    const productId = await shopFixtures(app, database).freshProduct(3);
    const added = await app().inject({
      method: "POST",
      url: "/api/cart/items",
      headers: { "sec-fetch-site": "same-origin" },
      payload: { id: productId, productVariantLabel: "A1", withFullBattery: false },
    });
    expect(added.statusCode).toBe(201);
    // The answer that hands out the cookie is the guest's already.
    expect(added.headers["cache-control"]).toBe("private, no-store");
    const cart = added.cookies.find((c) => c.name === "reloop-cart")!;
    for (const url of ["/api/cart", "/api/green-cart", `/api/orders/${crypto.randomUUID()}`]) {
      const res = await app().inject({ method: "GET", url, cookies: { [cart.name]: cart.value } });
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
  });
});

describe("slow clients", () => {
  it("are cut off when their headers do not arrive within seconds", async () => {
    const address = await app().listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("GET /api/announcements HTTP/1.1\r\nHost: localhost\r\nX-Slow: "));
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error("the server still held the connection after 20 s"));
      }, 20_000);
    });
    // Node's own default would hold it for a minute, past the guard above.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
