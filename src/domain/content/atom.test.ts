import { describe, expect, it } from "vitest";
import { atomFeed } from "./atom.ts";

describe("Atom feed", () => {
  it("lists entries with escaped text and the newest update as the feed's", () => {
    const xml = atomFeed({
      id: "https://shop.example/tips-and-news",
      selfUrl: "https://shop.example/tips-and-news/feed/en.xml",
      siteUrl: "https://shop.example/tips-and-news",
      title: "Tips & news",
      language: "en",
      fallbackAuthor: "Reloop",
      entries: [
        { url: "https://shop.example/tips-and-news/a", title: "A <b>", author: null, summary: "s", html: "<p>x</p>", published: "2030-01-01T00:00:00.000Z", updated: "2030-01-02T00:00:00.000Z" },
        { url: "https://shop.example/tips-and-news/b", title: "B", author: "Ana", summary: "s", html: "<p>y</p>", published: "2030-01-01T00:00:00.000Z", updated: "2030-01-03T00:00:00.000Z" },
      ],
    });
    expect(xml).toContain("<title>Tips &amp; news</title>");
    expect(xml).toContain("<title>A &lt;b&gt;</title>");
    expect(xml).toContain("<author><name>Reloop</name></author>");
    expect(xml).toContain('<content type="html">&lt;p&gt;x&lt;/p&gt;</content>');
    expect(xml).toMatch(/<\/title><updated>2030-01-03T00:00:00.000Z<\/updated>/);
  });
});
