import { describe, it, expect } from "vitest";
import { colourHex, escapeXml, PRODUCT_KINDS, productImageSvg, type ProductImageInput } from "./product-image.ts";

const base: ProductImageInput = { productId: 7, index: 0, kind: "smartphone", colour: "Midnight", label: "Apple iPhone 13 128 GB Midnight", size: "large" };

/** A small well-formedness check: balanced tags, quoted unique attributes, no raw < or & in text. */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (const match of xml.matchAll(tag)) {
    const between = xml.slice(last, match.index);
    expect(between, `stray markup before ${match[0]}`).not.toMatch(/[<>]|&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/);
    last = match.index + match[0].length;
    const [, closing, name, attrs = "", selfClosing] = match;
    const names = [...attrs.matchAll(/([\w:-]+)="/g)].map((a) => a[1]);
    expect(new Set(names).size, `duplicate attribute in ${match[0]}`).toBe(names.length);
    if (closing) expect(stack.pop(), `closing ${name}`).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(xml.slice(last)).toBe("");
  expect(stack).toEqual([]);
}

describe("productImageSvg", () => {
  it("draws a well-formed, small SVG for every kind, view and size", () => {
    for (const kind of [...PRODUCT_KINDS, "something-unknown"]) {
      for (let index = 0; index < 4; index++) {
        for (const size of ["large", "thumb"] as const) {
          const svg = productImageSvg({ ...base, kind, index, size, label: `A & B <${kind}> "quoted" it's` });
          assertWellFormed(svg);
          expect(svg.startsWith("<svg ")).toBe(true);
          expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
          expect(Buffer.byteLength(svg)).toBeLessThan(4096);
        }
      }
    }
  });

  it("uses an 800×800 canvas for large and 160×160 for thumbnails", () => {
    expect(productImageSvg(base)).toContain('viewBox="0 0 800 800"');
    expect(productImageSvg({ ...base, size: "thumb" })).toContain('viewBox="0 0 160 160"');
  });

  it("puts the escaped label in the title", () => {
    const svg = productImageSvg({ ...base, label: 'Tom & Jerry <"Best of"> \'95' });
    expect(svg).toContain("<title>Tom &#38; Jerry &#60;&#34;Best of&#34;&#62; &#39;95</title>");
    expect(svg).not.toContain("Tom & Jerry");
  });

  it("escapes text drawn on covers too", () => {
    const svg = productImageSvg({ ...base, kind: "book", colour: null, label: "Salt & <Pepper>" });
    expect(svg).toContain("Salt &#38; &#60;Pepper&#62;");
    assertWellFormed(svg);
  });

  it("is deterministic", () => {
    for (const kind of PRODUCT_KINDS) {
      const input = { ...base, kind, index: 2 };
      expect(productImageSvg(input)).toBe(productImageSvg({ ...input }));
    }
  });

  it("draws different pictures for different kinds, views and colours", () => {
    const kinds = new Set(PRODUCT_KINDS.map((kind) => productImageSvg({ ...base, kind })));
    expect(kinds.size).toBe(PRODUCT_KINDS.length);
    const views = new Set([0, 1, 2, 3].map((index) => productImageSvg({ ...base, index })));
    expect(views.size).toBe(4);
    expect(productImageSvg({ ...base, colour: "Red" })).not.toBe(productImageSvg({ ...base, colour: "Blue" }));
    expect(productImageSvg({ ...base, index: 5 })).toBe(productImageSvg({ ...base, index: 1 }));
  });

  it("falls back to a generic box for unknown kinds", () => {
    expect(productImageSvg({ ...base, kind: "toaster" })).toBe(productImageSvg({ ...base, kind: "box" }));
  });

  it("gives media without a colour a colour from the product id", () => {
    const a = productImageSvg({ ...base, kind: "book", colour: null, productId: 1 });
    const b = productImageSvg({ ...base, kind: "book", colour: null, productId: 2 });
    expect(a).not.toBe(b);
  });
});

describe("colourHex", () => {
  it("maps colour names, including compound marketing names", () => {
    expect(colourHex("Black")).toBe(colourHex("black"));
    expect(colourHex("Phantom Black")).toBe(colourHex("Black"));
    expect(colourHex("Space Grey")).toMatch(/^#[0-9a-f]{6}$/);
    expect(colourHex("Midnight")).not.toBe(colourHex("Starlight"));
    for (const name of ["Silver", "Blue", "Gold", "Red", "Green", "White", "Purple", "Graphite", "Pink"]) {
      expect(colourHex(name), name).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("returns null for nothing or unknown names", () => {
    expect(colourHex(null)).toBeNull();
    expect(colourHex("Umber")).toBeNull();
  });
});

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });
});
