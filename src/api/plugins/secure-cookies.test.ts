import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { searchSolution } from "../../domain/protection/verification.ts";
import { setupTestApp } from "../../test/api-harness.ts";
import { registerSecureCookies } from "./secure-cookies.ts";

/** The shop behind a proxy that speaks https to browsers and plain http to this process (no TRUST_PROXY). */
const { app: shop } = setupTestApp({ env: { PUBLIC_URL: "https://shop.example", VERIFICATION_DIFFICULTY: "8" } });

async function appAt(publicUrl: string) {
  const app = Fastify();
  await app.register(fastifyCookie);
  registerSecureCookies(app, publicUrl);
  // As the API sets its cookies, and as the storefront passes on a page's Set-Cookie headers.
  app.get("/api/pass", async (_request, reply) => reply.setCookie("reloop-verified", "1.abc", { path: "/", httpOnly: true }).send({}));
  app.get("/page", async (_request, reply) =>
    reply.header("set-cookie", ["reloop-language=en; Path=/; Max-Age=31536000; SameSite=Lax", "flashbag=%7B%7D; Path=/; SameSite=Lax", "__Host-reloop-session=x; Path=/; Secure; HttpOnly"]).send("ok"),
  );
  return app;
}

const cookiesOf = (headers: Record<string, unknown>) => [headers["set-cookie"]].flat().map(String);

describe("cookies under HTTPS", () => {
  it("are all Secure when PUBLIC_URL is https, whatever the request's own protocol", async () => {
    const app = await appAt("https://shop.example");
    for (const url of ["/api/pass", "/page"]) {
      const cookies = cookiesOf((await app.inject({ method: "GET", url })).headers);
      expect(cookies.length, url).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.match(/;\s*Secure/gi), cookie).toHaveLength(1);
    }
  });

  it("stay as they are for a shop on plain http (a laptop, the tests)", async () => {
    const app = await appAt("http://localhost:3000");
    const cookies = cookiesOf((await app.inject({ method: "GET", url: "/page" })).headers);
    expect(cookies.filter((c) => /Secure/.test(c))).toEqual(["__Host-reloop-session=x; Path=/; Secure; HttpOnly"]);
  });
});

describe("the API behind an https proxy without TRUST_PROXY", () => {
  it("marks the verification pass Secure, as every other cookie", async () => {
    const challenge = (await shop().inject({ method: "GET", url: "/api/verification/challenge" })).json().challenge as string;
    const confirmed = await shop().inject({
      method: "POST",
      url: "/api/verification",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ next: "/", challenge, solution: String(searchSolution(challenge, 8, 0, 1_000_000)) }).toString(),
    });
    expect(confirmed.statusCode).toBe(303);
    const pass = confirmed.cookies.find((c) => c.name === "reloop-verified");
    expect(pass?.secure).toBe(true);
  });
});
