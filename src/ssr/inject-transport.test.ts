import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { injectTransport } from "./inject-transport.ts";
import { INTERNAL_HEADER, INTERNAL_TOKEN } from "../api/internal-calls.ts";

const app = Fastify();
app.post("/api/echo", async (request) => ({ ip: request.ip, headers: request.headers, body: request.body }));
afterAll(() => app.close());

describe("the in-process API transport", () => {
  it("calls the API as the visitor: their address, browser, cookies and request id", async () => {
    const transport = injectTransport(app, { cookieHeader: "a=1", requestId: "req-12345678", address: "203.0.113.50", userAgent: "Visitor/1.0" });
    const response = await transport({ method: "POST", path: "/api/echo", query: { x: 1 }, body: { hello: "world" } });
    expect(response.status).toBe(200);
    const echoed = response.body as { ip: string; headers: Record<string, string>; body: unknown };
    expect(echoed.ip).toBe("203.0.113.50");
    expect(echoed.headers["user-agent"]).toBe("Visitor/1.0");
    expect(echoed.headers.cookie).toBe("a=1");
    expect(echoed.headers["x-request-id"]).toBe("req-12345678");
    expect(echoed.headers[INTERNAL_HEADER]).toBe(INTERNAL_TOKEN);
    expect(echoed.body).toEqual({ hello: "world" });
  });
});

describe("cookieHeaderAfter", () => {
  it("applies Set-Cookie headers to a request's cookies, as the browser will", async () => {
    const { cookieHeaderAfter } = await import("./storefront.ts");
    expect(cookieHeaderAfter("a=1; reloop-session=old; b=2", ["reloop-session=new; Path=/; HttpOnly", "c=3; Path=/"])).toBe("a=1; reloop-session=new; b=2; c=3");
    expect(cookieHeaderAfter(undefined, ["s=x; Path=/"])).toBe("s=x");
    expect(cookieHeaderAfter("a=1; s=x", ["s=; Max-Age=0; Path=/"])).toBe("a=1");
  });
});
