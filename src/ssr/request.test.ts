import fastifyCompress from "@fastify/compress";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { KeptPageHeaderRead, requestOrigin, requestTarget, sendWebResponse, toKeptPageRequest } from "./request.ts";

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

/** A page as React Router hands it over: parts written at once, then, after a pause, the rest (a streamed part). */
function pageOf(parts: string[], later?: string): Response {
  const page = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      if (later !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.enqueue(new TextEncoder().encode(later));
      }
      controller.close();
    },
  });
  return new Response(page, { headers: { "content-type": "text/html" } });
}

describe("a streamed answer", () => {
  it("a render that fails midway ends the answer; a visitor who leaves stops the render's stream", async () => {
    const app = Fastify({ logger: false });
    let cancelled = false;
    app.get("/fails", (_request, reply) => {
      const page = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode("<!DOCTYPE html><html><body>shell"));
          await new Promise((resolve) => setTimeout(resolve, 20));
          controller.error(new Error("the render failed"));
        },
      });
      return sendWebResponse(reply, new Response(page, { headers: { "content-type": "text/html" } }));
    });
    app.get("/endless", (_request, reply) => {
      const page = new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(new TextEncoder().encode("more "));
        },
        cancel: () => {
          cancelled = true;
        },
      });
      return sendWebResponse(reply, new Response(page, { headers: { "content-type": "text/html" } }));
    });
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      // The answer ends (cut short, not left open): reading it fails instead of waiting forever.
      await expect((await fetch(`${address}/fails`)).text()).rejects.toThrow();
      const leaving = new AbortController();
      const endless = await fetch(`${address}/endless`, { signal: leaving.signal });
      const reader = endless.body!.getReader();
      await reader.read();
      leaving.abort();
      await expect.poll(() => cancelled).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("a page larger than the socket takes at once arrives whole, rendered at once or streamed", async () => {
    const app = Fastify();
    const text = "<!DOCTYPE html><html><body>" + "tile ".repeat(200_000);
    app.get("/at-once", (_request, reply) => sendWebResponse(reply, pageOf([text, "</body></html>"])));
    app.get("/streamed", (_request, reply) => sendWebResponse(reply, pageOf([text], "</body></html>")));
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      for (const path of ["/at-once", "/streamed"]) {
        const response = await fetch(`${address}${path}`, { signal: AbortSignal.timeout(5_000) });
        expect((await response.text()).length).toBe(text.length + "</body></html>".length);
      }
    } finally {
      await app.close();
    }
  });

  it("arrives whole through compression, shell and rest", async () => {
    const app = Fastify();
    await app.register(fastifyCompress, { global: true, threshold: 0 });
    const text = "<!DOCTYPE html><html><body>" + "tile ".repeat(2000);
    app.get("/streamed", (_request, reply) => sendWebResponse(reply, pageOf([text], "later</body></html>")));
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      for (const encoding of ["gzip", "br", "identity"]) {
        const response = await fetch(`${address}/streamed`, { headers: { "accept-encoding": encoding } });
        expect(response.headers.get("content-encoding") ?? "identity").toBe(encoding);
        expect(await response.text()).toBe(`${text}later</body></html>`);
      }
    } finally {
      await app.close();
    }
  });
});
