import { describe, expect, it } from "vitest";
import { afterFailedLogin, afterLoginTarget, isLocked, LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MS, normalizeEmail } from "./accounts.ts";

describe("afterLoginTarget (SPEC §2)", () => {
  it("prefers the stored intent over the previous page", () => {
    expect(afterLoginTarget({ intent: "/buy-alerts", previous: "/i12,phone", platform: "blue" })).toBe("/buy-alerts");
  });
  it("falls back to the previous page", () => {
    expect(afterLoginTarget({ intent: null, previous: "/i12,phone?variant=A1", platform: "blue" })).toBe("/i12,phone?variant=A1");
  });
  it("sends each platform to its default page when coming from the login page itself", () => {
    expect(afterLoginTarget({ previous: "/auth", platform: "blue" })).toBe("/");
    expect(afterLoginTarget({ previous: "/auth?next=", platform: "green" })).toBe("/verkaufen/suche");
    expect(afterLoginTarget({ platform: "my" })).toBe("/my");
    expect(afterLoginTarget({ previous: "/logout", platform: "my" })).toBe("/my");
  });
  it("never leaves the site", () => {
    expect(afterLoginTarget({ intent: "https://evil.example/", previous: "//evil.example", platform: "blue" })).toBe("/");
  });
});

describe("login lock", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  it("counts wrong passwords and locks at the limit for 15 minutes, then counts anew", () => {
    let state = { failedLogins: 0, lockedUntil: null as string | null };
    for (let i = 1; i < LOGIN_LOCK_AFTER_FAILURES; i++) {
      state = afterFailedLogin(state.failedLogins, now);
      expect(state).toEqual({ failedLogins: i, lockedUntil: null });
    }
    state = afterFailedLogin(state.failedLogins, now);
    expect(state.failedLogins).toBe(0);
    expect(isLocked(state.lockedUntil, now)).toBe(true);
    expect(isLocked(state.lockedUntil, new Date(now.getTime() + LOGIN_LOCK_MS - 1))).toBe(true);
    expect(isLocked(state.lockedUntil, new Date(now.getTime() + LOGIN_LOCK_MS))).toBe(false);
    expect(isLocked(null, now)).toBe(false);
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => expect(normalizeEmail("  Marie@Example.COM ")).toBe("marie@example.com"));
});
