import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { injectTransport } from "./inject-transport.ts";
import { INTERNAL_HEADER, INTERNAL_TOKEN } from "../api/internal-calls.ts";

const app = Fastify();
app.addContentTypeParser("multipart/form-data", { parseAs: "string" }, (_request, body, done) => done(null, body));
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

  it("sends a form of files as multipart/form-data", async () => {
    const transport = injectTransport(app, { cookieHeader: undefined, requestId: "req-12345678", address: "203.0.113.50", userAgent: undefined });
    const form = new FormData();
    form.append("photos", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "box.png");
    const response = await transport({ method: "POST", path: "/api/echo", form });
    const echoed = response.body as { headers: Record<string, string>; body: string };
    expect(echoed.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.body).toContain('name="photos"; filename="box.png"');
    expect(echoed.body).toContain("Content-Type: image/png");
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
