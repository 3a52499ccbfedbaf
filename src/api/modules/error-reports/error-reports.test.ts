import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";

const { app } = setupTestApp();

describe("api_error_report", () => {
  it("accepts a browser error", async () => {
    const res = await app().inject({
      method: "POST",
      url: "/api/errors",
      payload: { kind: "client", message: "TypeError: x is undefined", url: "/i1,foo?email=a@b.de", release: "1.0.0" },
    });
    expect(res.statusCode).toBe(202);
  });

  it("rejects an empty or oversized report with 400", async () => {
    const empty = await app().inject({ method: "POST", url: "/api/errors", payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].reference).toBe("body.message");
    const huge = await app().inject({ method: "POST", url: "/api/errors", payload: { message: "x".repeat(6000) } });
    expect(huge.statusCode).toBe(400);
    const notJson = await app().inject({ method: "POST", url: "/api/errors", headers: { "content-type": "application/json" }, payload: "{oops" });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors[0].code).toBeTruthy();
  });
});
