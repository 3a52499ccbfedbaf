import { request as httpRequest } from "node:http";
import { metricsToken } from "../playwright.config.ts";
import { expect, hydrated, logInAsDemoCustomer, test } from "./fixtures.ts";

/** A raw request, for headers a browser or Playwright would not send as given (Host, broken Referer). */
function raw(baseURL: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: options.method ?? "GET", headers: options.headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

test.describe("pages under bad input", () => {
  test("a logged-in visitor is never sent to another site by ?next=", async ({ page }) => {
    await logInAsDemoCustomer(page);
    for (const next of ["%2F%09%2Fevil.example", "%2F%0A%2Fevil.example", "%2F%5Cevil.example", "https%3A%2F%2Fevil.example"]) {
      const response = await page.request.get(`/auth?next=${next}`, { maxRedirects: 0 });
      expect(response.status(), next).toBe(303);
      expect(response.headers().location, next).toBe("/");
    }
  });

  test("page forms refuse what is no form with a 400, and a body past the limit with a 413", async ({ request }) => {
    const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
    for (const [type, data] of [
      ["application/json", '{"email":"a@b.de"}'],
      ["multipart/form-data; boundary=x", "--x\r\nbroken"],
      ["application/x-www-form-urlencoded", ""],
    ] as const) {
      const response = await request.post("/auth", { headers: { ...headers, "content-type": type }, data, maxRedirects: 0 });
      expect(response.status(), type).toBeLessThan(500);
    }
    const json = await request.post("/auth", { headers: { ...headers, "content-type": "application/json" }, data: "{}", maxRedirects: 0 });
    expect(json.status()).toBe(400);
    const huge = await request.post("/language", { headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, data: `locale=en&x=${"a".repeat(2 * 1024 * 1024)}`, maxRedirects: 0 });
    expect(huge.status()).toBe(413);
    expect((await huge.json()).errors[0].code).toBeTruthy();
  });

  test("a broken Host or Referer header does not break a page", async ({ baseURL }) => {
    expect((await raw(baseURL!, "/auth", { headers: { host: "[::1" } })).status).toBe(200);
    expect((await raw(baseURL!, "/auth", { headers: { referer: "http://[::1" } })).status).toBe(200);
    // The absolute form of a request target ("GET http://host/path") serves our own path.
    expect((await raw(baseURL!, "http://evil.example/auth")).status).toBe(200);
    const newsletter = await raw(baseURL!, "/newsletter", {
      method: "POST",
      headers: { referer: "http://[::1", origin: new URL(baseURL!).origin, "content-type": "application/x-www-form-urlencoded" },
      body: "email=someone%40example.com",
    });
    expect(newsletter.status).toBe(303);
    expect(newsletter.headers.location).toBe("/");
  });

  test("NUL bytes and traversal in page URLs are a client's mistake, not a 500", async ({ request }) => {
    for (const path of ["/kaufen/suchen?query=%00", "/kaufen/author/%00", "/kaufen/theme/..%2F..%2Fproducts%2F1", "/recommendations/similar?productId=2147483648", "/verkaufen/suche?query=%00"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.status(), path).toBeLessThan(500);
    }
    // Not the sale page by a detour.
    expect((await request.get("/kaufen/theme/..%2Flanding%2Fsale")).status()).toBe(404);
  });
});

test.describe("page headers", () => {
  test("inline scripts run only with the response's nonce, and pages stay out of shared caches", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = (await page.goto("/i1,x"))!;
    await hydrated(page);
    const csp = response.headers()["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
    // Every inline script carries it (the browser hides the value from attributes, not from the property).
    const inline = await page.locator("script:not([src]):not([type='application/ld+json'])").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
    expect(inline.length).toBeGreaterThan(0);
    expect(new Set(inline)).toEqual(new Set([nonce]));
    const again = await page.request.get("/i1,x");
    expect(again.headers()["content-security-policy"]).not.toContain(nonce!);
    expect(violations).toEqual([]);
  });

  test("a signed-in customer's pages are not stored; the storefront's pages, which say nothing personal, are revalidated", async ({ page }) => {
    await logInAsDemoCustomer(page);
    const own = (await page.goto("/my"))!;
    expect(own.headers()["cache-control"]).toBe("private, no-store");
    // The page everyone gets: the customer's parts are asked for by the browser.
    const shared = (await page.goto("/"))!;
    expect(shared.headers()["cache-control"]).toBe("private, no-cache");
    expect(await shared.text()).not.toContain("demo@reloop.local");
    // The data of client-side navigations too.
    const data = await page.request.get("/my.data");
    expect(data.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("server resources", () => {
  test("a page's render lets go of what it held once it is sent: no timer of it stays behind", async ({ request }) => {
    // Timers keeping the process alive, as the server counts them: a timer left by a render holds
    // the render's whole data, request and response in memory until it fires.
    const pendingTimers = async () => {
      const figures = await (await request.get("/metrics", { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      expect(figures, "the server counts its pending resources").toContain("# TYPE reloop_nodejs_active_resources gauge");
      return Number(/^reloop_nodejs_active_resources\{type="Timeout"\} (\d+)$/m.exec(figures)?.[1] ?? 0);
    };
    // A page rendered for one customer (no shared copy of it is kept), many at once.
    const login = await request.post("/api/customer/login", { data: { credentials: { email: "demo@reloop.local", password: "reloop-demo" } } });
    expect(login.ok()).toBe(true);
    const before = await pendingTimers();
    const renders = 30;
    const pages = await Promise.all(Array.from({ length: renders }, () => request.get("/my")));
    for (const page of pages) expect(await page.text()).toContain("demo@reloop.local");
    // Other requests of the suite may hold a timer of their own meanwhile, but not one per render.
    expect(await pendingTimers()).toBeLessThan(before + renders / 2);
  });
});
