import { describe, expect, it } from "vitest";
import { apiPath, createApiClient, isApiError, pathSegment, productListQuery, queryString, type ApiRequest } from "./client.ts";

/** A transport that records each request and answers 200 with an empty body. */
function recording(): { requests: ApiRequest[]; client: ReturnType<typeof createApiClient> } {
  const requests: ApiRequest[] = [];
  const client = createApiClient(async (request) => {
    requests.push(request);
    return { status: 200, headers: {}, body: {} };
  });
  return { requests, client };
}

describe("pathSegment", () => {
  it("keeps ids and slugs as they are", () => {
    expect(pathSegment(12)).toBe("12");
    expect(pathSegment("sale")).toBe("sale");
    expect(pathSegment("gaming-2024")).toBe("gaming-2024");
  });

  it.each([
    ["../landing/sale", "..%2Flanding%2Fsale"],
    ["../../products/1", "..%2F..%2Fproducts%2F1"],
    ["a?b#c", "a%3Fb%23c"],
    ["100%", "100%25"],
    ["a\\b", "a%5Cb"],
    ["a b", "a%20b"],
    ["ü😀", "%C3%BC%F0%9F%98%80"],
  ])("keeps %j inside its segment", (value, encoded) => {
    expect(pathSegment(value)).toBe(encoded);
    expect(decodeURIComponent(pathSegment(value))).toBe(value);
    expect(pathSegment(value)).not.toContain("/");
  });

  it.each(["", ".", ".."])("refuses %j, which URL parsers would resolve, as a 400", (value) => {
    let thrown: unknown;
    try {
      pathSegment(value);
    } catch (error) {
      thrown = error;
    }
    expect(isApiError(thrown, 400)).toBe(true);
  });
});

describe("apiPath", () => {
  it("encodes every interpolated value and nothing else", () => {
    expect(apiPath`/api/landing-pages/${"theme"}/${"../landing/sale"}`).toBe("/api/landing-pages/theme/..%2Flanding%2Fsale");
    expect(apiPath`/api/products/${7}/reviews`).toBe("/api/products/7/reviews");
  });

  it("resolves to the operation it names, whatever the segment holds", () => {
    for (const slug of ["../landing/sale", "../../products/1", "..%2F..%2Fproducts", "./x", "..\\..\\x"]) {
      const url = new URL(apiPath`/api/landing-pages/theme/${slug}`, "http://localhost");
      expect(url.pathname.startsWith("/api/landing-pages/theme/")).toBe(true);
      expect(url.pathname.split("/")).toHaveLength(5);
    }
  });
});

describe("the client's paths", () => {
  it("encode every parameter of every method that puts one in a path", async () => {
    const { requests, client } = recording();
    const hostile = "../../x?y#z";
    await client.landingPage("theme", hostile, "de");
    await client.seoBlock(hostile, "de");
    await client.product(hostile as unknown as number, "de");
    await client.productDescription(hostile as unknown as number, "de");
    await client.wristbands(hostile as unknown as number, "de");
    await client.reviews(hostile as unknown as number, 1);
    expect(requests.map((r) => r.path)).toEqual([
      "/api/landing-pages/theme/..%2F..%2Fx%3Fy%23z",
      "/api/seo-blocks/..%2F..%2Fx%3Fy%23z",
      "/api/products/..%2F..%2Fx%3Fy%23z",
      "/api/products/..%2F..%2Fx%3Fy%23z/description",
      "/api/wristbands/..%2F..%2Fx%3Fy%23z",
      "/api/products/..%2F..%2Fx%3Fy%23z/reviews",
    ]);
  });

  it("reject, rather than throw, on a dot segment, so loaders can catch it", async () => {
    const { requests, client } = recording();
    const pending = client.landingPage("theme", "..", "de");
    await expect(pending).rejects.toMatchObject({ name: "ApiError", status: 400 });
    expect(requests).toHaveLength(0);
  });
});

describe("productListQuery", () => {
  it("splits names holding commas, drops duplicates and keeps at most 20 values", () => {
    const author = Array.from({ length: 25 }, (_, i) => `n${i}`).join(",");
    const query = productListQuery({ locale: "de", brand: [author, "n1"], color: [" red ", "red", ""] });
    expect(query?.brand).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));
    expect(query?.color).toEqual(["red"]);
    expect(query?.rom).toBeUndefined();
  });

  it("cuts a long page path, which only serves tracking", () => {
    const query = productListQuery({ locale: "de", pathname: `/kaufen/author/${"x".repeat(5000)}` });
    expect(String(query?.pathname)).toHaveLength(2000);
    expect(queryString(productListQuery({ locale: "de", pathname: "/kaufen/sale" }))).toBe("?locale=de&pathname=%2Fkaufen%2Fsale");
  });
});
