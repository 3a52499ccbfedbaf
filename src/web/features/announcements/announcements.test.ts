import { describe, expect, it } from "vitest";
import { shouldFetchAnnouncements, visibleAnnouncements } from "./announcements.ts";

const now = new Date("2026-11-22T12:00:00Z");

describe("announcements", () => {
  it("are fetched when never fetched, and again only after 15 minutes", () => {
    expect(shouldFetchAnnouncements(null, now)).toBe(true);
    expect(shouldFetchAnnouncements("2026-11-22T11:45:01Z", now)).toBe(false);
    expect(shouldFetchAnnouncements("2026-11-22T11:45:00Z", now)).toBe(true);
    expect(shouldFetchAnnouncements("garbage", now)).toBe(true);
    // A fetched date in the future is a wrong clock: fetch.
    expect(shouldFetchAnnouncements("2026-11-22T13:00:00Z", now)).toBe(true);
  });

  it("hide once expired", () => {
    const items = [{ text: "a", validTo: "2026-11-22T12:00:01Z" }, { text: "b", validTo: "2026-11-22T12:00:00Z" }];
    expect(visibleAnnouncements(items, now).map((a) => a.text)).toEqual(["a"]);
  });
});
