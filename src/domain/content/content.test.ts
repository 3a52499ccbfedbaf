import { describe, expect, it } from "vitest";
import { changedFields, excerpt, isLive, pageHref, readingMinutes } from "./content.ts";

const now = new Date("2030-06-01T12:00:00Z");
const hoursFrom = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe("content rules", () => {
  it("shows a document only while published and inside its window", () => {
    expect(isLive({ published: true, publishFrom: null, publishTo: null }, now)).toBe(true);
    expect(isLive({ published: false, publishFrom: null, publishTo: null }, now)).toBe(false);
    expect(isLive({ published: true, publishFrom: hoursFrom(1), publishTo: null }, now)).toBe(false);
    expect(isLive({ published: true, publishFrom: hoursFrom(-1), publishTo: hoursFrom(1) }, now)).toBe(true);
    expect(isLive({ published: true, publishFrom: null, publishTo: hoursFrom(0) }, now)).toBe(false);
  });
  it("counts reading time at 200 words a minute, at least one", () => {
    expect(readingMinutes("short")).toBe(1);
    expect(readingMinutes(Array.from({ length: 1000 }, () => "word").join(" "))).toBe(5);
    expect(readingMinutes(`# Title\n\n${"[link](https://example.com/a/very/long/url) ".repeat(400)}`)).toBe(2);
  });
  it("takes the first paragraph as the teaser, without markup, cut at a word", () => {
    expect(excerpt("# Heading\n\nSome **bold** [text](/x).\n\nMore")).toBe("Some bold text.");
    const long = excerpt("word ".repeat(100), 20);
    expect(long).toBe("word word word word…");
  });
  it("names the fields a change touched", () => {
    expect(changedFields({ title: "a", body: "b" }, { title: "a", body: "c" }, "de")).toEqual(["de.body"]);
    expect(changedFields(undefined, { title: "a" }, "en")).toEqual(["en.title"]);
  });
  it("puts the warranty page at /warranty and other pages under /s/", () => {
    expect(pageHref("warranty", "garantie")).toBe("/warranty");
    expect(pageHref("about-us", "ueber-uns")).toBe("/s/ueber-uns");
  });
});
