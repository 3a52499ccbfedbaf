import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_VERSION, setupTestApp } from "../../test/api-harness.ts";
import { errorBodySchema } from "../errors.ts";

const { app } = setupTestApp();

/** The answer is exactly the one error shape, as JSON, with the request id (or another id) as reference. */
function expectErrorShape(status: number, headers: Record<string, unknown>, body: string, code: string): void {
  expect(String(headers["content-type"])).toMatch(/^application\/json/);
  const parsed = errorBodySchema.parse(JSON.parse(body));
  expect(parsed.errors).toHaveLength(1);
  expect(parsed.errors[0]).toMatchObject({ code, reference: expect.stringMatching(/^[\w-]{8,}$/) });
  expect(status).toBeGreaterThanOrEqual(400);
}

describe("errors before routing (Fastify's frameworkErrors)", () => {
  it("answers a URL with invalid percent-encoding in the error shape", async () => {
    const res = await app().inject({ method: "GET", url: "/api/products/%ff" });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.statusCode, res.headers, res.body, "FST_ERR_BAD_URL");
    expect(res.json().errors[0].reference).toBe(res.headers["x-request-id"]);
    expect(res.headers["x-version"]).toBe(TEST_VERSION);
  });

  it("keeps a well-formed incoming request id as the reference", async () => {
    const res = await app().inject({ method: "GET", url: "/api/seo-blocks/%C0%AF", headers: { "x-request-id": "trace-87654321" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].reference).toBe("trace-87654321");
  });

  it("answers a path parameter past the router's length limit in the error shape", async () => {
    // Outside /api, where no catch-all route takes the request first.
    const res = await app().inject({ method: "GET", url: `/media/products/${"1".repeat(200)}/1.svg` });
    expect(res.statusCode).toBe(414);
    expectErrorShape(res.statusCode, res.headers, res.body, "FST_ERR_MAX_PARAM_LENGTH");
  });
});

describe("requests Node's HTTP parser refuses (clientErrorHandler), over a real socket", () => {
  let port = 0;
  // The harness closes the app after the file, and the listening socket with it.
  beforeAll(async () => {
    await app().listen({ port: 0, host: "127.0.0.1" });
    port = (app().server.address() as AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer until the server closes the connection. */
  function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const [head = "", body = ""] = text.split("\r\n\r\n", 2);
        const [statusLine = "", ...lines] = head.split("\r\n");
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
        resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
      });
      socket.end(request);
    });
  }

  it("answers a URL over 16 KB with 431 in the error shape", async () => {
    const res = await raw(`GET /api/products?query=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expectErrorShape(res.status, res.headers, res.body, "REQUEST_HEADERS_TOO_LARGE");
    expect(res.headers["x-version"]).toBe(TEST_VERSION);
    expect(res.headers["x-request-id"]).toBe(JSON.parse(res.body).errors[0].reference);
  });

  it("answers an unknown HTTP method in the error shape", async () => {
    const res = await raw("FROBNICATE /api/products HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(res.status).toBe(400);
    expectErrorShape(res.status, res.headers, res.body, "UNKNOWN_METHOD");
  });

  it("answers a method the parser knows but no route has (PROPFIND) as an unknown operation", async () => {
    const res = await raw("PROPFIND /api/products HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(res.status).toBe(404);
    expectErrorShape(res.status, res.headers, res.body, "ROUTE_NOT_FOUND");
  });

  it("answers broken HTTP framing in the error shape", async () => {
    const res = await raw("GET /api/products HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n");
    expect(res.status).toBe(400);
    expectErrorShape(res.status, res.headers, res.body, "MALFORMED_REQUEST");
  });
});
