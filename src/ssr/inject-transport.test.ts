import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { injectTransport } from "./inject-transport.ts";
import { INTERNAL_HEADER, INTERNAL_TOKEN, withinPageRender } from "../api/internal-calls.ts";

const app = Fastify();
app.addContentTypeParser("multipart/form-data", { parseAs: "string" }, (_request, body, done) => done(null, body));
app.post("/api/echo", async (request) => ({ ip: request.ip, headers: request.headers, body: request.body }));
/** User meta as the API answers it, counting how often it was asked; and a write beside it. */
let userMetaAsked = 0;
app.post("/api/user-meta", async (request) => ({ asked: ++userMetaAsked, cookie: request.headers.cookie ?? null, body: request.body }));
app.post("/api/cart/items", async () => ({ added: true }));
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

describe("user meta in a page render", () => {
  const visitor = (cookieHeader: string) => injectTransport(app, { cookieHeader, requestId: "req-12345678", address: "203.0.113.50", userAgent: undefined });
  const userMeta = async (transport: ReturnType<typeof injectTransport>, body: object = {}) => (await transport({ method: "POST", path: "/api/user-meta", body })).body as { asked: number; cookie: string };

  it("is asked once per visitor and question, again after the render's own write, and every time outside a render", async () => {
    const transport = visitor("reloop-session=a");
    const first = userMetaAsked + 1;
    await withinPageRender(async () => {
      // The shell and the account page's login check: one call to the API.
      expect((await Promise.all([userMeta(transport), userMeta(transport)])).map((m) => m.asked)).toEqual([first, first]);
      // Another question (with the sell cart) and another visitor's cookies (after a login) are asked on their own.
      expect((await userMeta(transport, { withCart: true })).asked).toBe(first + 1);
      expect(await userMeta(visitor("reloop-session=b"))).toMatchObject({ asked: first + 2, cookie: "reloop-session=b" });
      // The render's own write may change the answer: asked anew after it, then kept again.
      await transport({ method: "POST", path: "/api/cart/items", body: {} });
      expect((await userMeta(transport)).asked).toBe(first + 3);
      expect((await userMeta(transport)).asked).toBe(first + 3);
    });
    expect((await userMeta(transport)).asked).toBe(first + 4);
    expect((await userMeta(transport)).asked).toBe(first + 5);
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
