import { Writable } from "node:stream";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger, registerRequestObservation, requestLoggerOptions } from "./observability.ts";

describe("log lines", () => {
  it("carry the request's id, whether written through request.log or the app's logger, and only once", async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        // Each line names the id once: a repeated key would be ambiguous to log tools.
        expect(String(chunk).match(/"reqId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger({ level: "info", pretty: false, destination }) as FastifyBaseLogger, ...requestLoggerOptions });
    registerRequestObservation(app);
    app.get("/work", async (request) => {
      request.log.info("through the request");
      await new Promise((resolve) => setTimeout(resolve, 1));
      app.log.info("through the app, later");
      return { ok: true };
    });
    await app.inject({ method: "GET", url: "/work", headers: { "x-request-id": "ignored-here" } });
    app.log.info("outside any request");
    await app.close();
    const byMessage = (msg: string) => lines.find((line) => line.msg === msg)!;
    const id = byMessage("through the request").reqId;
    expect(id).toEqual(expect.any(String));
    expect(byMessage("through the app, later").reqId).toBe(id);
    expect(byMessage("incoming request").reqId).toBe(id);
    expect(byMessage("outside any request").reqId).toBeUndefined();
  });
});
