import { Readable, pipeline } from "node:stream";
import { describe, expect, it } from "vitest";
import { coalescingRecorder, createPageCache, PAGE_CACHE_TTL_MS, type CachedPage, type PageRequest } from "./page-cache.ts";

const personalCookies = { session: "reloop-session", cart: "reloop-cart" };
const visitor = (overrides: Partial<PageRequest> = {}): PageRequest => ({
  method: "GET",
  url: "/i3,phone",
  host: "shop.example",
  cookieHeader: undefined,
  locale: "de",
  bot: false,
  variant: "",
  ...overrides,
});

const NONCE = "c2VjcmV0LW5vbmNlLTEyMw==";
const page = (overrides: Partial<CachedPage> = {}): CachedPage => ({
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["content-security-policy", `default-src 'self'; script-src 'self' 'nonce-${NONCE}'`],
  ],
  body: Buffer.from(`<html><script nonce="${NONCE}">x</script><link nonce="${NONCE}"/>ü</html>`),
  ...overrides,
});

describe("page cache", () => {
  it("keeps pages only for visitors it can say nothing personal to", () => {
    const cache = createPageCache("reloop", { personalCookies });
    expect(cache.keyOf(visitor())).not.toBeNull();
    expect(cache.keyOf(visitor({ cookieHeader: "reloop-language=en; reloop-consent=necessary%2Cstatistics" }))).not.toBeNull();
    expect(cache.keyOf(visitor({ method: "POST" }))).toBeNull();
    expect(cache.keyOf(visitor({ method: "HEAD" }))).toBeNull();
    expect(cache.keyOf(visitor({ url: "/i3,phone.data" }))).toBeNull();
    for (const cookie of ["__Host-reloop-session=abc", "flashbag=x", "reloop-language=de; other=1", "reloop-cart=abc; flashbag=x"]) {
      expect(cache.keyOf(visitor({ cookieHeader: cookie })), cookie).toBeNull();
    }
    // A cart or a session keeps personal pages personal.
    for (const url of ["/checkout/cart", "/my", "/wishlist", "/auth"]) {
      expect(cache.keyOf(visitor({ url, cookieHeader: "reloop-cart=abc" })), url).toBeNull();
      expect(cache.keyOf(visitor({ url })), url).not.toBeNull();
    }
  });

  it("shares the storefront's pages with visitors who have a cart or a session, whose cookies the page never sees", () => {
    const cache = createPageCache("reloop", { personalCookies });
    const anonymous = cache.keyOf(visitor({ cookieHeader: "reloop-language=en" }))!;
    const withCart = cache.keyOf(visitor({ cookieHeader: "reloop-cart=abc; reloop-language=en" }))!;
    const otherCart = cache.keyOf(visitor({ cookieHeader: "reloop-language=en; reloop-cart=xyz" }))!;
    const customer = cache.keyOf(visitor({ cookieHeader: "reloop-session=s1; reloop-cart=abc; reloop-language=en" }))!;
    const otherCustomer = cache.keyOf(visitor({ cookieHeader: "reloop-session=s2; reloop-language=en" }))!;
    expect([anonymous.visitor, withCart.visitor, customer.visitor]).toEqual(["anonymous", "cart", "customer"]);
    expect(withCart.key).toBe(otherCart.key);
    expect(customer.key).toBe(otherCustomer.key);
    expect(new Set([anonymous.key, withCart.key, customer.key]).size).toBe(3);
    for (const key of [anonymous, withCart, customer]) expect(key.cookieHeader).toBe("reloop-language=en");
  });

  it("tells apart whatever the page depends on, and nothing else", () => {
    const cache = createPageCache("reloop");
    const key = (overrides: Partial<PageRequest>) => cache.keyOf(visitor(overrides))?.key;
    expect(key({ cookieHeader: "reloop-consent=necessary; reloop-language=en" })).toBe(key({ cookieHeader: "reloop-language=en;reloop-consent=necessary" }));
    const distinct = new Set([
      key({}),
      key({ url: "/i3,phone?variant=A2" }),
      key({ locale: "en" }),
      key({ bot: true }),
      key({ variant: "macbook-in-stock" }),
      key({ cookieHeader: "reloop-language=en" }),
      key({ cookieHeader: "reloop-consent=necessary" }),
      key({ host: "other.example" }),
    ]);
    expect(distinct.size).toBe(8);
  });

  it("serves a kept page with a new nonce, in the body and in the CSP, and nothing else changed", () => {
    const cache = createPageCache("reloop");
    const key = cache.keyOf(visitor())!.key;
    expect(cache.get(key)).toBeUndefined();
    cache.store(key, page());
    const first = cache.get(key)!;
    const second = cache.get(key)!;
    const nonceOf = (p: CachedPage) => /'nonce-([^']+)'/.exec(p.headers.find(([n]) => n === "content-security-policy")![1])![1]!;
    expect(nonceOf(first)).not.toBe(NONCE);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    const body = first.body.toString("utf8");
    expect(body).not.toContain(NONCE);
    expect(body.split(nonceOf(first)).join(NONCE)).toBe(page().body.toString("utf8"));
    expect(cache.stats()).toEqual({ hits: 2, misses: 1, pages: 1 });
  });

  it("puts the new nonce wherever the kept one was, also at the body's very start and end, whatever its length", () => {
    const cache = createPageCache("reloop");
    const key = cache.keyOf(visitor())!.key;
    const short = "bm9uY2U=";
    cache.store(key, page({ headers: [["content-type", "text/html"], ["content-security-policy", `script-src 'nonce-${short}'`]], body: Buffer.from(`${short}ä${short}${short}ö${short}`) }));
    const served = cache.get(key)!;
    const nonce = /'nonce-([^']+)'/.exec(served.headers[1]![1])![1]!;
    expect(nonce).not.toBe(short);
    expect(served.body.toString("utf8")).toBe(`${nonce}ä${nonce}${nonce}ö${nonce}`);
  });

  it("keeps only complete HTML pages that set no cookie", () => {
    const cache = createPageCache("reloop");
    const key = cache.keyOf(visitor())!.key;
    const refused: CachedPage[] = [
      page({ status: 404 }),
      page({ status: 302 }),
      page({ headers: [...page().headers, ["set-cookie", "flashbag=; Max-Age=0"]] }),
      page({ headers: [["content-type", "application/json"], page().headers[1]!] }),
      page({ headers: [page().headers[0]!] }),
      page({ body: Buffer.alloc(600 * 1024) }),
    ];
    for (const p of refused) {
      cache.store(key, p);
      expect(cache.get(key)).toBeUndefined();
    }
  });

  it("forgets a page after five seconds, and everything when told to", () => {
    let now = 1_000_000;
    const cache = createPageCache("reloop", { now: () => now });
    const key = cache.keyOf(visitor())!.key;
    cache.store(key, page());
    now += PAGE_CACHE_TTL_MS - 1;
    expect(cache.get(key)).toBeDefined();
    now += 2;
    expect(cache.get(key)).toBeUndefined();
    cache.store(key, page());
    cache.clear();
    expect(cache.get(key)).toBeUndefined();
  });
});

describe("coalescing recorder", () => {
  const collect = (source: Readable, done?: (body: Buffer) => void) =>
    new Promise<{ chunks: string[]; error?: Error }>((resolve) => {
      const chunks: string[] = [];
      const out = pipeline(source, coalescingRecorder(done), (error) => resolve({ chunks, ...(error ? { error } : {}) }));
      out.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    });

  it("sends what is written at once as one chunk, and records the whole body", async () => {
    let recorded = "";
    const source = new Readable({ read() {} });
    const result = collect(source, (body) => (recorded = body.toString()));
    source.push("<html>");
    source.push("<head>");
    source.push("<body>");
    await new Promise((resolve) => setTimeout(resolve, 5));
    source.push("late");
    source.push(null);
    const { chunks } = await result;
    expect(chunks).toEqual(["<html><head><body>", "late"]);
    expect(recorded).toBe("<html><head><body>late");
  });

  it("records nothing when the body fails midway", async () => {
    let recorded = false;
    const source = new Readable({ read() {} });
    const result = collect(source, () => (recorded = true));
    source.push("<html>");
    source.destroy(new Error("render failed"));
    expect((await result).error?.message).toBe("render failed");
    expect(recorded).toBe(false);
  });
});
