import { connect, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { TEST_VERSION, setupTestApp } from "../test/api-harness.ts";

let stopping = false;
const { app } = setupTestApp({ stopping: () => stopping });

describe("every API response", () => {
  it("carries X-Version and a request id", async () => {
    const res = await app().inject({ method: "GET", url: "/api/navigation" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-version"]).toBe(TEST_VERSION);
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
  });

  it("keeps a well-formed incoming request id", async () => {
    const res = await app().inject({ method: "GET", url: "/api/nope", headers: { "x-request-id": "trace-12345678" } });
    expect(res.headers["x-request-id"]).toBe("trace-12345678");
    expect(res.json().errors[0].reference).toBe("trace-12345678");
  });
});

describe("unknown API routes", () => {
  it.each(["GET", "POST", "DELETE"] as const)("answer %s with 404 in the error shape", async (method) => {
    const res = await app().inject({ method, url: "/api/does-not-exist?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["x-version"]).toBe(TEST_VERSION);
    expect(res.json()).toEqual({
      errors: [{ code: "ROUTE_NOT_FOUND", message: `No API operation ${method} /api/does-not-exist`, reference: expect.any(String) }],
    });
  });
});

describe("health", () => {
  it("reports the process live and the database ready", async () => {
    expect((await app().inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok", version: TEST_VERSION });
    expect((await app().inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ok", version: TEST_VERSION });
  });

  it("while shutting down: not ready, still answering, and each answer closes its connection", async () => {
    expect((await app().inject({ method: "GET", url: "/api/navigation" })).headers.connection).not.toBe("close");
    stopping = true;
    try {
      const ready = await app().inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect((await app().inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      const answer = await app().inject({ method: "GET", url: "/api/navigation" });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.connection).toBe("close");
    } finally {
      stopping = false;
    }
  });
});

describe("OpenAPI", () => {
  it("documents every operation under its route name, with the error shape", async () => {
    const res = await app().inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    const operationIds = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(operationIds).toEqual(expect.arrayContaining(["api_get_navigation_view", "api_product_view", "api_product_list_view"]));
    const productView = doc.paths["/api/products/{id}"].get;
    expect(productView.responses["404"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorBody" });
    expect(doc.components.schemas.ErrorBody.properties.errors).toBeDefined();
  });

  it("serves a docs page", async () => {
    const res = await app().inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });
});

describe("a body past the limit", () => {
  it("is read to its end and refused with 413, and the connection goes on serving", async () => {
    await app().listen({ host: "127.0.0.1", port: 0 });
    const { port } = app().server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    const failed = new Promise<Error>((resolve) => socket.on("error", resolve));
    const body = `{"email":"${"a".repeat(2 * 1024 * 1024)}"}`;
    // Headers and the whole body at once, as most clients write before they read.
    socket.write(`POST /api/newsletter/subscriptions HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    await expect.poll(() => received, { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).not.toContain("connection: close");
    socket.write("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n");
    await expect.poll(() => received, { timeout: 10_000 }).toMatch(/HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
    socket.destroy();
    expect(await Promise.race([failed, Promise.resolve(undefined)])).toBeUndefined();
  });
});
