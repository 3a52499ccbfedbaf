import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentEncode } from "./hostile-values.ts";

describe("percentEncode", () => {
  it("encodes lone surrogates as their WTF-8 bytes and pairs as their character", () => {
    expect(percentEncode("\uD800")).toBe("%ED%A0%80");
    expect(percentEncode("a\uDFFFb")).toBe("a%ED%BF%BFb");
    expect(percentEncode("\uD800\uD800\uDC00")).toBe("%ED%A0%80%F0%90%80%80");
    expect(percentEncode("\uD800\uDC00\uDC00")).toBe("%F0%90%80%80%ED%B0%80");
    expect(percentEncode("😀 %&")).toBe("%F0%9F%98%80%20%25%26");
  });

  it("is encodeURIComponent for every well-formed string, and decodes back to it", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (text) => {
        expect(percentEncode(text)).toBe(encodeURIComponent(text));
        expect(decodeURIComponent(percentEncode(text))).toBe(text);
      }),
    );
  });
});
