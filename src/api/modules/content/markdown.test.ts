import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("Markdown rendering", () => {
  it("renders headings, lists, emphasis and safe links", () => {
    const html = renderMarkdown("## Title\n\n- one\n- **two**\n\n[Terms](/legal/terms-and-conditions) and [site](https://example.org)");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>two</strong>");
    expect(html).toContain('<a href="/legal/terms-and-conditions">Terms</a>');
    expect(html).toContain('<a href="https://example.org" rel="nofollow noopener noreferrer">site</a>');
  });

  it("keeps script tags, event handlers and javascript: links inert", () => {
    const html = renderMarkdown(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(2)">',
        '<a href="javascript:alert(3)">raw</a>',
        "[click](javascript:alert(4)) [again](JaVaScRiPt:alert(5)) [data](data:text/html;base64,PHNjcmlwdD4=) [spaced]( javascript:alert(6))",
        "![img](javascript:alert(7))",
        '<div onclick="alert(8)">x</div>',
        "[proto](//evil.example/x)",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<div/i);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toMatch(/src="\s*javascript:/i);
    expect(html).not.toMatch(/href="data:/i);
    expect(html).not.toMatch(/href="\/\/evil/i);
    // Written as text instead.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("[click](javascript:alert(4))");
  });
});
