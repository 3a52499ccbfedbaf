import { afterEach, describe, expect, it, vi } from "vitest";
import { withInterceptors } from "./browser.ts";
import type { ApiResponse, ApiTransport } from "./client.ts";

const ok: ApiResponse = { status: 200, headers: {}, body: {} };
const failed: ApiResponse = { status: 500, headers: {}, body: { errors: [] } };

function sequence(...responses: ApiResponse[]): ApiTransport & { calls: number } {
  const transport = Object.assign(
    async () => {
      transport.calls++;
      return responses[Math.min(transport.calls - 1, responses.length - 1)]!;
    },
    { calls: 0 },
  );
  return transport;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("browser API interceptors", () => {
  it("retry a 500 on product calls, with a bound", async () => {
    vi.useFakeTimers();
    const flaky = sequence(failed, ok);
    const call = withInterceptors(flaky)({ method: "GET", path: "/api/products/1" });
    await vi.runAllTimersAsync();
    expect((await call).status).toBe(200);
    expect(flaky.calls).toBe(2);

    const broken = sequence(failed);
    const gaveUp = withInterceptors(broken)({ method: "GET", path: "/api/products/1" });
    await vi.runAllTimersAsync();
    expect((await gaveUp).status).toBe(500);
    expect(broken.calls).toBe(3);
  });

  it("do not retry other calls", async () => {
    const broken = sequence(failed);
    expect((await withInterceptors(broken)({ method: "POST", path: "/api/newsletter/subscriptions" })).status).toBe(500);
    expect(broken.calls).toBe(1);
  });

  it("send a 429 with x-verify-location to the verification page with the current URL as next", async () => {
    const assign = vi.fn();
    vi.stubGlobal("window", { location: { pathname: "/i1,x", search: "?variant=a2", hash: "#A2", origin: "http://shop", assign } });
    await withInterceptors(sequence({ status: 429, headers: { "x-verify-location": "/verify" }, body: null }))({ method: "GET", path: "/api/x" });
    expect(assign).toHaveBeenCalledWith("/verify?next=%2Fi1%2Cx%3Fvariant%3Da2%23A2");
  });
});
